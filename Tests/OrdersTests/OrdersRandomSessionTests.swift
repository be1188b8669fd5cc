import Core
import CoreTesting
import Orders
import PlantedBugs
import Testing

/// Random sessions of the Orders module against its rules: validation (quantities, order
/// numbers), totals and loyalty points, and the order lifecycle. The steps and the rules are
/// `OrdersSessions`', which the planted-bug report runs on mutants of the feature.
@MainActor
struct OrdersRandomSessionTests {
  @Test func ordersKeepTheirRules() async {
    await OrdersSessions.sessions { OrdersFeature() }
      .run(count: 150, length: 60, actions: OrdersSessions.steps)
  }
}
