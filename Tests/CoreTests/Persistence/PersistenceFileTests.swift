import Foundation
import Testing

@testable import Core
import TestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// On disk: atomic replacement, files moved aside and pruned, paths that are not regular files
/// refused untouched, and the lock file naming its holder.
@MainActor
@Suite struct PersistenceFileTests {
  let storage = FileSystemStorage()

  @Test func aSaveCreatesTheDirectoryAndLeavesNoTemporaryFile() throws {
    let directory = try TemporaryDirectory(prefix: "PersistenceTests")
    defer { directory.remove() }
    let url = directory.file("nested/dir/state.json")
    let persisted = try PersistedState.open(.preferences, at: url, storage: storage)
    persisted.save(Preferences(theme: "one"))
    persisted.save(Preferences(theme: "two"))
    #expect(persisted.flush() == nil)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
        .sorted() == ["state.json", "state.json.lock"])
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    let reopened = try PersistedState.open(.preferences, at: url, readOnly: true, storage: storage)
    #expect(reopened.value?.theme == "two")
  }

  @Test func openingRemovesTheTemporaryFilesOfAWriterKilledMidSave() throws {
    let directory = try TemporaryDirectory(prefix: "PersistenceTests")
    defer { directory.remove() }
    let url = directory.file("state.json")
    let half = ".state.json.\(UUID().uuidString).tmp"
    let other = ".other.json.\(UUID().uuidString).tmp"
    try Data("half".utf8).write(to: directory.file(half))
    try Data("other".utf8).write(to: directory.file(other))
    let persisted = try PersistedState.open(.preferences, at: url, storage: storage)
    #expect(try directory.contents() == [other, "state.json.lock"])
    withExtendedLifetime(persisted) {}
  }

  @Test func takingTheLockRemovesOnlyTheTemporaryFilesOfThatFile() throws {
    let directory = try TemporaryDirectory(prefix: "PersistenceTests")
    defer { directory.remove() }
    let own = ".settings.json.\(UUID().uuidString).tmp"
    let others = [
      // A writer's temporary files for `settings.json.bak` and for `settings.json.<UUID>`.
      ".settings.json.bak.\(UUID().uuidString).tmp",
      ".settings.json.\(UUID().uuidString).\(UUID().uuidString).tmp",
      // Names a writer never makes.
      ".settings.json.1234.tmp",
      ".settings.json.\(UUID().uuidString.lowercased()).tmp",
      ".settings.json..tmp",
    ]
    for name in [own] + others { try Data(name.utf8).write(to: directory.file(name)) }
    let settings = try PersistedState.open(
      .preferences, at: directory.file("settings.json"), storage: storage)
    #expect(try directory.contents() == (others + ["settings.json.lock"]).sorted())
    withExtendedLifetime(settings) {}
  }

  @Test func theLockFileNamesItsHolderAndIsFreedOnRelease() throws {
    let directory = try TemporaryDirectory(prefix: "PersistenceTests")
    defer { directory.remove() }
    let url = directory.file("state.json")
    var first: PersistedState<Preferences>? = try PersistedState.open(
      .preferences, at: url, storage: storage)
    #expect(throws: PersistenceError.inUse(url.path, pid: getpid())) {
      try PersistedState.open(.preferences, at: url, storage: storage)
    }
    withExtendedLifetime(first) {}
    first = nil
    _ = try openingOnceReleased {
      try PersistedState.open(.preferences, at: url, storage: storage)
    }
  }

  @Test func theHoldersIdIsReadOnlyFromAWholeLine() {
    #expect(FileLock.pid(in: Array("4242\n".utf8)) == 4242)
    // A shorter id written over a longer one, before the file is cut to it.
    #expect(FileLock.pid(in: Array("42\n4242\n".utf8)) == 42)
    // Created and not written yet, or a write cut short.
    #expect(FileLock.pid(in: Array("".utf8)) == nil)
    #expect(FileLock.pid(in: Array("4242".utf8)) == nil)
    #expect(FileLock.pid(in: Array("0\n".utf8)) == nil)
    #expect(FileLock.pid(in: Array("-4242\n".utf8)) == nil)
    #expect(FileLock.pid(in: Array("pid\n".utf8)) == nil)
  }

  @Test func aSecondOpenerWaitsForAHolderThatHasNotWrittenItsIdYet() throws {
    let directory = try TemporaryDirectory(prefix: "PersistenceTests")
    defer { directory.remove() }
    let url = directory.file("state.json")
    // A holder that has just taken the lock, on a new and still empty lock file.
    let holder = unsafe open(url.path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    #expect(holder >= 0)
    defer { close(holder) }
    #expect(flock(holder, LOCK_EX | LOCK_NB) == 0)
    let line = Array("\(getpid())\n".utf8)
    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) {
      _ = unsafe line.withUnsafeBytes { unsafe pwrite(holder, $0.baseAddress, $0.count, 0) }
    }
    #expect(throws: PersistenceError.inUse(url.path, pid: getpid())) {
      try FileLock.acquire(for: url, waitingForHolder: .seconds(60))
    }
  }

  @Test func aHolderThatNamesNoLiveProcessIsReportedWithoutAnId() throws {
    let directory = try TemporaryDirectory(prefix: "PersistenceTests")
    defer { directory.remove() }
    let url = directory.file("state.json")
    // The id a former holder left (no process has it), under a holder that never writes its own.
    try Data("\(Int32.max)\n".utf8).write(to: URL(fileURLWithPath: url.path + ".lock"))
    let holder = unsafe open(url.path + ".lock", O_RDWR | O_CLOEXEC)
    #expect(holder >= 0)
    defer { close(holder) }
    #expect(flock(holder, LOCK_EX | LOCK_NB) == 0)
    #expect(throws: PersistenceError.inUse(url.path, pid: nil)) {
      try FileLock.acquire(for: url, waitingForHolder: .milliseconds(20))
    }
    #expect(
      PersistenceError.inUse(url.path, pid: nil).description
        == "'\(url.path)' is in use by another process; open it read-only to look without "
        + "saving.")
  }

  @Test func anUndecodableFileIsMovedAsideUnderATimestampAndOnlyTheNewestAreKept() throws {
    let directory = try TemporaryDirectory(prefix: "PersistenceTests")
    defer { directory.remove() }
    let url = directory.file("state.json")
    for day in 1...5 {
      try Data("old \(day)".utf8).write(
        to: directory.file("state.json.corrupt-2025010\(day)T000000Z"))
    }
    try Data("garbage".utf8).write(to: url)
    let persisted = try PersistedState.open(
      .preferences, at: url, now: { Date(timeIntervalSince1970: 1_767_225_599) },
      storage: storage)
    let movedTo = directory.file("state.json.corrupt-20251231T235959Z").path
    #expect(
      persisted.outcome
        == .movedAside(
          movedTo: movedTo, reason: "it is not a valid state file (the file is not valid JSON)",
          removed: [directory.file("state.json.corrupt-20250101T000000Z").path]))
    #expect(try Data(contentsOf: URL(fileURLWithPath: movedTo)) == Data("garbage".utf8))
    #expect(!FileManager.default.fileExists(atPath: url.path))
    #expect(try directory.contents().filter { $0.contains("corrupt") }.count == 5)
  }

  @Test func twoFilesMovedAsideInTheSameSecondBothStay() throws {
    let directory = try TemporaryDirectory(prefix: "PersistenceTests")
    defer { directory.remove() }
    let url = directory.file("state.json")
    var paths: [String] = []
    for _ in 1...2 {
      try Data("garbage".utf8).write(to: url)
      // The lock the previous round released may still be held by a process another test
      // spawns at that moment.
      let persisted = try openingOnceReleased {
        try PersistedState.open(
          .preferences, at: url, now: { Date(timeIntervalSince1970: 0) }, storage: storage)
      }
      guard case let .movedAside(movedTo, _, _) = persisted.outcome else {
        Issue.record("Expected the file to be moved aside, got \(persisted.outcome)")
        return
      }
      paths.append(movedTo)
    }
    #expect(
      paths == [
        directory.file("state.json.corrupt-19700101T000000Z").path,
        directory.file("state.json.corrupt-19700101T000000Z-2").path,
      ])
  }

  @Test func manyFilesMovedAsideInTheSameSecondKeepTheNewestAndNeverTheOneJustMoved() throws {
    let directory = try TemporaryDirectory(prefix: "PersistenceTests")
    defer { directory.remove() }
    let url = directory.file("state.json")
    for run in 1...8 {
      try Data("bad \(run)".utf8).write(to: url)
      let persisted = try openingOnceReleased {
        try PersistedState.open(
          .preferences, at: url, now: { Date(timeIntervalSince1970: 0) }, storage: storage)
      }
      guard case let .movedAside(movedTo, _, removed) = persisted.outcome else {
        Issue.record("Expected the file to be moved aside, got \(persisted.outcome)")
        return
      }
      #expect(!removed.contains(movedTo))
      #expect(try Data(contentsOf: URL(fileURLWithPath: movedTo)) == Data("bad \(run)".utf8))
    }
    let kept = try directory.contents().filter { $0.contains("corrupt") }.map {
      String(decoding: try Data(contentsOf: directory.file($0)), as: UTF8.self)
    }
    #expect(kept.sorted() == (4...8).map { "bad \($0)" })
  }

  @Test func aFileMovedAsideWithAnOlderStampThanTheOthersIsKept() throws {
    // The clock was set back: the files moved aside before have later stamps.
    let directory = try TemporaryDirectory(prefix: "PersistenceTests")
    defer { directory.remove() }
    let url = directory.file("state.json")
    for day in 1...5 {
      try Data("later \(day)".utf8).write(
        to: directory.file("state.json.corrupt-2099010\(day)T000000Z"))
    }
    try Data("garbage".utf8).write(to: url)
    let persisted = try PersistedState.open(
      .preferences, at: url, now: { Date(timeIntervalSince1970: 0) }, storage: storage)
    let movedTo = directory.file("state.json.corrupt-19700101T000000Z").path
    #expect(
      persisted.outcome
        == .movedAside(
          movedTo: movedTo, reason: "it is not a valid state file (the file is not valid JSON)",
          removed: [directory.file("state.json.corrupt-20990101T000000Z").path]))
    #expect(try Data(contentsOf: URL(fileURLWithPath: movedTo)) == Data("garbage".utf8))
  }

  @Test func readOnlyABadFileIsRefusedAndLeftInPlace() throws {
    let directory = try TemporaryDirectory(prefix: "PersistenceTests")
    defer { directory.remove() }
    let url = directory.file("state.json")
    try Data("garbage".utf8).write(to: url)
    #expect(
      throws: PersistenceError.unusable(
        url.path, "it is not a valid state file (the file is not valid JSON)")
    ) {
      try PersistedState.open(.preferences, at: url, readOnly: true, storage: storage)
    }
    #expect(try directory.contents() == ["state.json"])
  }

  @Test func aDirectoryIsRefused() throws {
    let directory = try TemporaryDirectory(prefix: "PersistenceTests")
    defer { directory.remove() }
    #expect(throws: PersistenceError.isDirectory(directory.url.path)) {
      try PersistedState.open(.preferences, at: directory.url, storage: storage)
    }
  }

  @Test func aFIFOIsRefusedUntouchedWithNoLockFileBesideIt() throws {
    let directory = try TemporaryDirectory(prefix: "PersistenceTests")
    defer { directory.remove() }
    let url = directory.file("state.json")
    unsafe #expect(mkfifo(url.path, 0o600) == 0)
    #expect(throws: PersistenceError.notRegularFile(url.path, kind: "a named pipe (FIFO)")) {
      try PersistedState.open(.preferences, at: url, storage: storage)
    }
    #expect(throws: PersistenceError.notRegularFile(url.path, kind: "a named pipe (FIFO)")) {
      try PersistedState.open(.preferences, at: url, readOnly: true, storage: storage)
    }
    #expect(try directory.contents() == ["state.json"])
    var info = stat()
    unsafe #expect(stat(url.path, &info) == 0 && info.st_mode & mode_t(S_IFMT) == mode_t(S_IFIFO))
  }

  @Test func aDeviceIsRefused() throws {
    let url = URL(fileURLWithPath: "/dev/null")
    #expect(throws: PersistenceError.notRegularFile(url.path, kind: "a character device")) {
      try PersistedState.open(.preferences, at: url, storage: storage)
    }
  }

  @Test func aWriteThatFailsIsReportedWithThePath() throws {
    let directory = try TemporaryDirectory(prefix: "PersistenceTests")
    defer { directory.remove() }
    let url = directory.file("state.json")
    let issues = RuntimeIssues()
    var persisted: PersistedState<Preferences>? = try issues.capture {
      try PersistedState.open(.preferences, at: url, storage: storage)
    }
    // The directory is replaced by a file (even root cannot write under that).
    try FileManager.default.removeItem(at: directory.url)
    try Data().write(to: directory.url)
    persisted?.save(Preferences(theme: "lost"))
    let error = persisted?.flush()
    guard case let .cannotWrite(path, _) = error else {
      Issue.record("Expected a write error, got \(String(describing: error))")
      return
    }
    #expect(path == url.path)
    #expect(persisted?.lastError == error)
    // Released with that value unsaved, it reports it.
    persisted = nil
    #expect(issues.count == 1)
    #expect(issues.messages.first?.contains("'\(url.path)'") == true)
  }

  @Test func timestampsSortAndSuitFileNames() {
    #expect(
      PersistedState<Preferences>.timestamp(Date(timeIntervalSince1970: 0)) == "19700101T000000Z")
    #expect(
      PersistedState<Preferences>.timestamp(Date(timeIntervalSince1970: 1_767_225_599))
        == "20251231T235959Z")
  }
}
