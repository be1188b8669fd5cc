import Foundation
import Testing

@testable import Core
import TestSupport

/// A state file that is a symbolic link: saves go through to the file it names, the link stays,
/// and the lock belongs to that file whichever path opened it.
@MainActor
@Suite struct PersistenceSymlinkTests {
  let storage = FileSystemStorage()

  @Test func savingThroughALinkWritesItsTargetAndKeepsTheLink() throws {
    let directory = try TemporaryDirectory(prefix: "PersistenceTests")
    defer { directory.remove() }
    let target = directory.file("real/state.json")
    try FileManager.default.createDirectory(
      at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
    try PersistenceFormat.preferences.encode(Preferences(theme: "before")).write(to: target)
    let link = directory.file("state.json")
    try FileManager.default.createSymbolicLink(
      atPath: link.path, withDestinationPath: "real/state.json")

    let persisted = try PersistedState.open(.preferences, at: link, storage: storage)
    #expect(persisted.value?.theme == "before")
    persisted.save(Preferences(theme: "after"))
    #expect(persisted.flush() == nil)

    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "real/state.json")
    #expect(try load(target)?.theme == "after")
    // The lock and the temporary files are the target's, beside it.
    #expect(try directory.contents() == ["real", "state.json"])
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: target.deletingLastPathComponent().path)
        .sorted() == ["state.json", "state.json.lock"])
  }

  /// The lock is the file's the link named when the state was opened: pointed elsewhere
  /// since, a save is refused, naming both files, and neither file changes, rather than
  /// writing a file whose lock another writer may hold.
  @Test func aLinkPointedElsewhereAfterOpeningIsRefusedNamingBothFiles() throws {
    let directory = try TemporaryDirectory(prefix: "PersistenceTests")
    defer { directory.remove() }
    let first = directory.file("first.json")
    let second = directory.file("second.json")
    for (file, theme) in [(first, "first"), (second, "second")] {
      try PersistenceFormat.preferences.encode(Preferences(theme: theme)).write(to: file)
    }
    let link = directory.file("state.json")
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "first.json")
    let persisted = try PersistedState.open(.preferences, at: link, storage: storage)
    persisted.save(Preferences(theme: "saved"))
    #expect(persisted.flush() == nil)
    #expect(try load(first)?.theme == "saved")

    try FileManager.default.removeItem(at: link)
    try FileManager.default.createSymbolicLink(
      atPath: link.path, withDestinationPath: "second.json")
    persisted.save(Preferences(theme: "refused"))
    let error = try #require(persisted.flush())
    guard case .cannotWrite(let path, let reason) = error else {
      Issue.record("expected cannotWrite, got \(error)")
      return
    }
    #expect(path == link.path)
    #expect(reason.contains("second.json") && reason.contains("first.json"), "\(reason)")
    #expect(try load(first)?.theme == "saved")
    #expect(try load(second)?.theme == "second")

    // Pointed back, the value still pending is saved.
    try FileManager.default.removeItem(at: link)
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "first.json")
    #expect(persisted.flush() == nil)
    #expect(try load(first)?.theme == "refused")
  }

  @Test func aChainOfLinksIsFollowedEachRelativeToItsOwnDirectory() throws {
    let directory = try TemporaryDirectory(prefix: "PersistenceTests")
    defer { directory.remove() }
    for folder in ["a", "b", "c"] {
      try FileManager.default.createDirectory(
        at: directory.file(folder), withIntermediateDirectories: true)
    }
    // a/state.json -> (absolute) b/link.json -> (relative to b) ../c/state.json
    try FileManager.default.createSymbolicLink(
      atPath: directory.file("b/link.json").path, withDestinationPath: "../c/state.json")
    try FileManager.default.createSymbolicLink(
      atPath: directory.file("a/state.json").path,
      withDestinationPath: directory.file("b/link.json").path)

    let persisted = try PersistedState.open(
      .preferences, at: directory.file("a/state.json"), storage: storage)
    persisted.save(Preferences(theme: "chained"))
    #expect(persisted.flush() == nil)

    #expect(try load(directory.file("c/state.json"))?.theme == "chained")
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: directory.file("b/link.json").path)
        == "../c/state.json")
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: directory.file("a/state.json").path)
        == directory.file("b/link.json").path)
  }

  @Test func theLinkIsInUseWhileItsTargetIsOpen() throws {
    let directory = try TemporaryDirectory(prefix: "PersistenceTests")
    defer { directory.remove() }
    let target = directory.file("state.json")
    let link = directory.file("link.json")
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "state.json")

    var holder: PersistedState<Preferences>? = try PersistedState.open(
      .preferences, at: target, storage: storage)
    #expect(throws: PersistenceError.inUse(link.path, pid: getpid())) {
      try PersistedState.open(.preferences, at: link, storage: storage)
    }
    withExtendedLifetime(holder) {}
    holder = nil
    _ = try openingOnceReleased {
      try PersistedState.open(.preferences, at: link, storage: storage)
    }
  }

  @Test func theTargetIsInUseWhileALinkToItIsOpen() throws {
    let directory = try TemporaryDirectory(prefix: "PersistenceTests")
    defer { directory.remove() }
    let target = directory.file("real/state.json")
    let link = directory.file("link.json")
    try FileManager.default.createSymbolicLink(
      atPath: link.path, withDestinationPath: "real/state.json")

    var holder: PersistedState<Preferences>? = try PersistedState.open(
      .preferences, at: link, storage: storage)
    #expect(throws: PersistenceError.inUse(target.path, pid: getpid())) {
      try PersistedState.open(.preferences, at: target, storage: storage)
    }
    withExtendedLifetime(holder) {}
    holder = nil
    _ = try openingOnceReleased {
      try PersistedState.open(.preferences, at: target, storage: storage)
    }
  }

  @Test func aFileReachedThroughALinkedFolderIsOneStateFileWithItsOwnPath() throws {
    let directory = try TemporaryDirectory(prefix: "PersistenceTests")
    defer { directory.remove() }
    try FileManager.default.createDirectory(
      at: directory.file("real"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: directory.file("folder").path, withDestinationPath: "real")
    let throughFolder = directory.file("folder/state.json")
    let persisted = try PersistedState.open(.preferences, at: throughFolder, storage: storage)
    #expect(throws: PersistenceError.inUse(directory.file("real/state.json").path, pid: getpid())) {
      try PersistedState.open(.preferences, at: directory.file("real/state.json"), storage: storage)
    }
    persisted.save(Preferences(theme: "shared"))
    #expect(persisted.flush() == nil)
    #expect(try load(directory.file("real/state.json"))?.theme == "shared")
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: directory.file("folder").path)
        == "real")
  }

  @Test func aDanglingLinkGetsItsTargetCreatedByTheFirstSave() throws {
    let directory = try TemporaryDirectory(prefix: "PersistenceTests")
    defer { directory.remove() }
    let link = directory.file("state.json")
    try FileManager.default.createSymbolicLink(
      atPath: link.path, withDestinationPath: "missing/state.json")

    let persisted = try PersistedState.open(.preferences, at: link, storage: storage)
    #expect(persisted.outcome == .empty)
    persisted.save(Preferences(theme: "new"))
    #expect(persisted.flush() == nil)

    #expect(try load(directory.file("missing/state.json"))?.theme == "new")
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "missing/state.json")
  }

  @Test func aBadFileBehindALinkIsMovedAsideBesideItAndTheLinkStays() throws {
    let directory = try TemporaryDirectory(prefix: "PersistenceTests")
    defer { directory.remove() }
    let target = directory.file("real/state.json")
    try FileManager.default.createDirectory(
      at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("garbage".utf8).write(to: target)
    let link = directory.file("state.json")
    try FileManager.default.createSymbolicLink(
      atPath: link.path, withDestinationPath: "real/state.json")

    let persisted = try PersistedState.open(
      .preferences, at: link, now: { Date(timeIntervalSince1970: 0) }, storage: storage)
    let movedTo = directory.file("real/state.json.corrupt-19700101T000000Z").path
    #expect(
      persisted.outcome
        == .movedAside(
          movedTo: movedTo, reason: "it is not a valid state file (the file is not valid JSON)",
          removed: []))
    #expect(try Data(contentsOf: URL(fileURLWithPath: movedTo)) == Data("garbage".utf8))
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "real/state.json")

    persisted.save(Preferences(theme: "fresh"))
    #expect(persisted.flush() == nil)
    #expect(try load(target)?.theme == "fresh")
  }

  @Test func aLinkLoopIsRefused() throws {
    let directory = try TemporaryDirectory(prefix: "PersistenceTests")
    defer { directory.remove() }
    let link = directory.file("state.json")
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "state.json")
    #expect(throws: PersistenceError.self) {
      try PersistedState.open(.preferences, at: link, storage: storage)
    }
    #expect(try directory.contents() == ["state.json"])
  }

  /// The value in the file at `url`, read directly rather than through a storage.
  private func load(_ url: URL) throws -> Preferences? {
    try PersistenceFormat.preferences.decode(Data(contentsOf: url)).get().value
  }
}
