import Core

/// A counter presented as a sheet, for what a live store does with actions sent to it after
/// it is dismissed.
struct Sheet: Reducer {
  struct State: Equatable, Sendable {
    @PresentationState var counter: Counter.State?
  }

  enum Action: Equatable, Sendable {
    case counter(PresentationAction<Counter.Action>)
    case openTapped
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      if case .openTapped = action { state.counter = Counter.State() }
      return .none
    }
    .ifLet(\.$counter, action: Action.counter) { Counter() }
  }
}
