import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A line on standard error saying how far a long command has got, rewritten in place a few
/// times a second: only when standard error is a terminal, never into a pipe or a file.
@MainActor
final class ProgressLine {
  private let label: String
  private let isShown: Bool
  private var lastDrawn: ContinuousClock.Instant?
  private var isDrawn = false

  /// - Parameters:
  ///   - label: What is being done, like `Replaying session.jsonl`.
  ///   - isShown: Whether to draw the line; when `nil`, whether standard error is a terminal.
  init(_ label: String, isShown: Bool? = nil) {
    self.label = label
    self.isShown = isShown ?? (isatty(STDERR_FILENO) == 1)
  }

  /// Shows that `done` of `total` are done.
  func update(_ done: Int, of total: Int) {
    guard isShown, total > 0 else { return }
    let now = ContinuousClock.now
    if let lastDrawn, now - lastDrawn < .milliseconds(100) { return }
    lastDrawn = now
    isDrawn = true
    let percent = min(100, done * 100 / total)
    Terminal.writeError("\r\u{1B}[K\(TerminalText.escaped(label))… \(percent)%")
  }

  /// Takes the line away, so that what the command says next starts on a clean line.
  func clear() {
    guard isDrawn else { return }
    isDrawn = false
    Terminal.writeError("\r\u{1B}[K")
  }
}
