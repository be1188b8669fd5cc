import Core
import CoreTesting
import XCTest

/// The semantics of `TestStoreSemanticsTests`, under XCTest: what the state, pending actions
/// and assertion closures are between steps, and what fails with `XCTFail`.
final class TestStoreSemanticsXCTests: FailureRecordingTestCase {
  @MainActor
  func testStateLeavesOutActionsNotReceivedYet() async {
    let failures = await recordingFailures {
      let store = TestStore(initialState: 0) { Relay() }
      await store.send(.firstTapped) { $0 = 1 }
      XCTAssertEqual(store.state, 1)
      await store.receive(.secondArrived) { $0 = 2 }
      XCTAssertEqual(store.state, 2)
      store.exhaustivity = .off
      await store.send(.firstTapped) { $0 = 1 }
      await store.send(.addTapped) {
        XCTAssertEqual($0, 12)
        XCTAssertEqual(store.state, 1)
      }
      XCTAssertEqual(store.state, 12)
    }
    XCTAssertEqual(failures, [])
  }

  @MainActor
  func testAClosureWhenNothingChangedFails() async {
    let store = TestStore(initialState: 0) { Relay() }
    let line = #line + 2
    let failures = await recordingFailures {
      await store.send(.idleTapped) { $0 = 0 }
    }
    XCTAssertEqual(failures.map(\.line), [line])
    XCTAssertEqual(failures.first?.file, #filePath)
    XCTAssertTrue(
      failures.first?.description.contains(
        "Expected state to change, but no change occurred after 'send(.idleTapped)'") == true)
    XCTAssertTrue(
      failures.first?.description.contains("To fix, remove the closure") == true)
  }

  @MainActor
  func testSendingWhileActionsAreUnreceivedKeepsThem() async {
    let store = TestStore(initialState: 0) { Relay() }
    await store.send(.firstTapped) { $0 = 1 }
    let line = #line + 2
    let failures = await recordingFailures {
      await store.send(.addTapped) { $0 = 12 }
    }
    XCTAssertEqual(failures.map(\.line), [line])
    XCTAssertTrue(failures.first?.description.contains(".secondArrived") == true)
    let later = await recordingFailures {
      await store.receive(.secondArrived) { $0 = 2 }
      await store.finish()
    }
    XCTAssertEqual(later, [])
  }

  @MainActor
  func testAFailedReceiveConsumesNothingWhenNotExhaustive() async {
    let store = TestStore(initialState: 0) { Relay() }
    store.exhaustivity = .off
    await store.send(.firstTapped) { $0 = 1 }
    let line = #line + 2
    let failures = await recordingFailures {
      await store.receive(.idleArrived)
    }
    XCTAssertEqual(failures.map(\.line), [line])
    XCTAssertTrue(
      failures.first?.description.contains("Received instead (still pending):") == true)
    let later = await recordingFailures {
      await store.receive(.secondArrived) { $0 = 2 }
    }
    XCTAssertEqual(later, [])
  }

  @MainActor
  func testClosuresSeeTheDependenciesTheReducerSaw() async {
    let failures = await recordingFailures {
      let store = TestStore(initialState: 0) {
        Relay()
      } withDependencies: {
        $0.stamp = 42
      }
      await store.send(.stampTapped) { state in
        @Dependency(\.stamp) var stamp
        state = stamp
      }
      await store.receive(.stampArrived) { state in
        @Dependency(\.stamp) var stamp
        state = stamp + 1
      }
    }
    XCTAssertEqual(failures, [])
  }

  @MainActor
  func testSkippingActionsAndEffects() async {
    let failures = await recordingFailures {
      let clock = TestClock()
      let store: TestStoreOf<Relay> = TestStore(initialState: 0) {
        Relay()
      } withDependencies: {
        $0.clock = clock
      }
      await store.send(.firstTapped) { $0 = 1 }
      await store.skipReceivedActions()
      XCTAssertEqual(store.state, 2)
      await store.send(.timerStarted)
      await store.skipInFlightEffects()
      await store.finish()
    }
    XCTAssertEqual(failures, [])
    let line = #line + 2
    let strict = await recordingFailures {
      await TestStore(initialState: 0) { Relay() }.skipInFlightEffects()
    }
    XCTAssertEqual(strict.map(\.line), [line])
  }
}
