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

/// A save that fails stays pending until a write succeeds: the next save or `flush()` retries
/// it, a failed background write waits for them instead of looping, and a value released
/// unsaved is reported.
@MainActor
@Suite struct PersistenceFailedSaveTests {
  let url = URL(fileURLWithPath: "/preferences/state.json")

  /// A storage whose writes go through at once, failing with "disk full" until told otherwise.
  func failingStorage() -> GatedStorage {
    let storage = GatedStorage()
    storage.open()
    storage.fail(with: "disk full")
    return storage
  }

  @Test func flushRetriesASaveThatFailed() throws {
    let storage = failingStorage()
    let persisted = try PersistedState.open(.preferences, at: url, storage: storage)
    persisted.save(Preferences(theme: "dark"))
    #expect(persisted.flush() == .cannotWrite(url.path, "disk full"))
    #expect(persisted.flush() == .cannotWrite(url.path, "disk full"))
    storage.fail(with: nil)
    #expect(persisted.flush() == nil)
    #expect(persisted.lastError == nil)
    #expect(try storage.memory.value(at: url, as: .preferences)?.theme == "dark")
    #expect(storage.writesStarted == 3)
  }

  @Test func theNextSaveReplacesTheValueThatFailed() throws {
    let storage = failingStorage()
    let persisted = try PersistedState.open(.preferences, at: url, storage: storage)
    persisted.save(Preferences(theme: "old"))
    #expect(persisted.flush() == .cannotWrite(url.path, "disk full"))
    storage.fail(with: nil)
    persisted.save(Preferences(theme: "new"))
    #expect(persisted.flush() == nil)
    #expect(try storage.memory.value(at: url, as: .preferences)?.theme == "new")
    #expect(storage.memory.writeCount(at: url) == 1)
  }

  @Test func aStoresChangeThatFailedIsWrittenByTheNextFlushWithoutAnotherChange() throws {
    let storage = failingStorage()
    let persisted = try PersistedState.open(.preferences, at: url, storage: storage)
    let store = Store(initialState: Preferences()) { PreferencesReducer() }
    let saving = store.persist(\.self, to: persisted)
    store.send(.themeChosen("dark"))
    #expect(persisted.flush() == .cannotWrite(url.path, "disk full"))
    storage.fail(with: nil)
    #expect(persisted.flush() == nil)
    #expect(try storage.memory.value(at: url, as: .preferences)?.theme == "dark")
    withExtendedLifetime(saving) {}
  }

  @Test func aFailedBackgroundWriteWaitsForTheNextSaveOrFlush() throws {
    let storage = failingStorage()
    let persisted = try PersistedState.open(
      .preferences, at: url, coalescing: .zero, storage: storage)
    persisted.save(Preferences(theme: "a"))
    #expect(eventually { storage.writesStarted == 1 })
    Thread.sleep(forTimeInterval: 0.05)
    #expect(storage.writesStarted == 1)
    #expect(persisted.lastError == .cannotWrite(url.path, "disk full"))
    storage.fail(with: nil)
    persisted.save(Preferences(theme: "b"))
    #expect(persisted.flush() == nil)
    #expect(storage.writesStarted == 2)
    #expect(try storage.memory.value(at: url, as: .preferences)?.theme == "b")
  }

  @Test func aWriteScheduledBeforeAFlushThatFailedDoesNotRetryIt() throws {
    let storage = failingStorage()
    let persisted = try PersistedState.open(
      .preferences, at: url, coalescing: .milliseconds(20), storage: storage)
    persisted.save(Preferences(theme: "a"))
    #expect(persisted.flush() == .cannotWrite(url.path, "disk full"))
    // The write `save` scheduled comes due, and finds only the value that just failed.
    Thread.sleep(forTimeInterval: 0.1)
    #expect(storage.writesStarted == 1)
    storage.fail(with: nil)
    #expect(persisted.flush() == nil)
    #expect(try storage.memory.value(at: url, as: .preferences)?.theme == "a")
  }

  @Test func aSaveResultHandlerThatFlushesIsNotCalledAgainForTheSameFailure() throws {
    let storage = failingStorage()
    let persisted = try PersistedState.open(.preferences, at: url, storage: storage)
    let results = ResultLog()
    persisted.onSaveResult { [weak persisted] result in
      results.append(result)
      _ = persisted?.flush()
    }
    persisted.save(Preferences(theme: "a"))
    #expect(persisted.flush() == .cannotWrite(url.path, "disk full"))
    #expect(results.values == [.cannotWrite(url.path, "disk full")])
    #expect(storage.writesStarted == 1)
    storage.fail(with: nil)
    #expect(persisted.flush() == nil)
    #expect(results.values == [.cannotWrite(url.path, "disk full"), nil])
  }

  @Test func releasedWithASaveThatFailedItReportsWhatWasNotSaved() throws {
    let storage = failingStorage()
    let issues = RuntimeIssues()
    var persisted: PersistedState<Preferences>? = try issues.capture {
      try PersistedState.open(.preferences, at: url, storage: storage)
    }
    persisted?.save(Preferences(theme: "lost"))
    #expect(persisted?.flush() == .cannotWrite(url.path, "disk full"))
    persisted = nil
    #expect(
      issues.messages == [
        "The `PersistedState` of '/preferences/state.json' was released with a value that was "
          + "never saved; its last save failed: disk full. Call `flush()` before releasing it, "
          + "and handle the error it returns."
      ])
    // The lock went with it: the file opens again at once, with nothing saved.
    let reopened = try PersistedState.open(.preferences, at: url, storage: storage)
    #expect(reopened.value == nil)
    #expect(storage.writesStarted == 1)
  }

  @Test func aSaveStillWaitingWhenReleasedIsReportedIfItsWriteFails() throws {
    let storage = failingStorage()
    // A reason that ends a sentence itself, as the system's messages do.
    storage.fail(with: "The disk is full.")
    let issues = RuntimeIssues()
    var persisted: PersistedState<Preferences>? = try issues.capture {
      try PersistedState.open(.preferences, at: url, coalescing: .zero, storage: storage)
    }
    persisted?.save(Preferences(theme: "lost"))
    persisted = nil
    #expect(eventually { issues.count > 0 })
    #expect(issues.messages.count == 1)
    #expect(issues.messages.first?.contains("'/preferences/state.json'") == true)
    #expect(
      issues.messages.first?.contains("its last save failed: The disk is full. Call `flush()`")
        == true)
  }

  @Test func releasedAfterItsWriteSucceededNothingIsReported() throws {
    let storage = failingStorage()
    let issues = RuntimeIssues()
    var persisted: PersistedState<Preferences>? = try issues.capture {
      try PersistedState.open(.preferences, at: url, storage: storage)
    }
    persisted?.save(Preferences(theme: "kept"))
    #expect(persisted?.flush() == .cannotWrite(url.path, "disk full"))
    storage.fail(with: nil)
    #expect(persisted?.flush() == nil)
    persisted = nil
    #expect(issues.messages.isEmpty)
    let reopened = try PersistedState.open(.preferences, at: url, storage: storage)
    #expect(reopened.value?.theme == "kept")
  }

  @Test func aValueTheFormatsCheckRefusesStaysPendingAndIsReportedOnRelease() throws {
    let issues = RuntimeIssues()
    var persisted: PersistedState<Preferences>? = try issues.capture {
      try PersistedState.open(.preferences, at: url, storage: InMemoryStorage())
    }
    persisted?.save(Preferences(fontSize: 0))
    #expect(persisted?.flush() != nil)
    #expect(persisted?.flush() != nil)
    persisted = nil
    #expect(issues.count == 1)
    #expect(issues.messages.first?.contains("(the font size is 0)") == true)
  }

  @Test func aSaveThatFailedOnDiskIsWrittenOnceTheFolderIsBack() throws {
    let directory = try TemporaryDirectory(prefix: "PersistenceTests")
    defer { directory.remove() }
    let folder = directory.file("state")
    let url = folder.appendingPathComponent("state.json")
    let persisted = try PersistedState.open(.preferences, at: url, storage: FileSystemStorage())
    // The folder becomes a file: nothing can be written under it, by root either.
    try FileManager.default.removeItem(at: folder)
    try Data().write(to: folder)
    persisted.save(Preferences(theme: "kept"))
    guard case .cannotWrite(url.path, _)? = persisted.flush() else {
      Issue.record("Expected the save to fail, got \(String(describing: persisted.lastError))")
      return
    }
    try FileManager.default.removeItem(at: folder)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    #expect(persisted.flush() == nil)
    let look = try PersistedState.open(
      .preferences, at: url, readOnly: true, storage: FileSystemStorage())
    #expect(look.value?.theme == "kept")
  }

  @Test(.enabled(if: getuid() != 0, "root writes into a read-only folder all the same"))
  func aSaveIntoAReadOnlyFolderIsWrittenOnceTheFolderIsWritable() throws {
    let directory = try TemporaryDirectory(prefix: "PersistenceTests")
    defer {
      unsafe chmod(directory.url.path, 0o700)
      directory.remove()
    }
    let url = directory.file("state.json")
    let persisted = try PersistedState.open(.preferences, at: url, storage: FileSystemStorage())
    unsafe #expect(chmod(directory.url.path, 0o500) == 0)
    persisted.save(Preferences(theme: "kept"))
    guard case .cannotWrite(url.path, _)? = persisted.flush() else {
      Issue.record("Expected the save to fail, got \(String(describing: persisted.lastError))")
      return
    }
    unsafe #expect(chmod(directory.url.path, 0o700) == 0)
    #expect(persisted.flush() == nil)
    let look = try PersistedState.open(
      .preferences, at: url, readOnly: true, storage: FileSystemStorage())
    #expect(look.value?.theme == "kept")
  }
}
