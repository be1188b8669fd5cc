import Core

/// Case 11: a send whose reducer queues synchronous actions (`.merge(.send, .send)`), with a
/// scoped store observed: the queue is reduced first, then the result is compared and
/// propagated once, so observers run once per send, not once per queued action.
@MainActor
enum QueueCases {
  struct Feature: Reducer {
    struct State: Equatable, Sendable {
      var count = 0
      var label = ""
    }
    enum Action: Sendable {
      case tapped
      case counted
      case labelled
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .tapped:
        return .merge(.send(.counted), .send(.labelled))
      case .counted:
        state.count += 1
        return .none
      case .labelled:
        state.label = state.count.isMultiple(of: 2) ? "even" : "odd"
        return .none
      }
    }
  }

  static func run(_ run: BenchmarkRun) {
    guard run.wants("queued sends") else { return }
    let store = Store(initialState: Feature.State()) { Feature() }
    let label = store.scope(state: \.label)
    var renders = 0
    let subscriptions = [
      store.observe { _ in renders += 1 },
      label.observe { _ in renders += 1 },
    ]
    run.time("queued sends", variant: "send queueing 2 actions, 2 observers") {
      store.send(.tapped)
    }
    blackHole(renders)
    blackHole(subscriptions)
  }
}
