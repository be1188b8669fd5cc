import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a terminal tells a ``ScreenSession``: keys, a resize, a signal to stop, or the end of
/// its input.
enum TerminalEvent: Equatable, Sendable {
  /// Bytes typed or pasted, as read.
  case input([UInt8])
  /// The window changed size (`SIGWINCH`).
  case resized
  /// `SIGTERM` or `SIGHUP`: save and leave now.
  case terminated(Int32)
  /// Standard input ended (the terminal went away).
  case inputEnded

  /// The controlling terminal's events: standard input read on a background thread, and the
  /// signals, which stop killing the process while the stream is iterated.
  static func live() -> AsyncStream<TerminalEvent> {
    AsyncStream { continuation in
      var sources: [any DispatchSourceSignal] = []
      let signals: [(Int32, TerminalEvent)] = [
        (SIGWINCH, .resized), (SIGTERM, .terminated(SIGTERM)), (SIGHUP, .terminated(SIGHUP)),
      ]
      for (number, event) in signals {
        if number != SIGWINCH { signal(number, SIG_IGN) }
        let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
        source.setEventHandler { continuation.yield(event) }
        source.resume()
        sources.append(source)
      }
      let input = InputSource.bytes()
      let reader = Task {
        for await bytes in input { continuation.yield(.input(bytes)) }
        continuation.yield(.inputEnded)
      }
      // The sources live as long as the stream: the closure below holds them. Safe to share:
      // the array is never mutated after this point, and `cancel()` is thread-safe.
      nonisolated(unsafe) let retained = sources
      continuation.onTermination = { _ in
        for source in unsafe retained { source.cancel() }
        reader.cancel()
      }
    }
  }
}
