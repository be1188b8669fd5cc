import Core
import CoreTesting
import Testing

/// A live `Store` inside a test fails the test for the framework's runtime issues, as a test
/// store does, instead of printing them: an action for a screen not in the stack, an action
/// for a dismissed child.
@MainActor
@Suite struct LiveStoreIssueTests {
  @Test func anActionForAScreenNotInTheStackFailsTheTest() async {
    let store = Store(initialState: NumberStack.State()) { NumberStack() }
    store.send(.nextTapped)
    // Stack ids come from a generator the tests running beside this one share: take one the
    // stack does not hold.
    let absent: StackElementID = store.state.path.ids.contains(3) ? 4 : 3
    let issues = await recordedIssues {
      store.send(.path(.element(id: absent, action: .bump)))
    }
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("A 'forEach' at '\\State.path'") == true)
    #expect(issues.first?.message.contains("\(absent)") == true)
    // Found by the stack's reducer, so recorded at its `forEach`.
    #expect(issues.first?.location.map { "\($0.fileID)" } == "CoreTestingTests/StackIDTests.swift")
    #expect(store.state.path.count == 1)
  }

  @Test func anActionSentToADismissedChildsStoreFailsTheTest() async {
    let store = Store(initialState: Sheet.State()) { Sheet() }
    store.send(.openTapped)
    guard let counterStore = store.scope(state: \.$counter, action: Sheet.Action.counter) else {
      Issue.record("The sheet was not presented.")
      return
    }
    counterStore.send(.incrementTapped)
    store.send(.counter(.dismiss))
    let issues = await recordedIssues {
      counterStore.send(.incrementTapped)
    }
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("whose state is gone") == true)
    #expect(issues.first?.message.contains("incrementTapped") == true)
    #expect(store.state.counter == nil)
  }

  @Test func aPresentationActionWhileNothingIsPresentedFailsTheTest() async {
    let store = Store(initialState: Sheet.State()) { Sheet() }
    let issues = await recordedIssues {
      store.send(.counter(.presented(.incrementTapped)))
    }
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("while nothing was presented") == true)
  }

  @Test func aLiveStoreThatMeetsNoIssueFailsNothing() async {
    let store = Store(initialState: Sheet.State()) { Sheet() }
    let issues = await recordedIssues {
      store.send(.openTapped)
      store.send(.counter(.presented(.incrementTapped)))
      store.send(.counter(.dismiss))
    }
    #expect(issues.isEmpty)
    #expect(store.state.counter == nil)
  }
}
