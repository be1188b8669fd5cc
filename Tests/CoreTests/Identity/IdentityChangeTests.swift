import Testing

@testable import Core

/// A child whose identity changes while it is mounted is a new child: the old one's effects
/// are cancelled, whoever changed the identity and whatever the state's mirror says.
@MainActor
@Suite struct IdentityChangeTests {
  struct OptionalParent: Reducer {
    struct State: Equatable, Sendable {
      var worker: Worker.State? = Worker.State(id: 1)
      @PresentationState var presented: Worker.State? = Worker.State(id: 1)
    }
    enum Action: Equatable, Sendable {
      case worker(Worker.Action)
      case presented(PresentationAction<Worker.Action>)
    }
    let gate: EffectGate

    var body: some Reducer<State, Action> {
      Reduce { _, _ in .none }
        .ifLet(\.worker, action: Action.worker) { Worker(gate: gate) }
        .ifLet(\.$presented, action: Action.presented) { Worker(gate: gate) }
    }
  }

  @Test func anOptionalChildChangingItsOwnIdLosesItsEffects() async {
    let gate = EffectGate()
    let store = Store(initialState: OptionalParent.State()) { OptionalParent(gate: gate) }
    let work = store.send(.worker(.start))
    store.send(.worker(.idChanged(2)))
    gate.open()
    await work.finish()
    #expect(store.state.worker == Worker.State(id: 2, ticks: 0))
  }

  @Test func aPresentedChildChangingItsOwnIdLosesItsEffects() async {
    let gate = EffectGate()
    let store = Store(initialState: OptionalParent.State()) { OptionalParent(gate: gate) }
    let work = store.send(.presented(.presented(.start)))
    store.send(.presented(.presented(.idChanged(2))))
    gate.open()
    await work.finish()
    #expect(store.state.presented == Worker.State(id: 2, ticks: 0))
  }

  struct CaseParent: Reducer {
    enum State: Equatable, Sendable {
      case working(Worker.State)
      case idle
    }
    enum Action: Equatable, Sendable {
      case working(Worker.Action)
      case replaced(id: Int)
    }
    let gate: EffectGate

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        if case let .replaced(id) = action { state = .working(Worker.State(id: id)) }
        return .none
      }
      .ifCaseLet(State.working, action: Action.working) { Worker(gate: gate) }
    }
  }

  @Test func anIfCaseLetPayloadWithAnotherIdIsANewChild() async {
    let gate = EffectGate()
    let store = Store(initialState: CaseParent.State.working(Worker.State(id: 1))) {
      CaseParent(gate: gate)
    }
    let work = store.send(.working(.start))
    store.send(.replaced(id: 2))
    gate.open()
    await work.finish()
    #expect(store.state == .working(Worker.State(id: 2, ticks: 0)))
  }

  /// Destinations whose case has a labelled payload and whose mirror shows nothing.
  struct Destination: Reducer {
    enum State: Equatable, Sendable, CustomReflectable {
      case edit(state: Worker.State)
      case other

      var customMirror: Mirror { Mirror(self, children: [:]) }
    }
    enum Action: Equatable, Sendable {
      case edit(Worker.Action)
    }
    let gate: EffectGate

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      guard case var .edit(child) = state, case let .edit(childAction) = action else {
        return .none
      }
      let effect = Worker(gate: gate).reduce(into: &child, action: childAction)
      state = .edit(state: child)
      return effect.map(Action.edit)
    }
  }

  struct DestinationParent: Reducer {
    struct State: Equatable, Sendable {
      @PresentationState var destination: Destination.State? = .edit(state: Worker.State(id: 1))
    }
    enum Action: Equatable, Sendable {
      case destination(PresentationAction<Destination.Action>)
      case replaced(id: Int)
    }
    let gate: EffectGate

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        if case let .replaced(id) = action {
          state.destination = .edit(state: Worker.State(id: id))
        }
        return .none
      }
      .ifLet(\.$destination, action: Action.destination) { Destination(gate: gate) }
    }
  }

  @Test func aDestinationReplacedByTheSameCaseWithAnotherIdIsANewChild() async {
    let gate = EffectGate()
    let store = Store(initialState: DestinationParent.State()) { DestinationParent(gate: gate) }
    let work = store.send(.destination(.presented(.edit(.start))))
    store.send(.replaced(id: 2))
    let issues = await collectingIssues {
      gate.open()
      await work.finish()
    }
    #expect(issues.isEmpty)
    #expect(store.state.destination == .edit(state: Worker.State(id: 2, ticks: 0)))
  }

  @Test func aDestinationReplacedByTheSameIdKeepsItsEffects() async {
    let gate = EffectGate()
    let store = Store(initialState: DestinationParent.State()) { DestinationParent(gate: gate) }
    let work = store.send(.destination(.presented(.edit(.start))))
    store.send(.replaced(id: 1))
    gate.open()
    await work.finish()
    #expect(store.state.destination == .edit(state: Worker.State(id: 1, ticks: 1)))
  }
}
