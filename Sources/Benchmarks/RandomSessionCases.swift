import Core
import CoreTesting
import Orders
import Profile
import TestSupport

/// Random sessions (CoreTesting's model-based testing kit). How fast sessions run on
/// the Orders feature, submissions and the clock included, per step; and how long a session of
/// about a thousand steps that breaks a rule takes to find and shrink to the five steps that
/// break it.
@MainActor
enum RandomSessionCases {
  static func run(_ run: BenchmarkRun) async {
    if run.wants("random sessions") {
      await ordersSteps(run)
      await shrinking(run)
    }
  }

  /// Sessions of the Orders feature: new orders, items, submissions the simulated service
  /// answers on the session's clock, cancellations, deletions, detail screens; with the rules
  /// Orders keeps checked after every action.
  private static func ordersSteps(_ run: BenchmarkRun) async {
    let steps = Counter()
    let profile = ProfileFeature.State(
      name: "Ada Lovelace",
      address: ShippingAddress(
        street: "12 St James's Square", city: "London", postalCode: "SW1Y 4JH",
        country: "United Kingdom"))
    let sessions = RandomSessions(initialState: OrdersModuleState(profile: profile)) {
      OrdersFeature()
    } withDependencies: {
      $0.ordersClient = .simulated(stepDuration: .seconds(1))
    }
    let skus = Product.catalog.map(\.sku)
    sessions.invariant("points are never negative") { $0.profile.loyaltyPoints >= 0 }
    sessions.transition("a confirmed order never changes, but may be deleted") { before, _, after in
      before.orders.list.allSatisfy { order in
        guard case .confirmed = order.status else { return true }
        return after.orders.list[id: order.id].map { $0 == order } ?? true
      }
    }
    let count = run.isQuick ? 20 : 200
    let start = ContinuousClock.now
    let failure = await sessions.run(count: count, length: 100, seed: 1) { state, next in
      steps.value += 1
      next.send(.view(.newOrderButtonTapped))
      if let id = next.element(of: state.orders.list.ids) {
        next.send(
          .view(
            .addItemButtonTapped(
              orderID: id, sku: next.element(of: skus) ?? "tea", quantity: next.int(in: 1...3))),
          weight: 3)
        next.send(.view(.submitButtonTapped(orderID: id)), weight: 2)
        next.send(.view(.retryButtonTapped(orderID: id)))
        next.send(.view(.cancelSubmissionButtonTapped(orderID: id)))
        next.send(.view(.deleteButtonTapped(orderID: id)))
        next.send(.view(.openButtonTapped(orderID: id)))
      }
      if let action = next.element(of: state.orders.confirmation?.buttons ?? [])?.action {
        next.send(.confirmation(.presented(action)), weight: 2)
      }
      if !state.orders.path.isEmpty { next.send(.view(.backButtonTapped)) }
      next.advanceClock(by: .seconds(1), weight: 3)
    }
    let elapsed = start.duration(to: .now)
    precondition(failure == nil, "The Orders sessions broke a rule: \(failure?.message ?? "")")
    run.record(
      Measurement(
        name: "random sessions", variant: stepsVariant, parameter: nil,
        value: nanoseconds(elapsed) / Double(steps.value),
        unit: .nanosecondsPerStep))
  }

  /// A session of about a thousand steps breaking a rule only a lock, a save finishing and a
  /// decrement break together, found and shrunk (and recorded): the first seed, from
  /// `shrinkingSeed`, whose one session breaks it late, after its 500th step.
  private static func shrinking(_ run: BenchmarkRun) async {
    for seed in shrinkingSeed..<shrinkingSeed + 200 {
      let sessions = RandomSessions(initialState: SavingCounter.State()) { SavingCounter() }
      sessions.invariant("the count is never negative") { $0.count >= 0 }
      var failure: RandomSessionFailure<SavingCounter.Action>?
      let start = ContinuousClock.now
      _ = await capturingTestFailures {
        failure = await sessions.run(count: 1, length: 1_000, seed: seed) { state, next in
          next.send(.incrementTapped, weight: 10)
          if state.count > 0 { next.send(.decrementTapped, weight: 10) }
          next.send(.noteChanged(next.string(maxLength: 8)), weight: 10)
          next.send(.lockTapped)
          if !state.isSaving { next.send(.saveTapped, weight: 2) }
          next.advanceClock(by: .seconds(1), weight: 2)
        }
      }
      let elapsed = start.duration(to: .now)
      guard let failure, failure.originalStepCount > 500 else { continue }
      precondition(
        failure.steps.count == 5, "The session shrank to \(failure.steps.count) steps, not 5.")
      run.record(
        Measurement(
          name: "random sessions",
          variant: "\(shrinkingVariant) (\(failure.originalStepCount) steps)", parameter: nil,
          value: nanoseconds(elapsed),
          unit: .nanosecondsPerShrink))
      return
    }
    preconditionFailure("No seed broke the rule late in its session.")
  }

  static let stepsVariant = "Orders, per step, effects included"
  static let shrinkingVariant = "finding and shrinking a failing session"

  /// Where the search for a seed whose session of 1,000 steps breaks the rule late starts.
  static let shrinkingSeed: UInt64 = 1

  private static func nanoseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
  }

  private final class Counter {
    var value = 0
  }
}
