import Foundation
import Orders
import Testing

@testable import AppShell
import TestSupport

@Suite struct StateFileTests {
  @Test func savedStateLoadsBackEqual() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let fileURL = directory.file("nested/dir/state.json")
    #expect(try loadStateFile(fileURL) == .empty)

    try saveStateFile(sampleState(), to: fileURL)
    #expect(try loadStateFile(fileURL) == .restored(sampleState()))
  }

  @Test func savingReplacesTheFileAndLeavesNoTemporaryFiles() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let fileURL = directory.file("state.json")
    try saveStateFile(AppState(), to: fileURL)
    var state = sampleState()
    try saveStateFile(state, to: fileURL)
    state.activity.append("Later.")
    try saveStateFile(state, to: fileURL)
    #expect(try directory.contents() == ["state.json"])
    #expect(try loadStateFile(fileURL) == .restored(state))
  }

  @Test func fileIsReadableOnlyByItsOwner() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("state.json")
    try saveStateFile(sampleState(), to: url)
    let permissions = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions]
    #expect((permissions as? NSNumber)?.intValue == 0o600)
  }

  @Test func fileIsVersionedJSON() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("state.json")
    try saveStateFile(AppState(), to: url)
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
    #expect(object?["format"] as? String == "AppShell state")
    #expect(object?["version"] as? Int == 1)
    #expect(object?["state"] is [String: Any])
  }

  @Test func ordersBeingSubmittedWhenTheAppStoppedComeBackFailed() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let fileURL = directory.file("state.json")
    var state = sampleState()
    state.orders.list[id: 2]?.status = .submitted(progress: 75)
    try saveStateFile(state, to: fileURL)
    guard case let .restored(restored) = try loadStateFile(fileURL) else {
      Issue.record("expected the state to be restored")
      return
    }
    #expect(
      restored.orders.list[id: 2]?.status
        == .failed(
          reason: "The app quit while this order was being submitted; retry to submit it again."))
  }

  @Test(arguments: [
    ("{ not json", "it is not a valid state file (the file is not valid JSON)"),
    ("", "it is not a valid state file (the file is not valid JSON)"),
    (
      #"{"format": "AppShell state", "version": 1}"#,
      "it is not a valid state file ('state' is missing at the top level)"
    ),
    (
      #"{"format": "AppShell state", "version": 1, "state": {"profile": {}, "orders": {"list": [], "nextID": 1}, "activity": []}}"#,
      "it is not a valid state file ('name' is missing at 'state.profile')"
    ),
    (
      #"{"format": "AppShell state", "version": 2, "state": {"profile": {"name": "", "email": "", "address": {"street": "", "city": "", "postalCode": "", "country": ""}, "loyaltyPoints": 0, "draft": {}}, "orders": {"list": [], "nextID": 1}, "activity": []}}"#,
      "it is 'AppShell state' version 2; this app reads 'AppShell state' version 1"
    ),
  ])
  func corruptFileIsMovedAsideUntouched(_ contents: String, _ reason: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("state.json")
    try Data(contents.utf8).write(to: url)
    let fileURL = url
    let now: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_767_225_599) }

    let result = try loadStateFile(fileURL, now: now)

    let movedTo = directory.file("state.json.corrupt-20251231T235959Z").path
    #expect(result == .movedAside(movedTo: movedTo, reason: reason))
    #expect(try directory.contents() == ["state.json.corrupt-20251231T235959Z", "state.json.lock"])
    #expect(try FileContents.text(at: URL(fileURLWithPath: movedTo)) == contents)
  }

  @Test func asideFilesNeverOverwriteEachOther() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("state.json")
    let fileURL = url
    let now: @Sendable () -> Date = { Date(timeIntervalSince1970: 0) }
    for attempt in 1...3 {
      try Data("broken \(attempt)".utf8).write(to: url)
      _ = try loadStateFile(fileURL, now: now)
    }
    let names = [
      "state.json.corrupt-19700101T000000Z", "state.json.corrupt-19700101T000000Z-2",
      "state.json.corrupt-19700101T000000Z-3",
    ]
    #expect(try directory.contents() == names + ["state.json.lock"])
    #expect(
      try String(contentsOf: directory.file(names[2]), encoding: .utf8) == "broken 3")
  }

  @Test func directoryIsRefusedAndLeftAlone() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    #expect(throws: StateFileError.isDirectory(directory.url.path)) {
      try loadStateFile(directory.url)
    }
    #expect(FileManager.default.fileExists(atPath: directory.url.path))
  }

  // Root may rename files in a read-only directory, so this cannot be staged as root.
  @Test(.enabled(if: getuid() != 0, "needs a user that a read-only directory stops"))
  func badFileThatCannotBeMovedAsideStopsTheLoadAndStaysPut() throws {
    let directory = try TemporaryDirectory()
    defer {
      try? FileManager.default.setAttributes(
        [.posixPermissions: 0o755], ofItemAtPath: directory.url.path)
      directory.remove()
    }
    let url = directory.file("state.json")
    try Data("garbage".utf8).write(to: url)
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o555], ofItemAtPath: directory.url.path)

    #expect(throws: StateFileError.self) { try loadStateFile(url) }
    #expect(try String(contentsOf: url, encoding: .utf8) == "garbage")
  }

  @Test func savingIntoAnUnwritablePlaceSaysWhere() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Data().write(to: directory.file("blocker"))
    let url = directory.file("blocker/state.json")
    #expect {
      try saveStateFile(AppState(), to: url)
    } throws: { error in
      guard case let .cannotWrite(path, _) = error as? StateFileError else { return false }
      return path == url.path
    }
  }

  @Test func namesOfFilesMovedAsideAreUTCAndSortable() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("state.json")
    for (seconds, stamp) in [(0.0, "19700101T000000Z"), (1_767_225_599, "20251231T235959Z")] {
      try Data("garbage".utf8).write(to: url)
      let result = try loadStateFile(url, now: { Date(timeIntervalSince1970: seconds) })
      guard case let .movedAside(movedTo, _) = result else {
        Issue.record("expected the file to be moved aside, got \(result)")
        return
      }
      #expect(movedTo == directory.file("state.json.corrupt-\(stamp)").path)
    }
  }
}
