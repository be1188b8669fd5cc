import Foundation
import Testing

@testable import AppShell

/// A ``ScreenSession`` running on a ``VirtualTerminal``, fed the events a terminal produces,
/// through the session's own `run` loop. Every wait has a watchdog: a session that stops
/// handling events fails the test instead of hanging it.
@MainActor
final class ScreenHarness {
  /// A session that did not handle an event within the watchdog's limit.
  struct Hang: Error, CustomStringConvertible {
    var description: String
  }

  let terminal: VirtualTerminal
  let shell: Shell
  let session: ScreenSession
  /// The exit status, once the session has ended.
  private(set) var status: Int32?
  private let continuation: AsyncStream<TerminalEvent>.Continuation
  private let events: AsyncStream<TerminalEvent>
  private var sent = 0
  private let watchdog: Duration

  init(shell: Shell, columns: Int, rows: Int, watchdog: Duration = .seconds(10)) {
    self.shell = shell
    terminal = VirtualTerminal(columns: columns, rows: rows)
    session = ScreenSession(shell: shell, console: terminal.console)
    (events, continuation) = AsyncStream<TerminalEvent>.makeStream()
    self.watchdog = watchdog
  }

  var isRunning: Bool { status == nil }

  deinit {
    // A session a test left running ends with its harness, as the app's does when its
    // terminal goes away: its loop waits on these events.
    continuation.yield(.inputEnded)
    continuation.finish()
  }

  /// Starts the session and waits for its first frame.
  func start(notes: [String] = ["Starting fresh."], warnings: [String] = []) async throws {
    let session = session
    let events = events
    // Not holding the harness: a test that ends without ending the session releases it, and
    // its `deinit` ends the session's loop.
    Task { [weak self] in
      let status = await session.run(notes: notes, warnings: warnings, events: events)
      self?.status = status
    }
    try await waitUntil("the first frame") { self.session.frame != nil }
  }

  /// Sends `event` and waits until the session handled it (or ended).
  func send(_ event: TerminalEvent) async throws {
    guard isRunning else { return }
    sent += 1
    continuation.yield(event)
    let expected = sent
    try await waitUntil("handling \(event)") {
      !self.isRunning || self.session.handledEvents >= expected
    }
  }

  /// Types `text`, all at once as a paste would arrive.
  func type(_ text: String) async throws {
    try await send(.input(Array(text.utf8)))
  }

  /// Types each line followed by Enter, one key read at a time.
  func enter(_ lines: String...) async throws {
    for line in lines { try await type(line + "\r") }
  }

  func resize(columns: Int, rows: Int) async throws {
    terminal.resize(columns: columns, rows: rows)
    try await send(.resized)
  }

  /// Waits until `condition` holds, yielding to the session; a hang fails after the watchdog.
  func waitUntil(_ what: String, _ condition: () -> Bool) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now + watchdog
    var attempts = 0
    while !condition() {
      guard clock.now < deadline else {
        throw Hang(description: "watchdog: no progress \(what)\n\(terminal.picture)")
      }
      attempts += 1
      // Yield first (the session runs on this actor); sleep only when it waits on something.
      if attempts < 50 {
        await Task.yield()
      } else {
        try await Task.sleep(for: .milliseconds(1))
      }
    }
  }

  /// Waits until the session has ended.
  func waitForExit() async throws -> Int32 {
    try await waitUntil("leaving") { !self.isRunning }
    return status ?? -1
  }

  /// What is wrong with the screen now: the terminal's problems, a missing prompt on the
  /// bottom row, a missing header on the top row.
  func screenProblems() -> [String] {
    var problems = terminal.problems
    let lines = terminal.lines
    if isRunning {
      if lines.count != terminal.rows { problems.append("the screen has \(lines.count) rows") }
      if let last = lines.last, !last.hasPrefix(">") {
        problems.append("the bottom row is not the prompt: \(last.debugDescription)")
      }
      // What the terminal shows is what the session laid out, to the last column.
      if let frame = session.frame, frame.rows.count == lines.count {
        for (index, (drawn, laidOut)) in zip(lines, frame.rows).enumerated() {
          let expected = String(laidOut.text.reversed().drop { $0 == " " }.reversed())
          if drawn != expected {
            problems.append(
              "row \(index) shows \(drawn.debugDescription), laid out as "
                + expected.debugDescription)
          }
        }
      }
      if terminal.rows >= 3, let first = lines.first,
        !(first.hasPrefix("AppShell") || first.hasPrefix("Not saved")),
        terminal.columns >= 12
      {
        problems.append("the top row is not the header: \(first.debugDescription)")
      }
    }
    return problems
  }

  /// Records the screen's problems as test issues, with a picture of the screen.
  func expectGoodScreen(
    _ context: @autoclosure () -> String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let problems = screenProblems()
    guard !problems.isEmpty else { return }
    Issue.record(
      Comment(
        rawValue: "\(context()) at \(terminal.columns)×\(terminal.rows): "
          + problems.prefix(5).joined(separator: "; ") + "\n" + terminal.picture),
      sourceLocation: sourceLocation)
  }

  /// Whether `text` shows somewhere on the screen.
  func shows(_ text: String) -> Bool {
    terminal.lines.contains { $0.contains(text) }
  }
}
