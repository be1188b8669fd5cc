import Core
import Orders

/// An order service the test drives: each submission's stream stays open until the test sends
/// events, fails it or finishes it.
final class ScriptedOrderService: Sendable {
  private struct Storage {
    var submissions: [OrderSubmission] = []
    var continuation: AsyncThrowingStream<SubmissionEvent, any Error>.Continuation?
    var wasCancelled = false
  }

  private let storage = Locked(Storage())

  /// The client to install as `\.ordersClient`.
  var client: OrdersClient {
    OrdersClient { [self] submission in
      let (stream, continuation) = AsyncThrowingStream<SubmissionEvent, any Error>.makeStream()
      continuation.onTermination = { [self] termination in
        if case .cancelled = termination { storage.withLock { $0.wasCancelled = true } }
      }
      storage.withLock {
        $0.submissions.append(submission)
        $0.continuation = continuation
      }
      return stream
    }
  }

  /// Every submission received, oldest first.
  var submissions: [OrderSubmission] { storage.withLock { $0.submissions } }

  /// Whether a submission's stream was cancelled by its consumer.
  var wasCancelled: Bool { storage.withLock { $0.wasCancelled } }

  /// Sends `event` on the latest submission.
  func send(_ event: SubmissionEvent) {
    _ = storage.withLock { $0.continuation }?.yield(event)
  }

  /// Ends the latest submission with `error`.
  func fail(_ error: any Error) {
    storage.withLock { $0.continuation }?.finish(throwing: error)
  }

  /// Ends the latest submission without an error.
  func finish() {
    storage.withLock { $0.continuation }?.finish()
  }
}
