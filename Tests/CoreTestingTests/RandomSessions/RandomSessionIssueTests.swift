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

/// Reports one issue on the fifth tap, and another whenever it is reset after a tap.
private struct TwoIssues: Reducer {
  struct State: Equatable { var count = 0 }
  enum Action: Equatable { case tapped, reset }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .tapped:
        state.count += 1
        if state.count == 5 { reportIssue("Tapped five times.") }
      case .reset:
        if state.count > 0 { reportIssue("Reset after \(state.count) taps.") }
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

  /// A session that reported one issue is not shrunk into a simpler one that reports another:
  /// taking the simpler step (a reset, listed first) instead of the second tap would report
  /// the reset's issue in two steps, but the session found the fifth tap's.
  @Test func theIssueReportedIsTheIssueFound() async {
    var fiveTaps = 0
    for seed: UInt64 in 1...10 {
      let sessions = RandomSessions(initialState: TwoIssues.State()) { TwoIssues() }
      var failure: RandomSessionFailure<TwoIssues.Action>?
      _ = await capturingTestFailures {
        failure = await sessions.run(count: 50, length: 30, seed: seed) { _, next in
          next.send(.reset)
          next.send(.tapped, weight: 20)
        }
      }
      guard let failure, case let .issue(message) = failure.reason else {
        Issue.record("seed \(seed) found no issue")
        continue
      }
      if message == "Tapped five times." {
        fiveTaps += 1
        #expect(failure.steps == Array(repeating: .send(.tapped), count: 5), "seed \(seed)")
      } else {
        #expect(message == "Reset after 1 taps.", "seed \(seed)")
        #expect(failure.steps == [.send(.tapped), .send(.reset)], "seed \(seed)")
      }
    }
    // Most sessions tap five times before a reset.
    #expect(fiveTaps >= 5)
  }
}
