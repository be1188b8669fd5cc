import CoreTesting
import Testing

@testable import Core

extension NavigationTests {
  @MainActor
  @Suite struct PresentationTests {
    @Test func presentsRunsTheChildAndDismisses() async {
      let store = TestStore(initialState: SheetParent.State()) { SheetParent() }
      await store.send(.presentButtonTapped) { $0.child = Counter.State() }
      await store.send(.child(.presented(.increment))) { $0.child?.count = 1 }
      await store.send(.child(.dismiss)) { $0.child = nil }
    }

    @Test func settingNilCancelsExactlyTheChildsEffects() async {
      let clock = TestClock()
      let store = TestStore(initialState: SheetParent.State()) {
        SheetParent()
      } withDependencies: {
        $0.clock = clock
      }
      let parentTimer = await store.send(.startParentTimer)
      await store.send(.presentButtonTapped) { $0.child = Counter.State() }
      // The two timers tick half a second apart: two effects woken at the same instant may
      // send in either order.
      await clock.advance(by: .milliseconds(500))
      await store.send(.child(.presented(.startTimer)))
      await clock.advance(by: .milliseconds(500))
      await store.receive(.parentTick) { $0.ticks = 1 }
      await clock.advance(by: .milliseconds(500))
      await store.receive(.child(.presented(.tick))) { $0.child?.count = 1 }
      await store.send(.closeFromParentTapped) { $0.child = nil }
      await clock.advance(by: .seconds(1))
      // Only the parent's timer is left.
      await store.receive(.parentTick) { $0.ticks = 2 }
      parentTimer.cancel()
      await store.finish()
    }

    @Test func dismissActionCancelsTheChildsEffects() async {
      let clock = TestClock()
      let store = TestStore(initialState: SheetParent.State()) {
        SheetParent()
      } withDependencies: {
        $0.clock = clock
      }
      await store.send(.presentButtonTapped) { $0.child = Counter.State() }
      await store.send(.child(.presented(.startTimer)))
      await store.send(.child(.dismiss)) { $0.child = nil }
      await clock.advance(by: .seconds(5))
      await store.finish()
    }

    @Test func childDismissReachesTheParentAsDismiss() async {
      let store = TestStore(initialState: SheetParent.State(child: Counter.State(count: 3))) {
        SheetParent()
      }
      await store.send(.child(.presented(.saveButtonTapped)))
      await store.receive(.child(.presented(.delegate(.saved(3))))) { $0.saved = 3 }
      await store.receive(.child(.dismiss)) { $0.child = nil }
      await store.finish()
    }

    @Test func childDismissCancelsItsOtherEffects() async {
      let clock = TestClock()
      let store = TestStore(initialState: SheetParent.State(child: Counter.State())) {
        SheetParent()
      } withDependencies: {
        $0.clock = clock
      }
      await store.send(.child(.presented(.startTimer)))
      await store.send(.child(.presented(.closeButtonTapped)))
      await store.receive(.child(.dismiss)) { $0.child = nil }
      await clock.advance(by: .seconds(3))
      await store.finish()
    }

    @Test func aChildsDismissMustBeReceived() async {
      let failures = await capturingTestFailures {
        let store = TestStore(initialState: SheetParent.State(child: Counter.State())) {
          SheetParent()
        }
        await store.send(.child(.presented(.closeButtonTapped)))
        await store.finish()
      }
      #expect(failures.count == 1)
      #expect(failures.first?.message.contains("dismiss") == true)
    }

    @Test func actionForADismissedChildIsReported() {
      let store = Store(initialState: SheetParent.State()) { SheetParent() }
      let issues = collectingIssues {
        store.send(.child(.presented(.increment)))
        store.send(.child(.dismiss))
      }
      #expect(issues.count == 2)
      #expect(issues.allSatisfy { $0.contains("while nothing was presented") })
      #expect(issues.first?.contains("'presented(") == true)
      #expect(store.state == SheetParent.State())
    }

    @Test func dismissOutsideAPresentationIsReported() async {
      let store = Store(initialState: Counter.State()) { Counter() }
      let issues = await collectingIssues {
        await store.send(.closeButtonTapped).finish()
      }
      #expect(issues.count == 1)
      #expect(issues.first?.contains("'dismiss()' was called at") == true)
      #expect(issues.first?.contains("not presented") == true)
    }

    @Test func aParentsDismissDoesNotDismissThePresentedChildThatLedToIt() async {
      // The child's effect sends a delegate action, to which the parent, itself not
      // presented, answers with an effect that calls `dismiss()`: that effect starts from the
      // child's, and must not act as the child's.
      struct Child: Reducer {
        let gate: EffectGate
        struct State: Equatable {}
        enum Action: Equatable { case start, done }
        func reduce(into state: inout State, action: Action) -> Effect<Action> {
          guard action == .start else { return .none }
          return .run { [gate] send in
            await send(.done)
            await gate.wait()
          }
        }
      }
      struct Parent: Reducer {
        let gate: EffectGate
        let parentDone: EffectGate
        struct State: Equatable {
          @PresentationState var child: Child.State? = Child.State()
          var log: [String] = []
        }
        enum Action: Equatable { case child(PresentationAction<Child.Action>) }
        @Dependency(\.dismiss) var dismiss
        var body: some Reducer<State, Action> {
          Reduce { state, action in
            switch action {
            case .child(.presented(.done)):
              return .run { [dismiss, parentDone] _ in
                await dismiss()
                parentDone.open()
              }
            case .child(.dismiss):
              state.log.append("child dismissed")
              return .none
            case .child:
              return .none
            }
          }
          .ifLet(\.$child, action: Action.child) { Child(gate: gate) }
        }
      }
      let gate = EffectGate()
      let parentDone = EffectGate()
      let store = Store(initialState: Parent.State()) {
        Parent(gate: gate, parentDone: parentDone)
      }
      let issues = await collectingIssues {
        let task = store.send(.child(.presented(.start)))
        await parentDone.wait()
        #expect(store.state.child != nil)
        #expect(store.state.log.isEmpty)
        gate.open()
        await task.finish()
      }
      #expect(issues.count == 1)
      #expect(issues.first?.contains("not presented") == true)
    }

    @Test func scopedStoreFollowsThePresentation() throws {
      let store = Store(initialState: SheetParent.State()) { SheetParent() }
      #expect(store.scope(state: \.$child, action: SheetParent.Action.child) == nil)
      store.send(.presentButtonTapped)
      let child = try #require(store.scope(state: \.$child, action: SheetParent.Action.child))
      let recorder = Recorder(child)
      child.send(.increment)
      store.send(.startParentTimer).cancel()
      #expect(recorder.values.map(\.count) == [0, 1])
      #expect(store.state.child?.count == 1)
      store.send(.closeFromParentTapped)
      let issues = collectingIssues { child.send(.increment) }
      #expect(issues.count == 1)
      #expect(recorder.values.map(\.count) == [0, 1])
    }

    @Test func nestedPresentationDismissesTheInnermostChild() async {
      struct Outer: Reducer {
        struct State: Equatable {
          @PresentationState var sheet: SheetParent.State? = nil
        }
        enum Action: Equatable {
          case sheet(PresentationAction<SheetParent.Action>)
        }
        var body: some Reducer<State, Action> {
          EmptyReducer()
            .ifLet(\.$sheet, action: Action.sheet) { SheetParent() }
        }
      }
      let store = TestStore(
        initialState: Outer.State(sheet: SheetParent.State(child: Counter.State()))
      ) {
        Outer()
      }
      await store.send(.sheet(.presented(.child(.presented(.closeButtonTapped)))))
      await store.receive(.sheet(.presented(.child(.dismiss)))) { $0.sheet?.child = nil }
      await store.finish()
    }
  }
}
