import Core
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

@testable import AppShell
import TestSupport

/// What the app refuses to touch, and how it keeps the files it moved aside in check.
@Suite struct StateFileGuardTests {
  @Test func aFIFOIsRefusedWithoutReadingOrMovingIt() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("state.json")
    unsafe #expect(mkfifo(url.path, 0o600) == 0)

    #expect(throws: StateFileError.notRegularFile(url.path, kind: "a named pipe (FIFO)")) {
      try loadStateFile(url)
    }
    #expect(throws: StateFileError.notRegularFile(url.path, kind: "a named pipe (FIFO)")) {
      try Launcher.open(url, readOnly: false)
    }
    #expect(try directory.contents() == ["state.json"])
  }

  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
  func aDeviceIsRefusedAndNothingIsMadeBesideIt() throws {
    let url = URL(fileURLWithPath: "/dev/full")
    #expect(throws: StateFileError.notRegularFile(url.path, kind: "a character device")) {
      try Launcher.open(url, readOnly: false)
    }
    #expect(!FileManager.default.fileExists(atPath: "/dev/full.lock"))
    let names = try FileManager.default.contentsOfDirectory(atPath: "/dev")
    #expect(!names.contains { $0.hasPrefix("full.") })
    var info = stat()
    unsafe #expect(
      stat("/dev/full", &info) == 0 && info.st_mode & mode_t(S_IFMT) == mode_t(S_IFCHR))
  }

  @Test func onlyTheNewestCorruptFilesAreKept() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("state.json")
    let names = [
      "state.json.corrupt-20240101T000000Z", "state.json.corrupt-20240101T000000Z-2",
      "state.json.corrupt-20240101T000000Z-10", "state.json.corrupt-20250101T000000Z",
      "state.json.corrupt-20250601T000000Z", "state.json.corrupt-20260101T000000Z",
      "state.json.corrupt-20260101T000000Z-3",
    ]
    for name in names { try Data(name.utf8).write(to: directory.file(name)) }
    try Data("keep".utf8).write(to: directory.file("other.json.corrupt-20000101T000000Z"))

    let removed = FileSystemStorage().removeMovedAside(
      from: url, keeping: 5, sparing: directory.file(names[6]).path)

    #expect(removed == names.prefix(2).map { directory.file($0).path })
    #expect(
      try directory.contents()
        == (names.dropFirst(2) + ["other.json.corrupt-20000101T000000Z"]).sorted())
  }

  @Test func startingOnABadFileSaysWhichOldCopiesWereRemoved() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("state.json")
    for day in 1...PersistedState<AppState>.keptMovedAsideFiles {
      try Data().write(to: directory.file("state.json.corrupt-2024010\(day)T000000Z"))
    }
    try Data("{ broken".utf8).write(to: url)

    let opened = try Launcher.open(url, readOnly: false)

    let warning = try #require(opened.warnings.first)
    #expect(warning.contains("could not be used: it is not a valid state file"))
    #expect(
      warning.hasSuffix(
        "Only the newest 5 such files are kept; removed 1 older: "
          + "\(directory.file("state.json.corrupt-20240101T000000Z").path)."))
    let aside = try directory.contents().filter { $0.contains(".corrupt-") }
    #expect(aside.count == 5)
  }

  @Test func readOnlyNeitherLocksNorMovesABadFileAside() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("state.json")
    try Data("{ broken".utf8).write(to: url)
    #expect {
      try Launcher.open(url, readOnly: true)
    } throws: { error in
      guard case .unusable = error as? StateFileError else { return false }
      return true
    }
    #expect(try directory.contents() == ["state.json"])

    try saveStateFile(sampleState(), to: url)
    let writer = try Launcher.open(url, readOnly: false)
    let opened = try Launcher.open(url, readOnly: true)
    #expect(opened.state == sampleState())
    #expect(opened.persisted.isReadOnly)
    withExtendedLifetime(writer) {}
  }
}
