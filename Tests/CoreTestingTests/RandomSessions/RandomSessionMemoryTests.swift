import CoreTesting
import Testing
import TestSupport

/// A run lets go of everything it made once it returns, whatever the steps' closures capture.
@MainActor
@Suite struct RandomSessionMemoryTests {
  typealias Sessions = RandomSessions<SavingCounter.State, SavingCounter.Action>

  /// A step whose action draws a value captures the `NextSteps` that listed it: the run must
  /// not keep that cycle, nor the sessions, alive (it kept every run's sessions before).
  @Test(arguments: ["int", "bool", "string", "element", "clock", "none"])
  func aRunKeepsNothingAliveAfterItReturns(draw: String) async {
    weak var released: Sessions?
    do {
      let sessions = RandomSessions(initialState: SavingCounter.State()) { SavingCounter() }
      released = sessions
      _ = await sessions.run(count: 3, length: 5, seed: 1) { _, next in
        switch draw {
        case "int": next.send(.saveFinished(next.int(in: 0...3)))
        case "bool": next.send(.saveFinished(next.bool() ? 1 : 0))
        case "string": next.send(.noteChanged(next.string(maxLength: 3)))
        case "element": next.send(.noteChanged(next.element(of: ["a", "b"]) ?? ""))
        case "clock": next.advanceClock(by: .seconds(next.int(in: 1...3)))
        default: break
        }
        next.send(.incrementTapped)
      }
    }
    #expect(released == nil)
  }
}
