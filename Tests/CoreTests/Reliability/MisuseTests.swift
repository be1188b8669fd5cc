import Foundation
import Testing

@testable import Core

/// Misuse the store survives: each case is reported as a runtime issue that says what happened,
/// where, and how to fix it, and the store goes on working.
@MainActor
@Suite struct MisuseTests {
  // MARK: Sending to a store whose state is gone

  @Test func sendingToADismissedChildIsDroppedWithAnActionableMessage() {
    let issues = RuntimeIssues()
    let store = Store(initialState: AppState()) { AppReducer() }
    store.send(.editorOpened)
    let editor = store.scope(state: \.editor, action: AppAction.editor)
    store.send(.editorClosed)

    issues.capture { editor?.send(.nameChanged("Ada")) }

    #expect(issues.count == 1)
    let message = issues.messages.first ?? ""
    #expect(message.contains("'Store<Profile, ProfileAction>.send'"))
    #expect(message.contains("'Store<AppState, AppAction>'"))
    #expect(message.contains("nameChanged(\"Ada\")"))
    #expect(message.contains("'\\AppState.editor'"))
    #expect(message.contains("dropped"))
    #expect(message.contains("To fix"))
    #expect(store.state.editor == nil)
  }

  @Test func sendingToAPoppedStackScreenIsDroppedWithAnActionableMessage() throws {
    let issues = RuntimeIssues()
    let store = Store(initialState: StackParent.State()) { StackParent() }
    store.send(.pushCounter)
    let id = try #require(store.state.path.ids.first)
    let screen = try #require(store.scope(state: \.path, id: id, action: StackParent.Action.path))
    store.send(.popToRoot)

    issues.capture { screen.send(.counter(.increment)) }

    #expect(issues.count == 1)
    let message = issues.messages.first ?? ""
    #expect(message.contains("increment"))
    #expect(message.contains("on a store scoped from 'Store<State, Action>' to '\\State.path[id: "))
    #expect(message.contains("dropped") && message.contains("To fix"))
    #expect(store.state.path.isEmpty)
    #expect(screen.state == .counter(Counter.State()))
  }

  @Test func sendingToARemovedElementIsDroppedAndTheRestGoesOn() {
    let issues = RuntimeIssues()
    let log = ReducedActions<AppAction>()
    let store = Store(initialState: AppState()) {
      Reduce<AppState, AppAction> { _, action in
        log.append(action)
        return .none
      }
      AppReducer()
    }
    store.send(.rowAdded(1))
    store.send(.rowAdded(2))
    let row = store.scope(state: \.rows[id: 1], action: { AppAction.row(id: 1, action: $0) })
    store.send(.rowRemoved(1))

    issues.capture {
      row?.send(.increment)
      store.send(.row(id: 2, action: .increment))
    }

    #expect(issues.count == 1)
    #expect(issues.messages.first?.contains("increment") == true)
    #expect(
      log.actions == [.rowAdded(1), .rowAdded(2), .rowRemoved(1), .row(id: 2, action: .increment)])
    #expect(store.state.rows[id: 2]?.value == 1)
  }

  @Test func sendingBelowAGoneStoreIsReportedOnce() {
    let issues = RuntimeIssues()
    let store = Store(initialState: AppState()) { AppReducer() }
    store.send(.editorOpened)
    let name = store.scope(state: \.editor, action: AppAction.editor)?.scope(state: \.name)
    store.send(.editorClosed)

    issues.capture { name?.send(.addressChanged("Elm Street")) }

    #expect(issues.count == 1)
    #expect(issues.messages.first?.contains("'\\AppState.editor'") == true)
  }

  @Test func aChildWhoseStateComesBackWorksAgain() {
    let issues = RuntimeIssues()
    let store = Store(initialState: AppState()) { AppReducer() }
    store.send(.rowAdded(1))
    let row = store.scope(state: \.rows[id: 1], action: { AppAction.row(id: 1, action: $0) })
    store.send(.rowRemoved(1))
    issues.capture { row?.send(.increment) }
    store.send(.rowAdded(1))

    issues.capture { row?.send(.increment) }

    #expect(issues.count == 1)
    #expect(row?.state.value == 1)
    #expect(store.state.rows[id: 1]?.value == 1)
  }

  @Test func childActionsReachingAMissingChildAreReportedByTheirReducer() {
    let issues = RuntimeIssues()
    let store = Store(initialState: AppState()) { AppReducer() }

    issues.capture {
      store.send(.editor(.nameChanged("Ada")))
      store.send(.row(id: 9, action: .increment))
    }

    #expect(issues.count == 2)
    let ifLet = issues.messages.first ?? ""
    #expect(ifLet.contains("'ifLet'") && ifLet.contains("'AppState'"))
    #expect(ifLet.contains("nameChanged(\"Ada\")") && ifLet.contains("To fix"))
    let forEach = issues.messages.last ?? ""
    #expect(forEach.contains("'forEach'") && forEach.contains("'AppState'"))
    #expect(forEach.contains("'9'") && forEach.contains("To fix"))
  }

  // MARK: Observing a store whose state is gone

  @Test func observingAGoneStoreDeliversItsLastValueOnceAndThenWaits() {
    let issues = RuntimeIssues()
    let store = Store(initialState: AppState()) { AppReducer() }
    store.send(.rowAdded(1))
    store.send(.row(id: 1, action: .increment))
    let row = store.scope(state: \.rows[id: 1], action: { AppAction.row(id: 1, action: $0) })
    store.send(.rowRemoved(1))
    var values: [Int] = []

    let subscription = issues.capture { row?.observe { values.append($0.value) } }
    store.send(.unrelatedChanged)
    store.send(.rowAdded(2))
    #expect(values == [1])

    store.send(.rowAdded(1))
    store.send(.row(id: 1, action: .increment))

    #expect(values == [1, 0, 1])
    #expect(issues.messages == [])
    withExtendedLifetime(subscription) {}
  }

  // MARK: Effects that throw

  @Test func unhandledEffectErrorNamesTheErrorAndWhereTheEffectWasCreated() async {
    struct Timeout: Error, CustomStringConvertible {
      var description: String { "Timeout after 3 tries" }
    }
    let issues = RuntimeIssues()
    let line = #line + 3
    let store = Relay.store { value in
      if value == 0 {
        return .run { _ in throw Timeout() }
      }
      return .run { send in await send(.received(value)) }
    }

    await issues.capture {
      await store.send(.trigger(0)).finish()
      await store.send(.trigger(1)).finish()
    }

    #expect(issues.count == 1)
    let message = issues.messages.first ?? ""
    #expect(message.contains("threw an unhandled error"))
    #expect(message.contains("Timeout after 3 tries"))
    #expect(message.contains("MisuseTests.swift:\(line)"))
    #expect(message.contains("'catch:'"))
    #expect(issues.locations.first??.line == UInt(line))
    // The store keeps working.
    #expect(store.state == [1])
  }

  @Test func caughtEffectErrorsBecomeActionsAndAreNotReported() async {
    struct Failure: Error {}
    let issues = RuntimeIssues()
    let store = Relay.store { value in
      .run { _ in
        throw Failure()
      } catch: { _, send in
        await send(.received(value))
      }
    }

    await issues.capture { await store.send(.trigger(4)).finish() }

    #expect(store.state == [4])
    #expect(issues.messages == [])
  }

  @Test func errorsOtherThanCancellationAreReportedEvenAfterCancellation() async {
    struct Failure: Error {}
    let issues = RuntimeIssues()
    let gate = EffectGate()
    let started = ArrivalCounter()
    let store = Relay.store { _ in
      .run { _ in
        started.arrive()
        await gate.wait()
        throw Failure()
      }
      .cancellable(id: 1)
    }

    await issues.capture {
      let task = store.send(.trigger(0))
      await started.wait(for: 1)
      store.send(.cancel(1))
      gate.open()
      await task.finish()
    }

    #expect(issues.messages.count == 1)
    #expect(issues.messages.first?.contains("threw an unhandled error: Failure()") == true)
  }

  @Test func thousandsOfEffectsThrowingAtOnceAreAllReported() async {
    struct Failure: Error {}
    let issues = RuntimeIssues()
    let store = Relay.store { value in
      .merge(
        (0..<2_000).map { index in
          .run { send in
            if index.isMultiple(of: 2) { throw Failure() }
            await send(.received(index))
          }
        })
    }

    await issues.capture { await store.send(.trigger(0)).finish() }

    #expect(issues.count == 1_000)
    #expect(store.state.count == 1_000)
  }

  // MARK: A `send` that escaped its effect

  @Test func escapedSendUsedAfterTheEffectWasCancelledDeliversNothing() async {
    let escaped = EscapedSend<Relay.Action>()
    let gate = EffectGate()
    let started = ArrivalCounter()
    let store = Relay.store { _ in
      .run { send in
        escaped.keep(send)
        started.arrive()
        await gate.wait()
      }
      .cancellable(id: 1)
    }
    let task = store.send(.trigger(0))
    await started.wait(for: 1)
    store.send(.cancel(1))

    // From a task that is not cancelled: only the effect's own cancellation can stop it.
    await escaped.send(.received(1))
    gate.open()
    await task.finish()

    #expect(store.state == [])
  }

  @Test func escapedSendUsedAfterTheEffectFinishedIsReportedAndDropped() async {
    let issues = RuntimeIssues()
    let escaped = EscapedSend<Relay.Action>()
    let store = Relay.store { _ in
      .run { send in escaped.keep(send) }
    }
    await store.send(.trigger(0)).finish()

    await issues.capture { await escaped.send(.received(1)) }

    #expect(store.state == [])
    #expect(issues.count == 1)
    let message = issues.messages.first ?? ""
    #expect(message.contains("received(1)"))
    #expect(message.contains("finished"))
    #expect(message.contains("To fix"))
  }

  // MARK: Dependencies without a test value

  @Test func liveStoreUsesTheLiveValueSilently() async {
    let issues = RuntimeIssues()
    let store = Relay.store { _ in
      .run { send in
        @Dependency(\.reliabilityNumber) var number
        await send(.received(number.value))
      }
    }

    await issues.capture { await store.send(.trigger(0)).finish() }

    #expect(store.state == [7])
    #expect(issues.messages == [])
  }

  @Test func dependencyWithoutTestValueUnderTestContextIsReportedAndFallsBack() async {
    let issues = RuntimeIssues()
    let store = DependencyValues.$current.withValue(DependencyValues(context: .test)) {
      Relay.store { _ in
        .run { send in
          @Dependency(\.reliabilityNumber) var number
          await send(.received(number.value))
        }
      }
    }

    await issues.capture { await store.send(.trigger(0)).finish() }

    #expect(store.state == [7])
    #expect(issues.count == 1)
    let message = issues.messages.first ?? ""
    #expect(message.contains("'ReliabilityNumberKey' has no 'testValue'"))
    #expect(message.contains("To fix"))
    #expect(message.contains("withDependencies"))
  }

  @Test func overriddenDependencyIsNotReported() async {
    let issues = RuntimeIssues()
    let store = DependencyValues.$current.withValue(DependencyValues(context: .test)) {
      Store(initialState: [Int]()) {
        Reduce<[Int], Relay.Action> { state, action in
          switch action {
          case .trigger:
            return .run { send in
              @Dependency(\.reliabilityNumber) var number
              await send(.received(number.value))
            }
          case let .received(value):
            state.append(value)
            return .none
          case .cancel:
            return .none
          }
        }
      } withDependencies: {
        $0.reliabilityNumber = ReliabilityNumber(value: 42)
      }
    }

    await issues.capture { await store.send(.trigger(0)).finish() }

    #expect(store.state == [42])
    #expect(issues.messages == [])
  }

  @Test func clockWithoutTestValueIsReportedAndStillWorks() async {
    let issues = RuntimeIssues()
    let store = DependencyValues.$current.withValue(DependencyValues(context: .test)) {
      Relay.store { value in
        .run { send in
          @Dependency(\.clock) var clock
          try await clock.sleep(for: .milliseconds(1))
          await send(.received(value))
        }
      }
    }

    await issues.capture { await store.send(.trigger(3)).finish() }

    #expect(store.state == [3])
    // Reported on each use (reading `now`, sleeping); a test store reports it once.
    #expect(issues.count > 0)
    #expect(issues.messages.allSatisfy { $0.contains("'\\.clock' has no test value") })
  }

  // MARK: Bad input

  @Test func decodingDuplicateIDsIsAnErrorNamingTheID() {
    let json = Data(#"[{"id":1,"value":0},{"id":2,"value":0},{"id":1,"value":5}]"#.utf8)

    #expect {
      try JSONDecoder().decode(IdentifiedArray<CodableRow>.self, from: json)
    } throws: { error in
      "\(error)".contains("Duplicate id '1'")
    }
  }
}

/// Holds a `send` that an effect let escape, to call it later from outside the effect.
final class EscapedSend<Action>: Sendable {
  private let storage = Locked<Send<Action>?>(nil)

  func keep(_ send: Send<Action>) {
    storage.withLock { $0 = send }
  }

  @MainActor
  func send(_ action: Action) async {
    let send = storage.withLock { $0 }
    send?(action)
  }
}

/// A row that can be decoded, for the bad-input test.
struct CodableRow: Codable, Identifiable, Equatable {
  let id: Int
  var value: Int
}

/// A dependency with a live value only.
struct ReliabilityNumber: Sendable {
  var value: Int
}

enum ReliabilityNumberKey: DependencyKey {
  static let liveValue = ReliabilityNumber(value: 7)
}

extension DependencyValues {
  var reliabilityNumber: ReliabilityNumber {
    get { self[ReliabilityNumberKey.self] }
    set { self[ReliabilityNumberKey.self] = newValue }
  }
}
