import Testing

@testable import Core

/// Two `Scope`s on one key path with different child reducers, or on two enum cases with the
/// same payload type, are different children: their cancellation ids are independent.
@MainActor
@Suite struct ScopeIdentityTests {
  /// Another feature on a ``Worker``'s state, cancelling the same id.
  struct Stopper: Reducer {
    typealias State = Worker.State
    typealias Action = Worker.Action

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      action == .stop ? .cancel(id: Worker.CancelID.work) : .none
    }
  }

  struct TwoReducers: Reducer {
    struct State: Equatable, Sendable {
      var worker = Worker.State(id: 1)
    }
    enum Action: Equatable, Sendable {
      case worker(Worker.Action)
      case stopper(Worker.Action)
    }
    let gate: EffectGate

    var body: some Reducer<State, Action> {
      Scope(state: \.worker, action: Action.worker) { Worker(gate: gate) }
      Scope(state: \.worker, action: Action.stopper) { Stopper() }
    }
  }

  @Test func scopesOnOneKeyPathWithDifferentReducersDoNotShareIds() async {
    let gate = EffectGate()
    let store = Store(initialState: TwoReducers.State()) { TwoReducers(gate: gate) }
    let work = store.send(.worker(.start))
    store.send(.stopper(.stop))
    gate.open()
    await work.finish()
    #expect(store.state.worker.ticks == 1)
  }

  struct TwoCases: Reducer {
    enum State: Equatable, Sendable {
      case a(Worker.State)
      case b(Worker.State)
    }
    enum Action: Equatable, Sendable {
      case a(Worker.Action)
      case b(Worker.Action)
      case switchedToB
    }
    let gate: EffectGate

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        if action == .switchedToB { state = .b(Worker.State(id: 2)) }
        return .none
      }
      Scope(state: State.a, action: Action.a) { Worker(gate: gate) }
      Scope(state: State.b, action: Action.b) { Worker(gate: gate) }
    }
  }

  @Test func scopesOnTwoCasesWithOnePayloadTypeDoNotShareIds() async {
    let gate = EffectGate()
    let store = Store(initialState: TwoCases.State.a(Worker.State(id: 1))) {
      TwoCases(gate: gate)
    }
    let issues = await collectingIssues {
      let work = store.send(.a(.start))
      store.send(.switchedToB)
      store.send(.b(.stop))  // case b's cancel must not reach what case a started
      gate.open()
      await work.finish()
    }
    // Case a's work ran on: its tick arrived while the state was case b, and was reported.
    #expect(issues.count == 1)
    #expect(issues.first?.contains("'tick'") == true)
  }
}
