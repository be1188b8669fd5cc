import Testing

@testable import Core

/// A child inside a feature that its parent reaches through a `Scope`, removed by the parent: by
/// an undo, the store ends the child's work at once; by another of the parent's reducers, which
/// the feature's `ifLet` (or `forEach`) does not see, the work runs on until an action goes
/// through the operator, and the first such action, often the work's own, is reported and ends
/// it: it sends nothing more.
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
      case closeElsewhere
    }
    let gates: [EffectGate]

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        if action == .closeElsewhere {
          state.feature.ticker = nil
          state.feature.path.removeAll()
        }
        return .none
      }
      Scope(state: \.feature, action: Action.feature) { Feature(gates: gates) }
        .undoable(\.feature, history: \.history, action: Action.history)
    }
  }

  /// The runtime issues reported while the work `start` starts runs on after `.closeElsewhere`
  /// removed its child, until that work ends.
  func issuesOnceClosedElsewhere(
    _ store: Store<App.State, App.Action>, _ gates: [EffectGate], starting start: App.Action
  ) async -> [String] {
    await collectingIssues {
      let work = store.send(start)
      store.send(.closeElsewhere)
      for gate in gates { gate.open() }
      await work.finish()
    }
  }

  @Test func aChildRemovedElsewhereLosesItsWorkWithTheFirstActionThroughItsIfLet() async {
    let gates = [EffectGate(), EffectGate()]
    let store = Store(initialState: App.State()) { App(gates: gates) }
    store.send(.feature(.present))
    let issues = await issuesOnceClosedElsewhere(
      store, gates, starting: .feature(.ticker(.presented(.start))))
    // The first tick is reported and ends the work; the second is never sent.
    #expect(issues.count == 1)
    #expect(issues.first?.contains("while nothing was presented") == true)
  }

  @Test func aScreenRemovedElsewhereLosesItsWorkWithTheFirstActionThroughItsForEach() async {
    let gates = [EffectGate(), EffectGate()]
    let store = Store(initialState: App.State()) { App(gates: gates) }
    store.send(.feature(.push))
    let screen = store.state.feature.path.ids[0]
    let issues = await issuesOnceClosedElsewhere(
      store, gates, starting: .feature(.path(.element(id: screen, action: .start))))
    #expect(issues.count == 1)
    #expect(issues.first?.contains("which is not in the stack") == true)
  }

  @Test func anUndoEndsTheWorkOfTheChildrenItRemovesBehindAScope() async {
    let gates = [EffectGate(), EffectGate()]
    let store = Store(initialState: App.State()) { App(gates: gates) }
    store.send(.feature(.push))
    store.send(.feature(.present))
    let screen = store.state.feature.path.ids[0]
    let issues = await collectingIssues {
      let screenWork = store.send(.feature(.path(.element(id: screen, action: .start))))
      let childWork = store.send(.feature(.ticker(.presented(.start))))
      // Removes the presented child, then the screen.
      store.send(.history(.undo))
      store.send(.history(.undo))
      for gate in gates { gate.open() }
      await screenWork.finish()
      await childWork.finish()
    }
    // Both were ended with the undo that removed them: no tick arrived for a child that is gone.
    #expect(issues.isEmpty)
    #expect(store.state.feature == Feature.State())
  }

  @Test func aRedoThatRemovesAChildBehindAScopeEndsItsWork() async {
    let gates = [EffectGate(), EffectGate()]
    let store = Store(initialState: App.State()) { App(gates: gates) }
    store.send(.feature(.present))
    store.send(.feature(.ticker(.dismiss)))
    store.send(.history(.undo))
    let issues = await collectingIssues {
      let work = store.send(.feature(.ticker(.presented(.start))))
      // Dismisses the child again.
      store.send(.history(.redo))
      for gate in gates { gate.open() }
      await work.finish()
    }
    #expect(issues.isEmpty)
    #expect(store.state.feature.ticker == nil)
  }
}

/// An undo that replaces an `Identifiable` child of an optional `ifLet` with one of another
/// `id`, behind a `Scope`: the replaced child is another instance, and its work ends with the
/// undo rather than landing in the child put back.
@MainActor
@Suite struct UndoReplacingAnIdentifiedChildTests {
  struct Feature: Reducer {
    struct State: Equatable, Sendable { var worker: Worker.State? }
    enum Action: Equatable, Sendable {
      case open(Int)
      case worker(Worker.Action)
    }
    let gate: EffectGate

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        if case let .open(id) = action { state.worker = Worker.State(id: id) }
        return .none
      }
      .ifLet(\.worker, action: Action.worker) { Worker(gate: gate) }
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
    let gate: EffectGate

    var body: some Reducer<State, Action> {
      Scope(state: \.feature, action: Action.feature) { Feature(gate: gate) }
        .undoable(\.feature, history: \.history, action: Action.history)
    }
  }

  @Test func anUndoPuttingBackAChildOfAnotherIDEndsTheWorkOfTheOneItReplaces() async {
    let gate = EffectGate()
    let store = Store(initialState: App.State()) { App(gate: gate) }
    store.send(.feature(.open(1)))
    store.send(.feature(.open(2)))
    let work = store.send(.feature(.worker(.start)))
    store.send(.history(.undo))
    #expect(store.state.feature.worker?.id == 1)
    gate.open()
    await work.finish()
    // Child 2's tick never reaches child 1.
    #expect(store.state.feature.worker?.ticks == 0)
  }
}
