import Core
import CoreTesting
import Foundation
import Testing

/// The test a failing random session hands back compiles and passes as pasted: the sessions
/// below hand back the tests under HandedBack/, which this target compiles and runs, and these
/// tests check that the kit still hands back exactly their text.
@MainActor
struct RandomSessionTestSourceTests {
  /// The handed-back test of a session that sends `script`, one action a step, and breaks its
  /// rule at the last one.
  static func handedBack<State: Equatable, Action>(
    _ sessions: RandomSessions<State, Action>, testName: String,
    script: @escaping (State) -> RandomSessionStep<Action>?
  ) async -> String? {
    sessions.testSource.testName = testName
    var failure: RandomSessionFailure<Action>?
    _ = await capturingTestFailures {
      failure = await sessions.run(count: 1, length: 60, seed: 1) { state, next in
        switch script(state) {
        case let .send(action): next.send(action)
        case let .advanceClock(by: duration): next.advanceClock(by: duration)
        case nil: break
        }
      }
    }
    if let recording = failure?.recording { try? FileManager.default.removeItem(at: recording) }
    return failure?.testSource
  }

  /// The test pasted in the file at `path`: its text from its `@MainActor` line on.
  static func pasted(at path: String) throws -> String {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let start = try #require(text.range(of: "@MainActor\n@Test func"))
    return String(text[start.lowerBound...])
  }

  /// A file of HandedBack/, beside this one.
  static func handedBackFile(_ name: String, filePath: String = #filePath) -> String {
    URL(fileURLWithPath: filePath).deletingLastPathComponent()
      .appendingPathComponent("HandedBack").appendingPathComponent(name).path
  }

  @Test func aSessionCarryingEveryKindOfPayloadHandsBackTheTestInHandedBack() async throws {
    let sessions = RandomSessions(initialState: PayloadParade.State()) { PayloadParade() }
    sessions.invariant("the parade never ends") {
      $0.received < PayloadParade.script.count
    }
    let source = await Self.handedBack(sessions, testName: "payloadParadeSession") { state in
      state.received < PayloadParade.script.count
        ? .send(PayloadParade.script[state.received]) : nil
    }
    let pasted = try Self.pasted(at: Self.handedBackFile("PayloadParadeSession.swift"))
    #expect(source.map { $0 + "\n" } == pasted)
  }

  @Test func aSessionOfAFeatureKeyedByUUIDsHandsBackTheTestInHandedBack() async throws {
    let sessions = RandomSessions(initialState: HabitList.State()) { HabitList() }
    sessions.invariant("no habit is done") { $0.rows.allSatisfy { !$0.isDone } }
    let source = await Self.handedBack(
      sessions, testName: "habitListSession", script: HabitList.script)
    let pasted = try Self.pasted(at: Self.handedBackFile("HabitListSession.swift"))
    #expect(source.map { $0 + "\n" } == pasted)
  }
}
