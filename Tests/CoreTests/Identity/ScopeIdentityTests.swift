import Testing

@testable import Core

/// Two `Scope`s on one key path with different child reducers, or on two enum cases with the
/// same payload type, are different children: their cancellation ids are independent. A child's
/// identity is its whole route: two routes that differ only below the outermost case, or in an
/// id the constructor fixes, are two children too.
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

  /// Two `Scope`s on one key path, one running a ``Worker``, the other a ``Stopper`` cancelling
  /// the worker's id, each reached through its own route.
  struct TwoRoutes: Reducer {
    struct State: Equatable, Sendable {
      var worker = Worker.State(id: 1)
    }
    enum Action: Equatable, Sendable {
      case side(Side)
      case pane(id: Int, action: Worker.Action)

      enum Side: Equatable, Sendable {
        case left(Worker.Action)
        case right(Worker.Action)
      }
    }
    /// A case constructor, or an explicit case path.
    enum Route {
      case constructor(@Sendable (Worker.Action) -> Action)
      case casePath(AnyCasePath<Action, Worker.Action>)

      func embed(_ action: Worker.Action) -> Action {
        switch self {
        case .constructor(let embed): embed(action)
        case .casePath(let path): path.embed(action)
        }
      }
    }
    let worker: Route
    let stopper: Route
    let gate: EffectGate

    var body: some Reducer<State, Action> {
      Self.scope(worker, Worker(gate: gate))
      Self.scope(stopper, Stopper())
    }

    static func scope<Child: Reducer>(_ route: Route, _ child: Child) -> some Reducer<State, Action>
    where Child.State == Worker.State, Child.Action == Worker.Action {
      switch route {
      case .constructor(let embed):
        return Scope(state: \State.worker, action: embed) { child }
      case .casePath(let path):
        return Scope(state: \State.worker, action: path) { child }
      }
    }
  }

  /// Starts the worker's work through `worker`, cancels through `stopper`, and says whether the
  /// work ran to its end.
  func workSurvivesTheOtherRoutesCancel(
    worker: TwoRoutes.Route, stopper: TwoRoutes.Route
  ) async -> Bool {
    let gate = EffectGate()
    let store = Store(initialState: TwoRoutes.State()) {
      TwoRoutes(worker: worker, stopper: stopper, gate: gate)
    }
    let work = store.send(worker.embed(.start))
    store.send(stopper.embed(.stop))
    gate.open()
    await work.finish()
    return store.state.worker.ticks == 1
  }

  @Test func routesThatDifferBelowTheOutermostCaseDoNotShareIds() async {
    #expect(
      await workSurvivesTheOtherRoutesCancel(
        worker: .constructor { .side(.left($0)) }, stopper: .constructor { .side(.right($0)) }))
    #expect(
      await workSurvivesTheOtherRoutesCancel(
        worker: .casePath(
          AnyCasePath(
            embed: { .side(.left($0)) },
            extract: { if case .side(.left(let action)) = $0 { action } else { nil } })),
        stopper: .casePath(
          AnyCasePath(
            embed: { .side(.right($0)) },
            extract: { if case .side(.right(let action)) = $0 { action } else { nil } }))))
  }

  @Test func routesThatDifferInAFixedIDDoNotShareIds() async {
    #expect(
      await workSurvivesTheOtherRoutesCancel(
        worker: .constructor { .pane(id: 1, action: $0) },
        stopper: .constructor { .pane(id: 2, action: $0) }))
    #expect(
      await workSurvivesTheOtherRoutesCancel(
        worker: .casePath(
          AnyCasePath(
            embed: { .pane(id: 1, action: $0) },
            extract: { if case .pane(1, let action) = $0 { action } else { nil } })),
        stopper: .casePath(
          AnyCasePath(
            embed: { .pane(id: 2, action: $0) },
            extract: { if case .pane(2, let action) = $0 { action } else { nil } }))))
  }
}
