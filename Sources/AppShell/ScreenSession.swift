/// Runs the shell full-screen in a terminal: the header and panels at the top, the last
/// command's output below them, the prompt on the bottom row (see ``ScreenLayout``). The
/// screen is redrawn whenever a panel re-renders, so a submission's progress shows while you
/// type.
///
/// Nothing ever takes the keyboard away: long output scrolls in place with Page Up and Page
/// Down, and waiting for running work (the `wait` command, or leaving while orders are being
/// submitted) says what it waits for and stops at Ctrl-C. Leaving while work runs waits for
/// it; a second Ctrl-C (or Ctrl-D, or `q`) quits at once and saves the unfinished
/// submissions as interrupted, as a crash would.
///
/// ```swift
/// let status = await ScreenSession(shell: shell, console: .live(restoring: settings))
///   .run(notes: notes, warnings: [], events: TerminalEvent.live())
/// ```
@MainActor
final class ScreenSession {
  /// What the session reacts to: the terminal, or running work that finished.
  enum Event: Equatable {
    case terminal(TerminalEvent)
    case idle
  }

  /// Shown below the panels when there is no output.
  static let hint = "Type 'help' for the commands, 'quit' or Ctrl-D to leave."

  /// How many terminal events the session has handled; tests wait on it.
  private(set) var handledEvents = 0
  /// The frame drawn last.
  private(set) var frame: ScreenLayout.Frame?

  private let shell: Shell
  private let console: Console
  private var editor = LineEditor()
  private var output: [String] = []
  private var outputIsError = false
  private var outputScroll = 0
  private var isWaiting = false
  private var isLeaving = false
  private var quitsAtOnce = false
  private var terminatedBy: Int32?
  private var hasLeft = false
  private var isRedrawScheduled = false
  private var events: AsyncStream<Event>.Continuation?

  init(shell: Shell, console: Console) {
    self.shell = shell
    self.console = console
  }

  /// Runs until `quit`, Ctrl-D, Ctrl-C on an empty line, a terminating signal, or the end of
  /// input; returns the exit status: 0, 1 if the state could not be saved, or 128 + the
  /// signal's number.
  func run(
    notes: [String], warnings: [String], events terminal: AsyncStream<TerminalEvent>
  ) async -> Int32 {
    let (stream, continuation) = AsyncStream<Event>.makeStream()
    events = continuation
    let forward = Task {
      for await event in terminal { continuation.yield(.terminal(event)) }
    }
    console.write("\u{1B}[?1049h\u{1B}[?7l")
    output =
      warnings.isEmpty ? notes + ["Type 'help' for the commands, 'quit' to leave."] : warnings
    outputIsError = !warnings.isEmpty
    shell.onChange = { [weak self] in self?.scheduleRedraw() }
    redraw()
    for await event in stream {
      let goesOn = handle(event)
      if case .terminal = event { handledEvents += 1 }
      if !goesOn { break }
    }
    forward.cancel()
    events = nil
    return leave(warnings: warnings)
  }

  /// Handles one event and redraws; returns `false` to leave.
  private func handle(_ event: Event) -> Bool {
    switch event {
    case .idle:
      guard !shell.isBusy else { return true }
      if isLeaving { return false }
      if isWaiting {
        isWaiting = false
        show(["Nothing is running."])
      }
    case .terminal(.resized):
      break
    case let .terminal(.terminated(signal)):
      terminatedBy = signal
      quitsAtOnce = true
      return false
    case .terminal(.inputEnded):
      guard requestQuit() else { return false }
    case let .terminal(.input(bytes)):
      for byte in bytes {
        guard handle(byte) else { return false }
      }
    }
    redraw()
    return true
  }

  /// Handles one key; returns `false` to leave.
  private func handle(_ byte: UInt8) -> Bool {
    if isLeaving {
      // Waiting to leave: Ctrl-C, Ctrl-D or q quit at once; other keys are ignored.
      guard [0x03, 0x04, UInt8(ascii: "q"), UInt8(ascii: "Q")].contains(byte) else { return true }
      quitsAtOnce = true
      return false
    }
    switch editor.feed(byte) {
    case .none, .edited:
      return true
    case let .scroll(pages):
      outputScroll = max(0, outputScroll + pages * (frame?.outputPageSize ?? 1))
      return true
    case .lineFull:
      show(["A command has at most \(LineEditor.maximumLength) characters."], isError: true)
      return true
    case .interrupted:
      if isWaiting {
        isWaiting = false
        show(["Stopped waiting; still running: \(shell.runningWork)."])
        return true
      }
      return requestQuit()
    case .endOfInput:
      return requestQuit()
    case let .submitted(line):
      return execute(line)
    }
  }

  private func execute(_ line: String) -> Bool {
    isWaiting = false
    let reply = shell.execute(line)
    if reply.quits { return requestQuit() }
    show(reply.output + reply.problems, isError: reply.isRejected)
    if reply.waits {
      guard shell.isBusy else {
        show(["Nothing is running."])
        return true
      }
      isWaiting = true
      show(["Waiting for \(shell.runningWork). Press Ctrl-C to stop waiting."])
      notifyWhenIdle()
    }
    return true
  }

  /// Leaves now when nothing runs (returns `false`); else waits, saying for what.
  private func requestQuit() -> Bool {
    guard shell.isBusy else { return false }
    isLeaving = true
    isWaiting = false
    show([
      "Waiting for \(shell.runningWork) to finish before leaving.",
      "Press Ctrl-C again to quit now: unfinished submissions are saved as interrupted, "
        + "and you can retry them next time.",
    ])
    notifyWhenIdle()
    return true
  }

  private func show(_ lines: [String], isError: Bool = false) {
    output = lines
    outputIsError = isError
    outputScroll = 0
  }

  private func notifyWhenIdle() {
    Task { [weak self] in
      await self?.shell.waitUntilIdle()
      self?.events?.yield(.idle)
    }
  }

  private func leave(warnings: [String]) -> Int32 {
    hasLeft = true
    let interrupted = quitsAtOnce && shell.isBusy
    let running = interrupted ? shell.runningWork : ""
    let saved = interrupted ? shell.saveInterruptingRunningWork() : shell.saveNow()
    shell.onChange = nil
    console.write("\u{1B}[?7h\u{1B}[?1049l")
    console.restore()
    for warning in warnings { console.writeError("warning: \(TerminalText.escaped(warning))\n") }
    guard saved else {
      let error = shell.saveError ?? "the state could not be saved"
      console.writeError("error: \(TerminalText.escaped(error))\n")
      return terminatedBy.map { 128 + $0 } ?? 1
    }
    if interrupted {
      console.write(
        "Quit without waiting for \(running); unfinished submissions were saved as "
          + "interrupted: retry them next time.\n")
    }
    let location = TerminalText.escaped(shell.persistence.location)
    if shell.persistence.isReadOnly {
      console.write("Read-only: nothing was saved to \(location).\n")
    } else {
      console.write("State saved to \(location).\n")
    }
    return terminatedBy.map { 128 + $0 } ?? 0
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
    guard !hasLeft else { return }
    let (width, height) = console.size()
    let layout = ScreenLayout(
      header: header, headerIsError: shell.saveError != nil, panels: shell.screenPanels,
      output: output, outputIsError: outputIsError, outputScroll: outputScroll,
      hint: Self.hint, input: editor.text)
    let frame = layout.frame(width: width, height: height)
    self.frame = frame
    outputScroll = frame.outputScroll
    // Each row is cleared before it is drawn, never after: a row as wide as the terminal
    // leaves the cursor on its last column, and clearing from there would erase that column.
    var text = "\u{1B}[?25l\u{1B}[H"
    text += frame.rows.map { "\u{1B}[K" + style($0) }.joined(separator: "\r\n")
    text += "\u{1B}[?25h"
    console.write(text)
  }

  private var header: String {
    if let error = shell.saveError { return "Not saved! \(error)" }
    if shell.persistence.isReadOnly {
      return "AppShell · read-only, changes are not saved: \(shell.persistence.location)"
    }
    return "AppShell · state: \(shell.persistence.location)"
  }

  private func style(_ row: ScreenLayout.Row) -> String {
    let code =
      switch row.style {
      case .plain: ""
      case .dim: "2"
      case .bold: "1"
      case .error: "31"
      }
    guard console.usesColor, !code.isEmpty, !row.text.isEmpty else { return row.text }
    return "\u{1B}[\(code)m\(row.text)\u{1B}[0m"
  }
}
