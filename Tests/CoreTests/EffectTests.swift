import Testing

@testable import Core

@MainActor
@Suite struct EffectTests {
  enum Action: Equatable, Sendable {
    case start
    case tick(Int)
    case startLong
    case cancelLong
    case fail
    case sequence
    case nested
    case finished
  }

  struct Feature: Reducer {
    let gate: Gate

    func reduce(into state: inout [String], action: Action) -> Effect<Action> {
      switch action {
      case .start:
        state.append("start")
        return .run { send in
          await send(.tick(1))
          await send(.tick(2))
        }
      case let .tick(value):
        state.append("tick \(value)")
        return .none
      case .startLong:
        state.append("long")
        return .run { [gate] send in
          await gate.wait()
          await send(.finished)
        }
        .cancellable(id: "long", cancelInFlight: true)
      case .cancelLong:
        return .cancel(id: "long")
      case .fail:
        return .run { _ in throw TestError.boom }
      case .sequence:
        return .concatenate(
          .run { send in await send(.tick(10)) },
          .send(.tick(11)),
          .run { send in await send(.tick(12)) }
        )
      case .nested:
        return .merge(.send(.tick(20)), .none, .send(.tick(21)))
      case .finished:
        state.append("finished")
        return .none
      }
    }
  }

  enum TestError: Error { case boom }

  @Test func runFeedsActionsBackAndFinishWaitsForThem() async {
    let store = Store(initialState: [String]()) { Feature(gate: Gate()) }
    await store.send(.start).finish()
    #expect(store.state == ["start", "tick 1", "tick 2"])
  }

  @Test func mergeOfSendsIsDeliveredInOrderBeforeSendReturns() {
    let store = Store(initialState: [String]()) { Feature(gate: Gate()) }
    store.send(.nested)
    #expect(store.state == ["tick 20", "tick 21"])
  }

  @Test func concatenateRunsInOrder() async {
    let store = Store(initialState: [String]()) { Feature(gate: Gate()) }
    await store.send(.sequence).finish()
    #expect(store.state == ["tick 10", "tick 11", "tick 12"])
  }

  @Test func cancelByIDStopsTheEffectAndDropsItsActions() async {
    let gate = Gate()
    let store = Store(initialState: [String]()) { Feature(gate: gate) }
    let task = store.send(.startLong)
    store.send(.cancelLong)
    gate.open()
    await task.finish()
    #expect(store.state == ["long"])
  }

  @Test func cancelInFlightKeepsOnlyTheLatest() async {
    let gate = Gate()
    let store = Store(initialState: [String]()) { Feature(gate: gate) }
    let first = store.send(.startLong)
    let second = store.send(.startLong)
    gate.open()
    await first.finish()
    await second.finish()
    #expect(store.state == ["long", "long", "finished"])
  }

  @Test func storeTaskCancel() async {
    let gate = Gate()
    let store = Store(initialState: [String]()) { Feature(gate: gate) }
    let task = store.send(.startLong)
    task.cancel()
    #expect(task.isCancelled)
    gate.open()
    await task.finish()
    #expect(store.state == ["long"])
  }

  @Test func releasingTheRootStoreCancelsItsEffects() async {
    let gate = Gate()
    var store: Store<[String], Action>? = Store(initialState: [String]()) { Feature(gate: gate) }
    weak let weakStore = store
    let task = store!.send(.startLong)
    store = nil
    #expect(weakStore == nil)
    gate.open()
    await task.finish()
    #expect(task.isCancelled == false)  // cancelled by the store, not through the task
  }

  @Test func unhandledErrorsAreReported() async {
    let store = Store(initialState: [String]()) { Feature(gate: Gate()) }
    let issues = await collectingIssues {
      await store.send(.fail).finish()
    }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("boom") == true)
    #expect(issues.first?.contains("EffectTests.swift") == true)
  }

  @Test func catchHandlerTurnsErrorsIntoActions() async {
    let store = Store(initialState: [String]()) {
      Reduce<[String], String> { state, action in
        state.append(action)
        guard action == "go" else { return .none }
        return .run { _ in
          throw TestError.boom
        } catch: { error, send in
          await send("caught \(error)")
        }
      }
    }
    await store.send("go").finish()
    #expect(store.state == ["go", "caught boom"])
  }

  @Test func mapTransformsEveryKindOfEffect() async {
    let base = Effect<Int>.merge(.send(1), .run { send in await send(2) })
    let mapped = base.map { "\($0)" }
    let store = Store(initialState: [String]()) {
      Reduce<[String], String> { state, action in
        state.append(action)
        return action == "go" ? mapped : .none
      }
    }
    await store.send("go").finish()
    #expect(store.state == ["go", "1", "2"])
  }
}

/// A one-shot gate an effect can wait on.
final class Gate: Sendable {
  private let state = Locked<(isOpen: Bool, waiters: [CheckedContinuation<Void, Never>])>(
    (false, []))

  func open() {
    let waiters = state.withLock { state in
      state.isOpen = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  func wait() async {
    await withCheckedContinuation { continuation in
      let resumeNow = state.withLock { state in
        if state.isOpen { return true }
        state.waiters.append(continuation)
        return false
      }
      if resumeNow { continuation.resume() }
    }
  }
}
