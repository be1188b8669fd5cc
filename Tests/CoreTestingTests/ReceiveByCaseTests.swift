import Core
import CoreTesting
import Testing

/// `receive(Action.case)` matches with the routing `Scope` uses, so every payload shape that
/// routes also matches.
@MainActor
@Suite struct ReceiveByCaseTests {
  struct Feature: Reducer {
    struct State: Equatable {
      var value = 0
    }
    enum Action: Equatable, Sendable {
      case load
      case loaded(value: Int)
      case failed(value: Int)
      case row(id: Int, text: String)
    }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .load:
        return .merge(.send(.loaded(value: 3)), .send(.row(id: 8, text: "x")))
      case .loaded(let value), .failed(let value):
        state.value += value
        return .none
      case .row(_, let text):
        state.value += text.count
        return .none
      }
    }
  }

  @Test func aLabelledPayloadCaseMatches() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.load)
    await store.receive(Feature.Action.loaded(value:)) { $0.value = 3 }
    await store.receive({ Feature.Action.row(id: 8, text: $0) }) { $0.value = 4 }
  }

  @Test func anotherCaseOrAnotherFixedPayloadDoesNotMatch() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.load)
    await store.receive(.loaded(value: 3)) { $0.value = 3 }
    await withKnownIssue {
      await store.receive({ Feature.Action.row(id: 7, text: $0) }, timeout: .zero) {
        $0.value = 4
      }
    }
  }

  @Test func anExplicitCasePathMatches() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.load)
    await store.receive(
      AnyCasePath(
        embed: Feature.Action.loaded(value:),
        extract: { if case .loaded(let value) = $0 { value } else { nil } })
    ) { $0.value = 3 }
    await store.receive(
      AnyCasePath(
        embed: { Feature.Action.row(id: 8, text: $0) },
        extract: { if case .row(8, let text) = $0 { text } else { nil } })
    ) { $0.value = 4 }
  }
}
