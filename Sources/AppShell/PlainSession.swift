/// Runs the shell line by line: commands from standard input (a pipe, a file, or a terminal
/// with `--plain`), and after each one the panels it changed, printed in full.
///
/// Printing only the panels that re-rendered shows the scoping at work: a command for one
/// module prints only that module's panel. Changes made by effects (a submission's progress)
/// are printed as they happen, one render at a time. Rejections also go to standard error, and make
/// the exit status 1.
@MainActor
final class PlainSession {
  private let shell: Shell
  private let echoesInput: Bool
  private let width: Int
  private var printedRenders: [String: Int] = [:]
  private var rejections = 0
  private var printedSaveError: String?

  /// - Parameters:
  ///   - echoesInput: Print each command after `> `, for input that is not typed (a pipe).
  init(shell: Shell, echoesInput: Bool, width: Int) {
    self.shell = shell
    self.echoesInput = echoesInput
    self.width = width
  }

  /// Runs until `quit` or the end of input; returns the exit status.
  func run(notes: [String], warnings: [String], lines: AsyncStream<String>) async -> Int32 {
    for warning in warnings { Terminal.writeError("warning: \(warning)\n") }
    for note in notes { Terminal.write(note + "\n") }
    flush()
    shell.onChange = { [weak self] in self?.flush() }
    prompt()
    for await line in lines {
      if echoesInput { Terminal.write("> \(line)\n") }
      let reply = shell.execute(line)
      show(reply)
      if reply.quits { break }
      if reply.waits, shell.isBusy {
        Terminal.write("Waiting for running submissions and saves…\n")
        await shell.waitUntilIdle()
        flush()
        Terminal.write("Nothing is running.\n")
      }
      prompt()
    }
    if shell.isBusy {
      Terminal.write("Waiting for running submissions to finish before leaving…\n")
      await shell.waitUntilIdle()
    }
    flush()
    shell.onChange = nil
    guard shell.saveNow() else {
      Terminal.writeError("error: \(shell.saveError ?? "the state could not be saved")\n")
      return 1
    }
    Terminal.write("State saved to \(shell.persistence.location).\n")
    if rejections > 0 {
      Terminal.writeError(
        "\(rejections) command\(rejections == 1 ? " was" : "s were") rejected; see the messages above.\n"
      )
      return 1
    }
    return 0
  }

  private func prompt() {
    if !echoesInput { Terminal.write("> ") }
  }

  private func show(_ reply: Reply) {
    let before = printedRenders
    if reply.isRejected {
      rejections += 1
      for line in reply.output + reply.problems { Terminal.writeError("error: \(line)\n") }
    } else {
      for line in reply.output { Terminal.write(line + "\n") }
    }
    flush()
    if printedRenders == before, reply.output.isEmpty, !reply.isRejected, !reply.quits,
      !reply.waits
    {
      Terminal.write("No change.\n")
    }
  }

  /// Prints each panel that rendered since it was last printed, and a new save error.
  private func flush() {
    for panel in shell.panels where printedRenders[panel.title] != panel.renderCount {
      printedRenders[panel.title] = panel.renderCount
      let text = [PanelText.rule(panel.title, width: width)] + panel.lines
      Terminal.write(text.joined(separator: "\n") + "\n")
    }
    if shell.saveError != printedSaveError {
      printedSaveError = shell.saveError
      if let error = shell.saveError { Terminal.writeError("error: \(error)\n") }
    }
  }
}
