import Core
import CoreTesting
import Foundation
import Testing

/// A feature whose effect computes for a while without sleeping, then reports; and one whose
/// effect waits on a real clock, which the session does not drive.
private struct Computing: Reducer {
  struct State: Equatable { var results: [Int] = [] }
  enum Action: Equatable {
    case computeTapped
    case waitTapped
    case computed(Int)
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .computeTapped:
        return .run { send in
          // Works for 200 ms without a sleep, as a parser or an image filter would.
          let start = ContinuousClock.now
          var value = 0
          while start.duration(to: .now) < .milliseconds(200) { value &+= 1 }
          await send(.computed(-1))
        }
      case .waitTapped:
        return .run { send in
          try await Task.sleep(for: .seconds(30))
          await send(.computed(1))
        }
      case let .computed(value):
        state.results.append(value)
        return .none
      }
    }
  }
}

@MainActor
struct RandomSessionEffectTests {
  @Test func anEffectThatComputesIsWaitedForAndItsResultChecked() async {
    let sessions = RandomSessions(initialState: Computing.State()) { Computing() }
    sessions.invariant("results are never negative") { $0.results.allSatisfy { $0 >= 0 } }
    var failure: RandomSessionFailure<Computing.Action>?
    _ = await capturingTestFailures {
      failure = await sessions.run(count: 2, length: 2, seed: 1) { _, next in
        next.send(.computeTapped)
      }
    }
    #expect(failure?.steps == [.send(.computeTapped)])
    #expect(failure?.reason == .invariant("results are never negative"))
  }

  @Test func anEffectWaitingOnAnotherClockFailsTheRunNamingIt() async {
    let sessions = RandomSessions(initialState: Computing.State()) { Computing() }
    sessions.effectTimeout = .milliseconds(300)
    var failure: RandomSessionFailure<Computing.Action>?
    let captured = await capturingTestFailures {
      failure = await sessions.run(count: 2, length: 2, seed: 1) { _, next in
        next.send(.waitTapped)
      }
    }
    #expect(captured.count == 1)
    guard case let .effectDidNotSettle(location) = failure?.reason else {
      Issue.record(
        "The failure is not an effect that did not settle: \(String(describing: failure?.reason))")
      return
    }
    #expect(location.hasPrefix("CoreTestingTests/RandomSessionEffectTests.swift:"))
    #expect(captured.first?.message.contains("had an effect that did not settle at step 1") == true)
  }
}
