import Core
import CoreTesting
import Foundation
import Testing

/// The example of `TestStore(replaying:)`: a recording attached to a bug report, turned into a
/// test. It needs the report's file, so it is compiled, not run.
@Suite(.disabled("It replays a bug report's recording, which this package does not have."))
struct TestStoreReplayingExample {
  struct AppFeature: Reducer {
    struct State: Equatable, Codable, Sendable { var orders = Orders() }
    struct Orders: Equatable, Codable, Sendable { var problem: String? = nil }
    enum Action: Equatable, Codable, Sendable { case orders(OrdersAction) }
    enum OrdersAction: Equatable, Codable, Sendable { case submitTapped }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.orders.problem = nil
      return .none
    }
  }

  @MainActor
  @Test func theReportedSession() async throws {
    let recording = try Recording<AppFeature.State, AppFeature.Action>(
      contentsOf: URL(filePath: "bug-1234.jsonl"))
    let store = try TestStore(replaying: recording) { AppFeature() }
    await store.send(.orders(.submitTapped)) {
      $0.orders.problem = nil  // what should happen
    }
  }
}
