import Core
import Foundation
import Testing

/// Files written by each older version load, migrated step by step; what cannot be migrated is
/// moved aside with the reason.
@Suite struct PersistenceMigrationTests {
  let url = URL(fileURLWithPath: "/preferences/state.json")

  static let version1 = """
    { "format": "Preferences", "version": 1, "state": { "darkMode": true } }
    """
  static let version2 = """
    { "format": "Preferences", "version": 2, "state": { "theme": "sepia", "fontSize": 16 } }
    """
  static let version3 = """
    { "format": "Preferences", "version": 3,
      "state": { "theme": "sepia", "fontSize": 16, "recent": ["notes"] } }
    """

  func open(_ text: String) throws -> (PersistedState<Preferences>, InMemoryStorage) {
    let storage = InMemoryStorage()
    storage.setData(Data(text.utf8), at: url)
    return (try PersistedState.open(.preferences, at: url, storage: storage), storage)
  }

  @Test func aVersion1FileIsMigratedThroughVersion2() throws {
    let (persisted, _) = try open(Self.version1)
    #expect(persisted.outcome == .restored(version: 1))
    #expect(persisted.value == Preferences(theme: "dark", fontSize: 12, recent: []))
  }

  @Test func aVersion2FileIsMigratedOnce() throws {
    let (persisted, _) = try open(Self.version2)
    #expect(persisted.outcome == .restored(version: 2))
    #expect(persisted.value == Preferences(theme: "sepia", fontSize: 16, recent: []))
  }

  @Test func aVersion3FileLoadsAsItIs() throws {
    let (persisted, _) = try open(Self.version3)
    #expect(persisted.outcome == .restored(version: 3))
    #expect(persisted.value == Preferences(theme: "sepia", fontSize: 16, recent: ["notes"]))
  }

  @Test func aMigratedFileIsSavedInTheCurrentVersionOnTheNextChange() throws {
    let (persisted, storage) = try open(Self.version1)
    #expect(storage.data(at: url) == Data(Self.version1.utf8))
    persisted.save(persisted.value!)
    persisted.flush()
    let saved = String(decoding: storage.data(at: url) ?? Data(), as: UTF8.self)
    #expect(saved.contains("\"version\" : 3"))
  }

  @Test(arguments: [
    (
      #"{ "format": "Preferences", "version": 4, "state": {} }"#,
      "it is 'Preferences' version 4; this app reads 'Preferences' version 3"
    ),
    (
      #"{ "format": "Other", "version": 1, "state": {} }"#,
      "it is 'Other' version 1; this app reads 'Preferences' version 3"
    ),
    (
      #"{ "format": "Preferences", "version": 1, "state": { "dark": true } }"#,
      "it could not be migrated from version 1 ('darkMode' is missing at 'state')"
    ),
    (
      #"{ "format": "Preferences", "version": 3, "state": { "theme": "a", "fontSize": 0, "recent": [] } }"#,
      "it holds a value the app cannot work with: the font size is 0"
    ),
    ("{ not json", "it is not a valid state file (the file is not valid JSON)"),
  ])
  func aFileThatCannotBeMigratedIsMovedAsideWithTheReason(text: String, reason: String) throws {
    let (persisted, storage) = try open(text)
    guard case let .movedAside(movedTo, found, removed) = persisted.outcome else {
      Issue.record("Expected the file to be moved aside, got \(persisted.outcome)")
      return
    }
    #expect(found == reason)
    #expect(removed.isEmpty)
    #expect(persisted.value == nil)
    #expect(storage.data(at: url) == nil)
    #expect(storage.data(at: URL(fileURLWithPath: movedTo)) == Data(text.utf8))
  }

  @Test func aVersionWithoutItsMigrationIsRefused() throws {
    let format = PersistenceFormat<Preferences>(name: "Preferences", version: 3)
      .migration(from: 2) { (old: PreferencesV2) in
        Preferences(theme: old.theme, fontSize: old.fontSize)
      }
    let storage = InMemoryStorage()
    storage.setData(Data(Self.version1.utf8), at: url)
    #expect(
      throws: PersistenceError.unusable(
        url.path, "it is version 1, and no migration reads version 1")
    ) {
      try PersistedState.open(format, at: url, readOnly: true, storage: storage)
    }
  }

  /// A format misdeclared in code stops the program naming the version, in optimized builds too.
  @Test func aMigrationFromAVersionTheFormatDoesNotHaveStopsNamingIt() async throws {
    let result = try await #require(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      _ = PersistenceFormat<Preferences>(name: "Preferences", version: 3)
        .migration(from: 3) { (old: PreferencesV2) in
          Preferences(theme: old.theme, fontSize: old.fontSize)
        }
    }
    let message = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(message.contains("A migration of 'Preferences' reads a version from 1 to 2; got 3."))
  }
}
