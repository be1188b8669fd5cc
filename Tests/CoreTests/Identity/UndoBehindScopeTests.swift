import Testing

@testable import Core

/// An undo that removes a child inside a feature the undoable reducer reaches through a
/// `Scope`: the feature's `ifLet` (or `forEach`) does not see the undo, so the child's work runs on until an
/// action goes through it. The first such action, often the work's own, is reported and ends
/// that work: it sends nothing more.
@MainActor
@Suite struct UndoBehindScopeTests {
  struct Ticker: Reducer {
    struct State: Equatable, Sendable { var ticks = 0 }
    enum Action: Equatable, Sendable { case start, tick }
    let gates: [EffectGate]

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start:
        return .run { [gates] send in
          for gate in gates {
            await gate.wait()
            await send(.tick)
          }
        }
      case .tick:
        state.ticks += 1
        return .none
      }
    }
  }

  struct Feature: Reducer {
    struct State: Equatable, Sendable {
      @PresentationState var ticker: Ticker.State?
      var path = StackState<Ticker.State>()
    }
    enum Action: Equatable, Sendable {
      case present, push
      case ticker(PresentationAction<Ticker.Action>)
      case path(StackAction<Ticker.State, Ticker.Action>)
    }
    let gates: [EffectGate]

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        if action == .present { state.ticker = Ticker.State() }
        if action == .push { state.path.append(Ticker.State()) }
        return .none
      }
      .ifLet(\.$ticker, action: Action.ticker) { Ticker(gates: gates) }
      .forEach(\.path, action: Action.path) { Ticker(gates: gates) }
    }
  }

  struct App: Reducer {
    struct State: Equatable, Sendable {
      var feature = Feature.State()
      var history = UndoHistory<Feature.State>()
    }
    enum Action: Equatable, Sendable {
      case feature(Feature.Action)
      case history(UndoAction)
    }
    let gates: [EffectGate]

    var body: some Reducer<State, Action> {
      Scope(state: \.feature, action: Action.feature) { Feature(gates: gates) }
        .undoable(\.feature, history: \.history, action: Action.history)
    }
  }

  @Test func theRemovedChildsWorkEndsWithTheFirstActionThroughItsIfLet() async {
    let gates = [EffectGate(), EffectGate()]
    let store = Store(initialState: App.State()) { App(gates: gates) }
    let issues = await collectingIssues {
      store.send(.feature(.present))
      let work = store.send(.feature(.ticker(.presented(.start))))
      store.send(.history(.undo))
      for gate in gates { gate.open() }
      await work.finish()
    }
    // The first tick is reported and ends the work; the second is never sent.
    #expect(issues.count == 1)
    #expect(issues.first?.contains("while nothing was presented") == true)
  }

  @Test func theRemovedScreensWorkEndsWithTheFirstActionThroughItsForEach() async {
    let gates = [EffectGate(), EffectGate()]
    let store = Store(initialState: App.State()) { App(gates: gates) }
    store.send(.feature(.push))
    let screen = store.state.feature.path.ids[0]
    let issues = await collectingIssues {
      let work = store.send(.feature(.path(.element(id: screen, action: .start))))
      store.send(.history(.undo))
      for gate in gates { gate.open() }
      await work.finish()
    }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("which is not in the stack") == true)
  }
}
