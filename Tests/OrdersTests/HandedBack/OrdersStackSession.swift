// swift-format-ignore-file
// The test that a random session of `OrdersFeature` handed back, pasted as is: it compiles and
// passes. `OrdersHandedBackTests` checks that the kit still hands back this text.
import Core
import CoreTesting
import Foundation
import Orders
import Profile
import Testing

@MainActor
@Test func ordersStackSession() async {
  let clock = TestClock()
  let store = TestStore(initialState: OrdersModuleState(profile: ada)) {
    OrdersFeature()
  } withDependencies: {
    $0.clock = clock
    $0.ordersClient = .simulated(stepDuration: .seconds(1))
  }
  store.exhaustivity = .off
  await store.send(.view(.newOrderButtonTapped))
  await store.send(.view(.addItemButtonTapped(orderID: 1, sku: "mug", quantity: 2)))
  await store.send(.view(.openButtonTapped(orderID: 1)))
  await store.send(.view(.shippingAddressChanged(orderID: 1, ShippingAddress(street: "1 \"Quoted\" Row", city: "Zürich", postalCode: "8000", country: "CH"))))
  await store.send(.view(.submitButtonTapped(orderID: 1)))
  await clock.advance(by: .seconds(4))
  await store.receive(.submissionProgressed(id: 1, percent: 25))
  await store.receive(.submissionProgressed(id: 1, percent: 50))
  await store.receive(.submissionProgressed(id: 1, percent: 75))
  await store.receive(.submissionConfirmed(id: 1, code: "SIM-1"))
  await store.receive(.delegate(.orderConfirmed(id: 1, total: Money(minorUnits: 1600), points: 16)))
  await store.send(.path(.element(id: 0, action: .view(.closeButtonTapped))))
  await store.receive(.path(.popFrom(id: 0)))
  await store.send(.view(.deleteButtonTapped(orderID: 1)))
  await store.send(.confirmation(.presented(.deleteOrder(1))))
  // Breaks the transition rule 'a confirmed order is never deleted' here.
}
