import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs the shell full-screen in a terminal: the panels at the top, the last command's output
/// below them, the prompt on the bottom row. The screen is redrawn whenever a panel
/// re-renders, so a submission's progress shows while you type.
///
/// Output too long for the screen (such as `state`) is printed to the terminal's normal
/// screen, where it stays in the scrollback, until a key is pressed.
@MainActor
final class ScreenSession {
  private let shell: Shell
  private var editor = LineEditor()
  private var output: [String] = []
  private var outputIsError = false
  private var isPaging = false
  private var hasPaged = false
  private var isRedrawScheduled = false
  private var signalSources: [any DispatchSourceSignal] = []
  private let color = Terminal.usesColor

  /// Shown below the panels when there is no output.
  static let hint = "Type 'help' for the commands, 'quit' or Ctrl-D to leave."

  init(shell: Shell) {
    self.shell = shell
  }

  /// Runs until `quit`, Ctrl-D, Ctrl-C on an empty line, or SIGTERM/SIGHUP; returns the
  /// exit status.
  func run(notes: [String], warnings: [String]) async -> Int32 {
    guard let original = Terminal.enterRawMode() else {
      return await PlainSession(shell: shell, echoesInput: false, width: Terminal.size.columns)
        .run(notes: notes, warnings: warnings, lines: InputSource.lines())
    }
    Terminal.write("\u{1B}[?1049h")
    output =
      warnings.isEmpty ? notes + ["Type 'help' for the commands, 'quit' to leave."] : warnings
    outputIsError = !warnings.isEmpty
    shell.onChange = { [weak self] in self?.scheduleRedraw() }
    installSignalHandlers(original)
    redraw()
    input: for await chunk in InputSource.bytes() {
      for byte in chunk {
        if await !handle(byte) { break input }
      }
    }
    return await leave(original, warnings: warnings)
  }

  /// Handles one key; returns `false` to leave.
  private func handle(_ byte: UInt8) async -> Bool {
    if isPaging {
      isPaging = false
      Terminal.write("\u{1B}[?1049h")
      redraw()
      return true
    }
    switch editor.feed(byte) {
    case .none:
      return true
    case .edited:
      redraw()
      return true
    case .interrupted, .endOfInput:
      return false
    case let .submitted(line):
      return await execute(line)
    }
  }

  private func execute(_ line: String) async -> Bool {
    let reply = shell.execute(line)
    if reply.quits { return false }
    output = reply.output + reply.problems
    outputIsError = reply.isRejected
    if reply.waits {
      output = shell.isBusy ? ["Waiting for running submissions and saves…"] : []
      redraw()
      await shell.waitUntilIdle()
      output = ["Nothing is running."]
    }
    redraw()
    return true
  }

  private func leave(_ original: termios, warnings: [String]) async -> Int32 {
    if shell.isBusy {
      output = ["Waiting for running submissions to finish before leaving…"]
      outputIsError = false
      redraw()
      await shell.waitUntilIdle()
    }
    let saved = shell.saveNow()
    shell.onChange = nil
    // Back on the normal screen; clear the pager's last prompt if it was left there.
    Terminal.write("\u{1B}[?1049l" + (hasPaged ? "\r\u{1B}[K" : ""))
    Terminal.restore(original)
    for warning in warnings { Terminal.writeError("warning: \(warning)\n") }
    guard saved else {
      Terminal.writeError("error: \(shell.saveError ?? "the state could not be saved")\n")
      return 1
    }
    Terminal.write("State saved to \(shell.persistence.location).\n")
    return 0
  }

  private func scheduleRedraw() {
    guard !isRedrawScheduled else { return }
    isRedrawScheduled = true
    Task { @MainActor in
      isRedrawScheduled = false
      redraw()
    }
  }

  /// Draws the whole screen over the previous one.
  private func redraw() {
    guard !isPaging else { return }
    let (width, height) = Terminal.size
    var lines: [String] = []
    var header = "AppShell · state: \(shell.persistence.location)"
    if let error = shell.saveError { header = "Not saved! \(error)" }
    lines.append(style(PanelText.fit(header, width: width), shell.saveError == nil ? "2" : "31"))
    for panel in shell.panels {
      lines.append(style(PanelText.rule(panel.title, width: width), "1"))
      lines += panel.lines.flatMap { PanelText.wrap($0, width: width) }
    }
    lines.append(style(PanelText.rule("", width: width), "2"))
    let room = height - lines.count - 1
    let outputHeight = output.reduce(0) { $0 + PanelText.wrap($1, width: width).count }
    if outputHeight > room, room >= 0 {
      page(output)
      output = ["\(output.count) lines printed to the terminal's scrollback."]
      outputIsError = false
      return
    }
    let shown =
      output.isEmpty
      ? [style(PanelText.fit(Self.hint, width: width), "2")]
      : output.flatMap { PanelText.wrap($0, width: width) }
        .map { style($0, outputIsError ? "31" : "") }
    lines += shown + Array(repeating: "", count: max(0, room - shown.count))
    let input = "> " + editor.text
    lines.append(input.count < width ? input : "> …" + String(editor.text.suffix(width - 4)))
    let visible = lines.suffix(height)
    var frame = "\u{1B}[?25l\u{1B}[H"
    frame += visible.dropLast().map { $0 + "\u{1B}[K\r\n" }.joined()
    frame += (visible.last ?? "") + "\u{1B}[K\u{1B}[J\u{1B}[?25h"
    Terminal.write(frame)
  }

  /// Shows long output on the normal screen until a key is pressed.
  private func page(_ text: [String]) {
    isPaging = true
    hasPaged = true
    Terminal.write("\u{1B}[?1049l" + text.joined(separator: "\n") + "\n")
    Terminal.write(style("-- Press any key to go back to AppShell --", "7"))
  }

  private func style(_ text: String, _ code: String) -> String {
    guard color, !code.isEmpty, !text.isEmpty else { return text }
    return "\u{1B}[\(code)m\(text)\u{1B}[0m"
  }

  /// Redraws on a resize; on SIGTERM or SIGHUP, saves, restores the terminal, and exits.
  private func installSignalHandlers(_ original: termios) {
    let resize = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .main)
    resize.setEventHandler { [weak self] in
      MainActor.assumeIsolated { self?.redraw() }
    }
    resize.resume()
    signalSources.append(resize)
    for signalNumber in [SIGTERM, SIGHUP] {
      signal(signalNumber, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .main)
      source.setEventHandler { [weak self] in
        MainActor.assumeIsolated {
          self?.shell.saveNow()
          Terminal.write("\u{1B}[?1049l")
          Terminal.restore(original)
          exit(128 + signalNumber)
        }
      }
      source.resume()
      signalSources.append(source)
    }
  }
}
