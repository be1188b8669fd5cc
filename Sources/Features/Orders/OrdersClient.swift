import Core
import Profile

/// Submits orders to the order service.
///
/// A submission is a stream of ``SubmissionEvent``s: progress, then a confirmation; it throws
/// when the service refuses the order. Cancelling the task that iterates the stream cancels
/// the submission.
///
/// The live value is ``simulated(stepDuration:)`` (there is no real back end in this package).
/// Its test value fails any test that submits without saying how; a test overrides it, for
/// example with a stream it scripts:
///
/// ```swift
/// $0.ordersClient.submit = { submission in
///   AsyncThrowingStream { continuation in
///     continuation.yield(.progressed(percent: 50))
///     continuation.yield(.confirmed(code: "TEST-1"))
///     continuation.finish()
///   }
/// }
/// ```
public struct OrdersClient: Sendable {
  /// Starts submitting an order; see ``SubmissionEvent``.
  public var submit: @Sendable (OrderSubmission) -> AsyncThrowingStream<SubmissionEvent, any Error>

  /// Creates a client from its operations.
  public init(
    submit: @escaping @Sendable (OrderSubmission) -> AsyncThrowingStream<SubmissionEvent, any Error>
  ) {
    self.submit = submit
  }

  /// A refusal from the order service.
  public struct Failure: Error, Equatable, CustomStringConvertible {
    /// Why the service refused the order.
    public var message: String

    /// Creates a failure.
    public init(_ message: String) {
      self.message = message
    }

    public var description: String { message }
  }

  /// The most a customer of `tier` may spend on one order, in the simulated service.
  public static func creditLimit(for tier: LoyaltyTier) -> Money {
    switch tier {
    case .member: Money(minorUnits: 30_000)
    case .silver: Money(minorUnits: 100_000)
    case .gold: Money(minorUnits: 500_000)
    }
  }

  /// A simulated order service: it reports progress in four steps of `stepDuration`, then
  /// confirms the order with code `SIM-<order number>`, or refuses it when the total is over
  /// the customer's ``creditLimit(for:)``.
  ///
  /// It waits on the ``Core/DependencyValues/clock`` in force where `submit` is called, so a
  /// test can drive it with a test clock.
  public static func simulated(stepDuration: Duration) -> Self {
    Self { submission in
      @Dependency(\.clock) var clock
      // Unfolded in the task that reads the stream, rather than fed by a task of its own: the
      // submission's waits are that task's, so cancelling it ends them, and a random session
      // sees the effect itself asleep on the clock.
      let progress = SimulatedProgress()
      return AsyncThrowingStream(unfolding: { [clock] in
        if await progress.isDone { return nil }
        try await clock.sleep(for: stepDuration)
        if let percent = await progress.nextPercent() {
          return .progressed(percent: percent)
        }
        await progress.finish()
        let limit = creditLimit(for: submission.tier)
        guard submission.total <= limit else {
          throw Failure(
            "Declined: the total \(submission.total) is over the \(limit) limit of the "
              + "\(submission.tier.rawValue) tier.")
        }
        return .confirmed(code: "SIM-\(submission.orderID)")
      })
    }
  }
}

/// What a simulated submission has still to report. An actor, not a lock, so that the
/// simulated client uses nothing a feature package of its own could not.
private actor SimulatedProgress {
  private var percents = [25, 50, 75][...]
  /// Whether the submission reported its end.
  private(set) var isDone = false

  /// The next progress to report; `nil` after the last.
  func nextPercent() -> Int? { percents.popFirst() }

  /// Notes that the submission reported its end.
  func finish() { isDone = true }
}

/// The dependency key of ``OrdersClient``.
///
/// Its test value fails the test when an order is submitted that the test did not plan for:
/// override `submit` in the test's `withDependencies`.
public enum OrdersClientKey: DependencyKey {
  /// The simulated service.
  public static let liveValue = OrdersClient.simulated(stepDuration: .milliseconds(500))

  /// A client that fails the test when used: `submit` reports "Unimplemented:
  /// 'OrdersClient.submit'", then returns a stream that finishes by throwing
  /// ``Core/UnimplementedFailure``.
  public static let testValue = OrdersClient(
    submit: unimplemented(
      "OrdersClient.submit",
      placeholder: AsyncThrowingStream {
        $0.finish(throwing: UnimplementedFailure(endpoint: "OrdersClient.submit"))
      }))
}

extension DependencyValues {
  /// The client that submits orders.
  public var ordersClient: OrdersClient {
    get { self[OrdersClientKey.self] }
    set { self[OrdersClientKey.self] = newValue }
  }
}
