import Foundation
import Testing

@testable import Core

/// `@Dependency`, `Effect`, `Send`, `StoreTask` and the runtime-issue reporter used from
/// background executors, many tasks at once.
@MainActor
@Suite struct ThreadSafetyTests {
  @Test func effectOperationsRunOffTheMainThread() async {
    let onMain = Locked<[Bool]>([])
    let store = Relay.store { value in
      .merge(
        (0..<100).map { _ in
          .run { send in
            onMain.withLock { $0.append(isMainThread()) }
            await send(.received(value))
          }
        })
    }

    await store.send(.trigger(1)).finish()

    #expect(store.state.count == 100)
    #expect(onMain.withLock { $0 } == Array(repeating: false, count: 100))
  }

  @Test func backgroundEffectsOfTwoStoresEachSeeTheirOwnDependencies() async {
    func makeStore(_ value: Int) -> Store<[Int], Relay.Action> {
      withDependencies {
        $0.reliabilityNumber = ReliabilityNumber(value: value)
      } operation: {
        Relay.store { _ in
          .merge(
            (0..<500).map { _ in
              .run { send in
                @Dependency(\.reliabilityNumber) var number
                let before = number.value
                await Task.yield()
                await send(.received(before == number.value ? number.value : -1))
              }
            })
        }
      }
    }
    let first = makeStore(7)
    let second = makeStore(42)

    async let firstDone: Void = first.send(.trigger(0)).finish()
    async let secondDone: Void = second.send(.trigger(0)).finish()
    _ = await (firstDone, secondDone)

    #expect(first.state == Array(repeating: 7, count: 500))
    #expect(second.state == Array(repeating: 42, count: 500))
  }

  @Test func concurrentOverridesInDetachedTasksDoNotLeakIntoEachOther() async {
    let mismatches = await withTaskGroup(of: Int.self) { group in
      for value in 0..<200 {
        group.addTask {
          await withDependencies {
            $0.reliabilityNumber = ReliabilityNumber(value: value)
          } operation: {
            var mismatches = 0
            for _ in 0..<20 {
              @Dependency(\.reliabilityNumber) var number
              if number.value != value { mismatches += 1 }
              await Task.yield()
            }
            return mismatches
          }
        }
      }
      var total = 0
      for await count in group { total += count }
      return total
    }

    #expect(mismatches == 0)
    @Dependency(\.reliabilityNumber) var number
    #expect(number.value == 7)
  }

  @Test func effectBuiltOnABackgroundTaskKeepsTheDependenciesItWasBuiltWith() async {
    let built = await Task.detached {
      withDependencies {
        $0.reliabilityNumber = ReliabilityNumber(value: 5)
      } operation: {
        Effect<Relay.Action>.run { send in
          @Dependency(\.reliabilityNumber) var number
          await send(.received(number.value))
        }
      }
    }.value
    let store = withDependencies {
      $0.reliabilityNumber = ReliabilityNumber(value: 9)
    } operation: {
      Relay.store { _ in built }
    }

    await store.send(.trigger(0)).finish()

    #expect(store.state == [5])
  }

  @Test func sendsFromManyBackgroundTasksAreEachReducedOnceInTheirOrder() async {
    let store = Relay.store { _ in .none }

    await withTaskGroup(of: Void.self) { group in
      for sender in 0..<100 {
        group.addTask {
          for step in 0..<100 {
            await store.send(.received(sender * 1_000 + step))
          }
        }
      }
    }

    #expect(store.state.count == 10_000)
    for sender in 0..<100 {
      let own = store.state.filter { $0 / 1_000 == sender }
      #expect(own == (0..<100).map { sender * 1_000 + $0 }, "sender \(sender)")
    }
  }

  @Test func storeTaskAwaitedFromManyBackgroundTasks() async {
    let gate = EffectGate()
    let started = ArrivalCounter()
    let finished = ArrivalCounter()
    let store = Relay.store { value in Relay.gated(value, gate: gate, started: started) }
    let task = store.send(.trigger(3))
    await started.wait(for: 1)

    let waiters = (0..<50).map { _ in
      Task.detached {
        await task.finish()
        finished.arrive()
      }
    }
    #expect(finished.count == 0)
    gate.open()
    for waiter in waiters { await waiter.value }

    #expect(finished.count == 50)
    #expect(store.state == [3])
  }

  @Test func actionExtractionFromManyThreadsAtOnce() async {
    // Fresh extractors, so that the first look-ups (which cache what they learn) race.
    let profile = ChildRoute<AppAction, ProfileAction>(AppAction.profile)
    let row = ChildRoute<AppAction, (id: Int, action: RowAction)>(AppAction.row)
    let module = ChildRoute<ModelApp.Action, ModelApp.ModuleAction>(ModelApp.Action.module)
    let errors = await withTaskGroup(of: Int.self) { group in
      for worker in 0..<8 {
        group.addTask {
          var errors = 0
          for step in 0..<5_000 {
            let value = worker * 10_000 + step
            let name = "\(value)"
            if profile.extract(.profile(.nameChanged(name))) != .nameChanged(name) { errors += 1 }
            if profile.extract(.editor(.nameChanged(name))) != nil { errors += 1 }
            if profile.extract(.rowAdded(value)) != nil { errors += 1 }
            let extracted = row.extract(.row(id: value, action: .increment))
            if extracted?.id != value || extracted?.action != .increment { errors += 1 }
            if row.extract(.rowRemoved(value)) != nil { errors += 1 }
            if module.extract(.module(.account(.nameSet(value)))) != .account(.nameSet(value)) {
              errors += 1
            }
            if module.extract(.account(.nameSet(value))) != nil { errors += 1 }
          }
          return errors
        }
      }
      var total = 0
      for await count in group { total += count }
      return total
    }

    #expect(errors == 0)
  }

  @Test func issuesReportedFromManyTasksReachTheCapturingTest() async {
    let issues = RuntimeIssues()

    await issues.capture {
      await withTaskGroup(of: Void.self) { group in
        for index in 0..<1_000 {
          group.addTask { IssueReporting.report("issue \(index)") }
        }
      }
    }

    #expect(issues.count == 1_000)
    #expect(Set(issues.messages).count == 1_000)
  }

  @Test func statesConsumedOnABackgroundTask() async {
    let store = Store(initialState: AppState()) { AppReducer() }
    let names = store.scope(state: \.profile, action: AppAction.profile).states
    let received = ArrivalCounter()
    let consumer = Task.detached {
      var values: [String] = []
      for await profile in names {
        values.append(profile.name)
        received.arrive()
        if profile.name == "C" { break }
      }
      return values
    }
    await received.wait(for: 1)

    for name in ["A", "A", "B", "C"] {
      store.send(.profile(.nameChanged(name)))
      store.send(.unrelatedChanged)
      await received.wait(for: ["A": 2, "B": 3, "C": 4][name] ?? 0)
    }

    #expect(await consumer.value == ["", "A", "B", "C"])
  }
}

/// Whether the caller runs on the main thread (a synchronous helper, callable from async code).
func isMainThread() -> Bool {
  Thread.isMainThread
}
