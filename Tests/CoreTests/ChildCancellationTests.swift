import Testing

@testable import Core

/// Cancellation ids are local to the child instance that started the effect: a row's timer,
/// a presented child's work, a nested element's request.
@MainActor
@Suite struct ChildCancellationTests {
  enum CancelID: Hashable, Sendable { case timer }

  struct Timer: Reducer {
    struct State: Equatable, Identifiable, Sendable {
      let id: Int
      var ticks = 0
      var child: Child?
    }
    enum Action: Equatable, Sendable {
      case start, stop, tick, childStarted, childDismissed
      case child(ChildAction)
    }
    struct Child: Equatable, Identifiable, Sendable {
      var id: Int
      var ticks = 0
    }
    enum ChildAction: Equatable, Sendable { case start, tick }
    let gate: EffectGate

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .start:
          return .run { [gate] send in
            await gate.wait()
            await send(.tick)
          }
          .cancellable(id: CancelID.timer, cancelInFlight: true)
        case .stop:
          return .cancel(id: CancelID.timer)
        case .tick:
          state.ticks += 1
          return .none
        case .childStarted:
          state.child = Child(id: state.id)
          return .none
        case .childDismissed:
          state.child = nil
          return .none
        case .child:
          return .none
        }
      }
      .ifLet(\.child, action: Action.child) {
        Reduce<Child, ChildAction> { state, action in
          switch action {
          case .start:
            return .run { [gate] send in
              await gate.wait()
              await send(.tick)
            }
            .cancellable(id: CancelID.timer)
          case .tick:
            state.ticks += 1
            return .none
          }
        }
      }
    }
  }

  struct Rows: Reducer {
    struct State: Equatable, Sendable {
      var rows: IdentifiedArray<Timer.State> = []
      var current: Timer.Child?
    }
    enum Action: Equatable, Sendable {
      case row(id: Int, action: Timer.Action)
      case rowReplaced(at: Int, by: Int)
      case current(Timer.ChildAction)
      case currentPresented(id: Int)
    }
    let gate: EffectGate

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case let .rowReplaced(index, id):
          state.rows.remove(at: index)
          state.rows.insert(Timer.State(id: id), at: index)
        case .currentPresented(let id): state.current = Timer.Child(id: id)
        case .row, .current: break
        }
        return .none
      }
      .forEach(\.rows, action: Action.row) { Timer(gate: gate) }
      .ifLet(\.current, action: Action.current) {
        Reduce<Timer.Child, Timer.ChildAction> { state, action in
          switch action {
          case .start:
            return .run { [gate] send in
              await gate.wait()
              await send(.tick)
            }
          case .tick:
            state.ticks += 1
            return .none
          }
        }
      }
    }
  }

  func rows(_ ids: [Int], gate: EffectGate) -> Store<Rows.State, Rows.Action> {
    Store(
      initialState: Rows.State(
        rows: IdentifiedArray(uniqueElements: ids.map { Timer.State(id: $0) }))
    ) {
      Rows(gate: gate)
    }
  }

  @Test func cancelInFlightInOneRowLeavesTheOtherRowsTimers() async {
    let gate = EffectGate()
    let store = rows([1, 2], gate: gate)
    let first = store.send(.row(id: 1, action: .start))
    let second = store.send(.row(id: 2, action: .start))
    let restarted = store.send(.row(id: 1, action: .start))  // cancels row 1's first timer only
    gate.open()
    await first.finish()
    await second.finish()
    await restarted.finish()
    #expect(store.state.rows[id: 1]?.ticks == 1)
    #expect(store.state.rows[id: 2]?.ticks == 1)
  }

  @Test func cancelInOneRowLeavesTheOtherRowsEffects() async {
    let gate = EffectGate()
    let store = rows([1, 2], gate: gate)
    let first = store.send(.row(id: 1, action: .start))
    let second = store.send(.row(id: 2, action: .start))
    store.send(.row(id: 1, action: .stop))
    gate.open()
    await first.finish()
    await second.finish()
    #expect(store.state.rows[id: 1]?.ticks == 0)
    #expect(store.state.rows[id: 2]?.ticks == 1)
  }

  @Test func dismissingOneRowsChildLeavesAnotherRowsChild() async {
    let gate = EffectGate()
    let store = rows([1, 2], gate: gate)
    store.send(.row(id: 1, action: .childStarted))
    store.send(.row(id: 2, action: .childStarted))
    let first = store.send(.row(id: 1, action: .child(.start)))
    let second = store.send(.row(id: 2, action: .child(.start)))
    store.send(.row(id: 1, action: .childDismissed))  // the row's own reducer dismisses it
    let issues = await collectingIssues {
      gate.open()
      await first.finish()
      await second.finish()
    }
    #expect(issues.isEmpty)  // row 1's child's work was cancelled, not delivered to nil
    #expect(store.state.rows[id: 1]?.child == nil)
    #expect(store.state.rows[id: 2]?.child?.ticks == 1)
  }

  @Test func aRowsCancelReachesItsOwnChildNotAnotherRows() async {
    // Row 1's child and row 2's child both use `CancelID.timer`, inside children of the same
    // `ifLet` key path: row 1's `.cancel(id:)` reaches its own child's timer (a parent's
    // cancel reaches its descendants), never row 2's child's.
    let gate = EffectGate()
    let store = rows([1, 2], gate: gate)
    store.send(.row(id: 1, action: .childStarted))
    store.send(.row(id: 2, action: .childStarted))
    let first = store.send(.row(id: 1, action: .child(.start)))
    let second = store.send(.row(id: 2, action: .child(.start)))
    store.send(.row(id: 1, action: .stop))
    gate.open()
    await first.finish()
    await second.finish()
    #expect(store.state.rows[id: 1]?.child?.ticks == 0)
    #expect(store.state.rows[id: 2]?.child?.ticks == 1)
  }

  @Test func aChildReplacedByOneOfAnotherIdentityLosesItsEffects() async {
    let gate = EffectGate()
    let store = rows([], gate: gate)
    store.send(.currentPresented(id: 1))
    let old = store.send(.current(.start))
    store.send(.currentPresented(id: 2))  // another identity: the old child's work ends
    gate.open()
    await old.finish()
    #expect(store.state.current == Timer.Child(id: 2, ticks: 0))

    let new = store.send(.current(.start))
    store.send(.currentPresented(id: 2))  // the same identity: its work goes on
    await new.finish()
    #expect(store.state.current == Timer.Child(id: 2, ticks: 1))
  }

  @Test func anElementReplacedInPlaceByAnotherIdLosesItsEffects() async {
    let gate = EffectGate()
    let store = rows([1], gate: gate)
    let old = store.send(.row(id: 1, action: .start))
    let issues = await collectingIssues {
      store.send(.rowReplaced(at: 0, by: 7))
      gate.open()
      await old.finish()
    }
    #expect(issues.isEmpty)
    #expect(store.state.rows.ids == [7])
    #expect(store.state.rows[id: 7]?.ticks == 0)
  }

  @Test func twoScopesOfOneFeatureHaveTheirOwnIds() async {
    struct Pair: Equatable, Sendable {
      var left = Timer.State(id: 1)
      var right = Timer.State(id: 2)
    }
    enum PairAction: Equatable, Sendable {
      case left(Timer.Action)
      case right(Timer.Action)
    }
    let gate = EffectGate()
    let store = Store(initialState: Pair()) {
      Scope(state: \Pair.left, action: PairAction.left) { Timer(gate: gate) }
      Scope(state: \Pair.right, action: PairAction.right) { Timer(gate: gate) }
    }
    let left = store.send(.left(.start))
    let right = store.send(.right(.start))
    store.send(.left(.stop))
    gate.open()
    await left.finish()
    await right.finish()
    #expect(store.state.left.ticks == 0)
    #expect(store.state.right.ticks == 1)
  }

  @Test func theRootKeepsTheRootScope() async {
    let gate = EffectGate()
    let store = Store(initialState: Timer.State(id: 1)) { Timer(gate: gate) }
    let task = store.send(.start)
    store.send(.stop)
    gate.open()
    await task.finish()
    #expect(store.state.ticks == 0)
  }
}
