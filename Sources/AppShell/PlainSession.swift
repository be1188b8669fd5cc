import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs the shell line by line: commands from standard input (a pipe, a file, or a terminal
/// with `--plain`), and after each one the panels it changed, printed in full.
///
/// Printing only the panels that re-rendered shows the scoping at work: a command for one
/// module prints only that module's panel. Changes made by effects (a submission's progress)
/// are printed as they happen, one render at a time. A rejected command's message goes to
/// standard error, once (its panel's `! …` line for it is not printed too), and makes the exit
/// status 1; `undo` or `redo` with nothing to do says so on standard output and does not,
/// unless `strictExitCodes`. Control characters in what is printed show escaped (`^[`).
///
/// Ctrl-C (`SIGINT`) saves and leaves; while submissions run it first says what it waits for,
/// and a second Ctrl-C leaves at once, saving them as interrupted.
@MainActor
final class PlainSession {
  private let shell: Shell
  private let echoesInput: Bool
  private let width: Int
  private let strictExitCodes: Bool
  private var printedRenders: [String: Int] = [:]
  private var rejections = 0
  /// The panel lines (`! …`) saying the problems of the last rejected command, which standard
  /// error already told.
  private var toldProblems: Set<String> = []
  private var printedSaveError: String?
  private var interrupts = 0
  private var interruptSource: (any DispatchSourceSignal)?

  /// - Parameters:
  ///   - echoesInput: Print each command after `> `, for input that is not typed (a pipe).
  ///   - strictExitCodes: Count `undo` or `redo` with nothing to do as a rejected command.
  init(shell: Shell, echoesInput: Bool, width: Int, strictExitCodes: Bool = false) {
    self.shell = shell
    self.echoesInput = echoesInput
    self.width = width
    self.strictExitCodes = strictExitCodes
  }

  /// Runs until `quit` or the end of input; returns the exit status.
  func run(notes: [String], warnings: [String], lines: AsyncStream<String>) async -> Int32 {
    for warning in warnings { Terminal.writeError("warning: \(TerminalText.escaped(warning))\n") }
    for note in notes { write(note) }
    flush()
    shell.onChange = { [weak self] in self?.flush() }
    installInterruptHandler()
    defer { interruptSource?.cancel() }
    prompt()
    for await line in lines {
      if echoesInput { write("> " + CommandParser.quoted(line, limit: LineEditor.maximumLength)) }
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
      let error = shell.saveError ?? "the state could not be saved"
      Terminal.writeError("error: \(TerminalText.escaped(error))\n")
      return 1
    }
    write(savedMessage)
    if rejections > 0 {
      Terminal.writeError(
        "\(rejections) command\(rejections == 1 ? " was" : "s were") rejected; see the messages above.\n"
      )
      return 1
    }
    return 0
  }

  private var savedMessage: String {
    shell.persistence.isReadOnly
      ? "Read-only: nothing was saved to \(shell.persistence.location)."
      : "State saved to \(shell.persistence.location)."
  }

  /// Ctrl-C: leave now when nothing runs; else say what runs, and leave at once on the
  /// second, saving the running submissions as interrupted.
  private func installInterruptHandler() {
    signal(SIGINT, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .main)
    source.setEventHandler { [weak self] in
      MainActor.assumeIsolated { self?.interrupted() }
    }
    source.resume()
    interruptSource = source
  }

  private func interrupted() {
    interrupts += 1
    guard shell.isBusy else {
      shell.onChange = nil
      let saved = shell.saveNow()
      write(saved ? savedMessage : "error: \(shell.saveError ?? "the state could not be saved")")
      exit(130)
    }
    if interrupts == 1 {
      write(
        "Waiting for \(shell.runningWork) to finish before leaving. Press Ctrl-C again to quit "
          + "now: unfinished submissions are saved as interrupted.")
      Task {
        await shell.waitUntilIdle()
        interrupted()
      }
      return
    }
    let running = shell.runningWork
    shell.onChange = nil
    guard shell.saveInterruptingRunningWork() else {
      Terminal.writeError(
        "error: \(TerminalText.escaped(shell.saveError ?? "the state could not be saved"))\n")
      exit(130)
    }
    write("Quit without waiting for \(running); saved as interrupted. \(savedMessage)")
    exit(130)
  }

  /// Writes `line` and a newline to standard output, control characters escaped.
  private func write(_ line: String) {
    Terminal.write(TerminalText.escaped(line) + "\n")
  }

  private func prompt() {
    if !echoesInput { Terminal.write("> ") }
  }

  private func show(_ reply: Reply) {
    let before = printedRenders
    toldProblems = []
    if reply.isRejected, reply.hadNothingToDo, !strictExitCodes {
      for line in reply.output + reply.problems { write(line) }
    } else if reply.isRejected {
      rejections += 1
      for line in reply.output + reply.problems {
        Terminal.writeError("error: \(TerminalText.escaped(line))\n")
      }
      toldProblems = Set(reply.problems.map { "! " + $0 })
    } else if reply.wrapsAtWords {
      for line in reply.output {
        for row in PanelText.wrap(TerminalText.escaped(line), width: width) { write(row) }
      }
    } else {
      for line in reply.output { write(line) }
    }
    flush()
    if printedRenders == before, reply.output.isEmpty, reply.problems.isEmpty, !reply.quits,
      !reply.waits
    {
      write("No change.")
    }
  }

  /// Prints each panel that rendered since it was last printed, and a new save error.
  private func flush() {
    for panel in shell.panels where printedRenders[panel.title] != panel.renderCount {
      printedRenders[panel.title] = panel.renderCount
      let lines = panel.lines.filter {
        !toldProblems.contains($0.trimmingCharacters(in: .whitespaces))
      }
      for line in [PanelText.rule(panel.title, width: width)] + lines { write(line) }
    }
    if shell.saveError != printedSaveError {
      printedSaveError = shell.saveError
      if let error = shell.saveError {
        Terminal.writeError("error: \(TerminalText.escaped(error))\n")
      }
    }
  }
}
