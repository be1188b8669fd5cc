import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard input as asynchronous sequences, read on a background thread so the main actor
/// stays free for effects and drawing.
enum InputSource {
  /// The lines of standard input, without their line endings; ends at end of input.
  static func lines() -> AsyncStream<String> {
    AsyncStream { continuation in
      let thread = Thread {
        while let line = readLine(strippingNewline: true) {
          continuation.yield(line)
        }
        continuation.finish()
      }
      thread.start()
    }
  }

  /// The bytes of standard input as they arrive; ends at end of input or on a read error.
  static func bytes() -> AsyncStream<[UInt8]> {
    AsyncStream { continuation in
      let thread = Thread {
        var buffer = [UInt8](repeating: 0, count: 256)
        while true {
          let count = unsafe buffer.withUnsafeMutableBytes {
            unsafe read(STDIN_FILENO, $0.baseAddress, $0.count)
          }
          if count < 0, errno == EINTR { continue }
          guard count > 0 else { break }
          continuation.yield(Array(buffer[0..<count]))
        }
        continuation.finish()
      }
      thread.start()
    }
  }
}
