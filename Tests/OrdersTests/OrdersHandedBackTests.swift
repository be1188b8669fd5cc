import Core
import CoreTesting
import Foundation
import Orders
import Profile
import Testing

/// The test a random session of Orders hands back, with a stack screen, a dialog and the order
/// service's feedback, compiles and passes as pasted: HandedBack/OrdersStackSession.swift is
/// that test, which this target compiles and runs, and this test checks that the kit still
/// hands back exactly its text.
@MainActor
struct OrdersHandedBackTests {
  /// A session that opens an order's screen, gives the order an address, submits it, lets the
  /// service confirm it, closes the screen and deletes the order: one step listed at a time.
  static func script(_ state: OrdersModuleState) -> RandomSessionStep<OrdersFeature.Action>? {
    guard let order = state.orders.list.first else {
      return .send(.view(.newOrderButtonTapped))
    }
    if let answer = state.orders.confirmation?.buttons.first?.action {
      return .send(.confirmation(.presented(answer)))
    }
    if order.lines.isEmpty {
      return .send(.view(.addItemButtonTapped(orderID: order.id, sku: "mug", quantity: 2)))
    }
    switch order.status {
    case .draft where state.orders.path.isEmpty:
      return .send(.view(.openButtonTapped(orderID: order.id)))
    case .draft where order.shippingAddress == nil:
      let address = ShippingAddress(
        street: "1 \"Quoted\" Row", city: "Zürich", postalCode: "8000", country: "CH")
      return .send(.view(.shippingAddressChanged(orderID: order.id, address)))
    case .draft:
      return .send(.view(.submitButtonTapped(orderID: order.id)))
    case .submitted:
      return .advanceClock(by: .seconds(1))
    case .confirmed:
      guard let screen = state.orders.path.ids.first else {
        return .send(.view(.deleteButtonTapped(orderID: order.id)))
      }
      return .send(.path(.element(id: screen, action: .view(.closeButtonTapped))))
    case .failed, .cancelled:
      return nil
    }
  }

  @Test func aSessionWithAStackScreenHandsBackTheTestInHandedBack() async throws {
    let sessions = RandomSessions(initialState: OrdersModuleState(profile: ada)) {
      OrdersFeature()
    } withDependencies: {
      $0.ordersClient = .simulated(stepDuration: .seconds(1))
    }
    sessions.testSource.initialState = "OrdersModuleState(profile: ada)"
    sessions.testSource.dependencies = ["$0.ordersClient = .simulated(stepDuration: .seconds(1))"]
    sessions.testSource.testName = "ordersStackSession"
    sessions.transition("a confirmed order is never deleted") { before, _, after in
      before.orders.list.allSatisfy { order in
        guard case .confirmed = order.status else { return true }
        return after.orders.list[id: order.id] != nil
      }
    }
    var failure: RandomSessionFailure<OrdersFeature.Action>?
    _ = await capturingTestFailures {
      failure = await sessions.run(count: 1, length: 60, seed: 1) { state, next in
        switch Self.script(state) {
        case let .send(action): next.send(action)
        case let .advanceClock(by: duration): next.advanceClock(by: duration)
        case nil: break
        }
      }
    }
    if let recording = failure?.recording { try? FileManager.default.removeItem(at: recording) }
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("HandedBack/OrdersStackSession.swift").path
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let start = try #require(text.range(of: "@MainActor\n@Test func"))
    #expect(failure.map { $0.testSource + "\n" } == String(text[start.lowerBound...]))
  }
}
