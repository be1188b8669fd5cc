import Core
import CoreTesting
import Orders
import Profile
import Testing

@MainActor
@Suite struct SimulatedOrderServiceTests {
  @Test func submissionTakesTimeOnTheClockAndOverTheLimitIsDeclined() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: OrdersModuleState(
        orders: OrdersFeature.Orders(list: [draft(1, (tea, 1)), draft(2, (chair, 2))]), profile: ada
      )
    ) {
      OrdersFeature()
    } withDependencies: {
      $0.clock = clock
      $0.ordersClient = .simulated(stepDuration: .seconds(1))
    }
    await store.send(.view(.submitButtonTapped(orderID: 1))) {
      $0.orders.list[id: 1]?.recipient = Recipient(name: "Ada Lovelace", address: ada.address)
      $0.orders.list[id: 1]?.status = .submitted(progress: 0)
    }
    for percent in [25, 50, 75] {
      await clock.advance(by: .seconds(1))
      await store.receive(.submissionProgressed(id: 1, percent: percent)) {
        $0.orders.list[id: 1]?.status = .submitted(progress: percent)
      }
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.submissionConfirmed(id: 1, code: "SIM-1")) {
      $0.orders.list[id: 1]?.status = .confirmed(code: "SIM-1")
      $0.profile.loyaltyPoints = 4
    }
    await store.receive(.delegate(.orderConfirmed(id: 1, total: Money(minorUnits: 450), points: 4)))

    await store.send(.view(.submitButtonTapped(orderID: 2))) {
      $0.orders.list[id: 2]?.recipient = Recipient(name: "Ada Lovelace", address: ada.address)
      $0.orders.list[id: 2]?.status = .submitted(progress: 0)
    }
    store.exhaustivity = .off
    await clock.advance(by: .seconds(4))
    let reason = "Declined: the total $498.00 is over the $300.00 limit of the member tier."
    await store.receive(.submissionFailed(id: 2, reason: reason)) {
      $0.orders.list[id: 2]?.status = .failed(reason: reason)
    }
    await store.receive(.delegate(.orderFailed(id: 2, reason: reason)))
  }
}
