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

@Suite struct StateFileLockTests {
  @Test func aSecondLockSaysWhichProcessHoldsTheFirst() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("data/state.json")
    let first = try Launcher.open(url, readOnly: false)

    #expect(throws: StateFileError.inUse(url.path, pid: getpid())) {
      try Launcher.open(url, readOnly: false)
    }
    #expect(!FileManager.default.fileExists(atPath: url.path))
    withExtendedLifetime(first) {}
  }

  @Test func theLockIsFreeAgainOnceReleased() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("state.json")
    do {
      let opened = try Launcher.open(url, readOnly: false)
      withExtendedLifetime(opened) {}
    }
    let again = try openingOnceReleased { try Launcher.open(url, readOnly: false) }
    withExtendedLifetime(again) {}
    #expect(try directory.contents() == ["state.json.lock"])
  }

  @Test func theMessageSaysWhatToDo() {
    #expect(
      StateFileError.inUse("/data/state.json", pid: 4242).description
        == "The state file '/data/state.json' is in use by another AppShell (process 4242); the "
        + "app did not start and changed nothing. Quit the other one first, or pass "
        + "'--read-only' to look without saving.")
  }
}
