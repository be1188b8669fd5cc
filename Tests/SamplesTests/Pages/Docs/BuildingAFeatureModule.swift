import Core
import CoreTesting
import Orders
import Profile
import Synchronization
import Testing

// The samples of Docs/BuildingAFeatureModule.md that are not excerpts of the package.

/// The submission test of "8. Tests", at the top level as the page shows it.
@MainActor
@Test func submissionProgressesThenConfirmsAndEarnsPointsInTheProfile() async {
  let service = ScriptedOrderService()
  let store = TestStore(initialState: module(draft(1, (mug, 2), (tea, 1)))) {
    OrdersFeature()
  } withDependencies: {
    $0.ordersClient = service.client
  }
  await store.send(.view(.submitButtonTapped(orderID: 1))) {
    $0.orders.list[id: 1]?.recipient = Recipient(name: "Ada Lovelace", address: ada.address)
    $0.orders.list[id: 1]?.status = .submitted(progress: 0)
  }
  service.send(.progressed(percent: 40))
  await store.receive(.submissionProgressed(id: 1, percent: 40)) {
    $0.orders.list[id: 1]?.status = .submitted(progress: 40)
  }
  service.send(.confirmed(code: "C-1"))
  await store.receive(.submissionConfirmed(id: 1, code: "C-1")) {
    $0.orders.list[id: 1]?.status = .confirmed(code: "C-1")
    $0.profile.loyaltyPoints = 20  // written into the shared profile
  }
  await store.receive(
    .delegate(.orderConfirmed(id: 1, total: Money(minorUnits: 2_050), points: 20)))
  await store.finish()
}

// What the test uses from Tests/OrdersTests, which the page does not show.

private let ada = ProfileFeature.State(
  name: "Ada Lovelace", email: "ada@example.org",
  address: ShippingAddress(
    street: "12 Analytical Way", city: "London", postalCode: "N1 7AA", country: "UK"))

private let mug = Product.named("mug")!
private let tea = Product.named("tea")!

private func draft(_ id: Int, _ lines: (Product, Int)...) -> Order {
  Order(
    id: id,
    lines: IdentifiedArray(uniqueElements: lines.map { LineItem(product: $0.0, quantity: $0.1) }))
}

private func module(_ orders: Order...) -> OrdersModuleState {
  OrdersModuleState(
    orders: OrdersFeature.Orders(list: IdentifiedArray(uniqueElements: orders)), profile: ada)
}

/// An order service the test drives: a submission's stream stays open until the test sends.
private final class ScriptedOrderService: Sendable {
  private let continuation =
    Mutex<AsyncThrowingStream<SubmissionEvent, any Error>.Continuation?>(nil)

  var client: OrdersClient {
    OrdersClient { [self] _ in
      let (stream, continuation) = AsyncThrowingStream<SubmissionEvent, any Error>.makeStream()
      self.continuation.withLock { $0 = continuation }
      return stream
    }
  }

  func send(_ event: SubmissionEvent) {
    _ = continuation.withLock { $0 }?.yield(event)
  }
}
