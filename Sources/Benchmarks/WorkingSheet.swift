import Core

/// A feature presenting a small child that can start work that runs until it is cancelled:
/// while the work runs, each pass through the `ifLet` also asks the store to end the work of
/// children no longer presented (none are), which is what the "its work running" case
/// measures.
struct WorkingSheet: Reducer {
  struct Child: Reducer {
    struct State: Equatable, Sendable { var taps = 0 }
    enum Action: Equatable, Sendable { case tapped, workStarted }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .tapped:
        state.taps += 1
        return .none
      case .workStarted:
        return .run { _ in try? await Task.sleep(for: .seconds(86_400)) }
      }
    }
  }

  struct State: Equatable {
    @PresentationState var sheet: Child.State? = Child.State()
  }

  enum Action: Equatable, Sendable { case sheet(PresentationAction<Child.Action>) }

  var body: some Reducer<State, Action> {
    Reduce { _, _ in .none }
      .ifLet(\.$sheet, action: Action.sheet) { Child() }
  }
}
