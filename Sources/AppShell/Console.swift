#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal a ``ScreenSession`` draws on: its size, output, and how to give it back.
///
/// The live console is the controlling terminal in raw mode; tests use a virtual one that
/// checks every frame, and feed the session the same ``TerminalEvent``s a terminal produces.
@MainActor
struct Console {
  /// The size in columns and rows, read before each frame.
  var size: () -> (columns: Int, rows: Int)
  /// Writes to standard output.
  var write: (String) -> Void
  /// Writes to standard error.
  var writeError: (String) -> Void
  /// Whether to draw in colour.
  var usesColor: Bool
  /// Leaves raw mode; called once, when the session ends.
  var restore: () -> Void

  /// The controlling terminal, already in raw mode; `restore` puts `settings` back.
  static func live(restoring settings: termios) -> Console {
    Console(
      size: { Terminal.size },
      write: Terminal.write,
      writeError: Terminal.writeError,
      usesColor: Terminal.usesColor,
      restore: { Terminal.restore(settings) })
  }
}
