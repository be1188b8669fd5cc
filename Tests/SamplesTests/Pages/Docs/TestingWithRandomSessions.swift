import Core
import CoreTesting
import Foundation
import Orders
import Profile
import TestSupport
import Testing

// The samples of Docs/TestingWithRandomSessions.md: the Orders feature's sessions, and the
// recording of the page's counter's shrunk session, loaded.

@MainActor
struct TestingWithRandomSessionsPage {
  @MainActor
  @Test func ordersKeepTheirRules() async {
    let sessions = RandomSessions(initialState: OrdersModuleState(profile: ada)) {
      OrdersFeature()
    } withDependencies: {
      $0.ordersClient = .simulated(stepDuration: .seconds(1))
    }
    sessions.invariant("quantities stay within 1 and the maximum") { state in
      state.orders.list.allSatisfy {
        $0.lines.allSatisfy { (1...LineItem.maximumQuantity).contains($0.quantity) }
      }
    }
    await sessions.run(count: 150, length: 60) { state, next in
      next.send(.view(.newOrderButtonTapped))
      if let id = next.element(of: state.orders.list.ids) {
        next.send(
          .view(.addItemButtonTapped(orderID: id, sku: "mug", quantity: next.int(in: -1...120))),
          weight: 4)
        next.send(.view(.submitButtonTapped(orderID: id)), weight: 3)
      }
      if !state.orders.path.isEmpty { next.send(.view(.backButtonTapped)) }
      next.advanceClock(by: .seconds(1), weight: 4)
    }
  }

  /// The recording of the shrunk session, loaded: it ends in the state that broke the rule.
  @Test func theRecordingOfTheShrunkSessionLoads() async throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("random-session-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    try recordShrunkSession(to: url)

    let recording = try Recording<SavingCounter.State, SavingCounter.Action>(contentsOf: url)
    let store = try TestStore(replaying: recording) { SavingCounter() }
    #expect(store.state.count == -1)
  }

  /// Records the shrunk session of the page, as `RandomSessions` does for a failure.
  private func recordShrunkSession(to url: URL) throws {
    let recorder = try SessionRecorder<SavingCounter.State, SavingCounter.Action>(
      fileAt: url, initialState: SavingCounter.State())
    let store = Store(initialState: SavingCounter.State(), recordingTo: recorder) {
      SavingCounter()
    }
    store.send(.incrementTapped)
    store.send(.lockTapped)
    store.send(.saveFinished(1))
    store.send(.decrementTapped)
    try recorder.finish()
  }
}

// What the samples use from Tests/OrdersTests and Tests/CoreTestingTests, which the page does
// not show.

private let ada = ProfileFeature.State(
  name: "Ada Lovelace", email: "ada@example.org",
  address: ShippingAddress(
    street: "12 Analytical Way", city: "London", postalCode: "N1 7AA", country: "UK"))
