import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The controlling terminal: whether there is one, its size, raw mode, and output.
enum Terminal {
  /// Whether standard input and output are both a terminal that can draw a screen (`TERM` is
  /// not `dumb`).
  static var isInteractive: Bool {
    isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
      && ProcessInfo.processInfo.environment["TERM"] != "dumb"
  }

  /// Whether to use colours: a terminal, and `NO_COLOR` is not set.
  static var usesColor: Bool {
    ProcessInfo.processInfo.environment["NO_COLOR"] == nil
  }

  /// The terminal's size in characters, or 80 × 24 when it cannot be told.
  static var size: (columns: Int, rows: Int) {
    var size = winsize()
    guard unsafe ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0,
      size.ws_row > 0
    else {
      return (80, 24)
    }
    return (Int(size.ws_col), Int(size.ws_row))
  }

  /// Writes `text` to standard output at once, unbuffered.
  static func write(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }

  /// Writes `text` to standard error at once.
  static func writeError(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }

  /// Puts the terminal in raw mode (no echo, no line buffering, no signals from keys) and
  /// returns the settings to restore, or `nil` if standard input is not a terminal.
  static func enterRawMode() -> termios? {
    var original = termios()
    guard unsafe tcgetattr(STDIN_FILENO, &original) == 0 else { return nil }
    var raw = original
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
    unsafe withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
      unsafe bytes[Int(VMIN)] = 1
      unsafe bytes[Int(VTIME)] = 0
    }
    guard unsafe tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else { return nil }
    return original
  }

  /// Restores settings saved by ``enterRawMode()``.
  static func restore(_ settings: termios) {
    var settings = settings
    unsafe tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings)
  }
}
