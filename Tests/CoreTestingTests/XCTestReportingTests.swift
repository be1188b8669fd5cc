import Core
import CoreTesting
import XCTest

/// The test store under XCTest: failures go to `XCTFail` with the caller's file and line.
final class XCTestReportingTests: FailureRecordingTestCase {
  @MainActor
  func testWrongStateIsReportedWithXCTFailAtTheCallersLine() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    let line = #line + 2
    let failures = await recordingFailures {
      await store.send(.incrementTapped) { $0.count = 3 }
    }
    XCTAssertEqual(failures.count, 1)
    XCTAssertEqual(failures.first?.line, line)
    XCTAssertEqual(failures.first?.file, #filePath)
    XCTAssertTrue(failures.first?.description.contains("- count: 3") == true)
    XCTAssertTrue(failures.first?.description.contains("+ count: 1") == true)
  }

  @MainActor
  func testMissingReceivedActionIsReportedWithXCTFail() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    let line = #line + 2
    let failures = await recordingFailures {
      await store.receive(.echoed)
    }
    XCTAssertEqual(failures.map(\.line), [line])
    XCTAssertTrue(failures.first?.description.contains("Expected to receive '.echoed'") == true)
  }

  @MainActor
  func testReleasedStoreReportsALeftoverActionWithXCTFail() async {
    let line = #line + 2
    let failures = await recordingFailures {
      let store = TestStore(initialState: Counter.State()) { Counter() }
      await store.send(.echoTapped)
    }
    XCTAssertEqual(failures.map(\.line), [line])
    XCTAssertTrue(
      failures.first?.description.contains(
        "1 action received from effects was not asserted when the test store was released")
        == true)
  }

  @MainActor
  func testUnimplementedDependencyIsReportedWithXCTFail() async {
    let line = #line + 3
    let failures = await recordingFailures {
      let store = TestStore(initialState: Counter.State()) { Counter() }
      await store.send(.fetchTapped)
      await store.receive(.fetched(0)) { $0.fetched = 0 }
    }
    XCTAssertEqual(failures.map(\.line), [line])
    XCTAssertTrue(failures.first?.description.contains("NumberClientKey") == true)
  }

  @MainActor
  func testReportIssueOutsideAnyStoreIsReportedWithXCTFailAtItsLine() async {
    let line = #line + 2
    let failures = await recordingFailures {
      reportIssue("Reported by the test itself, outside any store.")
    }
    XCTAssertEqual(failures.map(\.line), [line])
    XCTAssertEqual(failures.first?.file, #filePath)
    XCTAssertTrue(failures.first?.description.contains("outside any store") == true)
  }

  @MainActor
  func testALiveStoresIssueIsReportedWithXCTFail() async {
    let store = Store(initialState: Sheet.State()) { Sheet() }
    let failures = await recordingFailures {
      store.send(.counter(.presented(.incrementTapped)))
    }
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(failures.first?.description.contains("while nothing was presented") == true)
    // Found by the sheet's reducer, so recorded at its `ifLet`.
    XCTAssertTrue(failures.first?.file.hasSuffix("Support/Sheet.swift") == true)
  }

  @MainActor
  func testPassingTestRecordsNothing() async {
    let failures = await recordingFailures {
      let store = TestStore(initialState: Counter.State()) { Counter() }
      await store.send(.echoTapped)
      await store.receive(.echoed) { $0.count = 10 }
      await store.finish()
    }
    XCTAssertEqual(failures, [])
  }
}
