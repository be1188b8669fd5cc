import Core
import CoreTesting
import Testing

/// Reports an issue on the third tap.
private struct Taps: Reducer {
  struct State: Equatable { var count = 0 }
  enum Action: Equatable { case tapped, reset }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .tapped:
        state.count += 1
        if state.count == 3 { reportIssue("Tapped three times.") }
      case .reset:
        state.count = 0
      }
      return .none
    }
  }
}

@MainActor
struct RandomSessionIssueTests {
  private func tapSessions() -> RandomSessions<Taps.State, Taps.Action> {
    RandomSessions(initialState: Taps.State()) { Taps() }
  }

  private func tapSteps(_ state: Taps.State, _ next: NextSteps<Taps.Action>) {
    next.send(.reset)
    next.send(.tapped)
  }

  @Test func anIssueFailsTheRun() async {
    var failure: RandomSessionFailure<Taps.Action>?
    let captured = await capturingTestFailures {
      failure = await tapSessions().run(count: 50, length: 30, seed: 5, actions: tapSteps)
    }
    #expect(captured.count == 1)
    #expect(failure?.rule == "issue")
    #expect(failure?.steps == [.send(.tapped), .send(.tapped), .send(.tapped)])
    #expect(failure?.details.contains("Tapped three times.") == true)
    #expect(failure?.recording == nil)
  }

  @Test func anAllowedIssueDoesNot() async {
    let sessions = tapSessions()
    sessions.allowIssues { $0.contains("three times") }
    let captured = await capturingTestFailures {
      #expect(await sessions.run(count: 50, length: 30, seed: 5, actions: tapSteps) == nil)
    }
    #expect(captured.isEmpty)
  }
}
