import Dispatch

/// A one-shot timer on a queue, made once and set again for each deadline.
///
/// Setting a deadline on a timer that exists costs a fraction of `asyncAfter`, which creates
/// and registers a timer per call: the first action of each batch a ``SessionRecorder`` queues,
/// and the first save of each window a ``PersistenceWriter`` coalesces, would pay for one.
///
/// Its owner sets the handler once (``setHandler(_:)``), calls ``fire(afterMilliseconds:)``
/// from any thread, and calls ``cancel()`` when it is done with it: a timer that is not
/// cancelled stays registered.
struct DeadlineTimer {
  private let source: any DispatchSourceTimer

  /// A timer on `queue`, with no deadline and no handler yet.
  init(queue: DispatchQueue) {
    source = DispatchSource.makeTimerSource(queue: queue)
    source.schedule(deadline: .distantFuture)
    source.activate()
  }

  /// Has the timer call `handler` on its queue at each deadline.
  func setHandler(_ handler: @escaping @Sendable () -> Void) {
    source.setEventHandler(handler: handler)
  }

  /// Sets the deadline to `milliseconds` from now, replacing any deadline not reached yet.
  func fire(afterMilliseconds milliseconds: Int) {
    source.schedule(deadline: .now() + .milliseconds(milliseconds))
  }

  /// Sets the deadline to `nanoseconds` from now, replacing any deadline not reached yet.
  func fire(afterNanoseconds nanoseconds: Int) {
    source.schedule(deadline: .now() + .nanoseconds(nanoseconds))
  }

  /// Stops the timer: its handler is not called again.
  func cancel() {
    source.cancel()
  }
}

// `@unchecked Sendable`: the one stored property is a dispatch source, whose methods libdispatch
// makes safe to call from any thread (it serializes them itself); the Dispatch overlay does not
// mark the source type `Sendable`.
extension DeadlineTimer: @unchecked Sendable {}
