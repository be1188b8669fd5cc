import Core
import Foundation
import Settings
import Testing

/// The module's file format: files of every version load, and a host app saves what changed.
@MainActor
@Suite struct SettingsPersistenceTests {
  let url = URL(fileURLWithPath: "/app/settings.json")

  /// A file that version `version` of the app wrote.
  static let files = [
    1: #"{ "format": "Settings", "version": 1, "state": { "darkMode": true } }"#,
    2: #"{ "format": "Settings", "version": 2, "state": { "theme": "light", "fontSize": 18 } }"#,
    3: #"""
    { "format": "Settings", "version": 3,
      "state": { "theme": "dark", "textSize": 20, "notifications": false } }
    """#,
  ]

  func open(version: Int) throws -> PersistedState<SettingsFeature.State> {
    let storage = InMemoryStorage()
    storage.setData(Data(Self.files[version]!.utf8), at: url)
    return try PersistedState.open(.settings, at: url, storage: storage)
  }

  @Test func aVersion1FileLoads() throws {
    let settings = try open(version: 1)
    #expect(settings.outcome == .restored(version: 1))
    #expect(
      settings.value == SettingsFeature.State(theme: .dark, textSize: 14, notifications: true))
  }

  @Test func aVersion2FileLoads() throws {
    let settings = try open(version: 2)
    #expect(settings.outcome == .restored(version: 2))
    #expect(
      settings.value == SettingsFeature.State(theme: .light, textSize: 18, notifications: true))
  }

  @Test func aVersion3FileLoads() throws {
    let settings = try open(version: 3)
    #expect(settings.outcome == .restored(version: 3))
    #expect(
      settings.value == SettingsFeature.State(theme: .dark, textSize: 20, notifications: false))
  }

  @Test func aTextSizeTheScreenCannotShowIsMovedAsideAndTheAppStartsOnTheDefaults() throws {
    let storage = InMemoryStorage()
    let text = #"{ "format": "Settings", "version": 2, "state": { "theme": "x", "fontSize": 99 } }"#
    storage.setData(Data(text.utf8), at: url)
    let settings = try PersistedState.open(
      .settings, at: url, now: { Date(timeIntervalSince1970: 0) }, storage: storage)
    #expect(settings.value == nil)
    #expect(
      settings.outcome
        == .movedAside(
          movedTo: "/app/settings.json.corrupt-19700101T000000Z",
          reason: "it holds a value the app cannot work with: the text size 99 is outside 10...28",
          removed: []))
    #expect(storage.paths == ["/app/settings.json.corrupt-19700101T000000Z"])
  }

  @Test func aHostAppSavesOnlyTheSettingsAndOnlyWhenTheyChange() throws {
    let storage = InMemoryStorage()
    storage.setData(Data(Self.files[3]!.utf8), at: url)
    let settings = try PersistedState.open(.settings, at: url, storage: storage)
    let store = Store(initialState: HostApp.State(settings: settings.value!)) { HostApp() }
    let saving = store.persist(\.settings, to: settings)

    store.send(.opened)
    settings.flush()
    #expect(storage.writeCount(at: url) == 0)

    store.send(.settings(.largerTextTapped))
    store.send(.settings(.binding(.set(\.theme, .light))))
    settings.flush()
    #expect(storage.writeCount(at: url) == 1)
    #expect(
      try storage.value(at: url, as: .settings)
        == SettingsFeature.State(theme: .light, textSize: 21, notifications: false))
    withExtendedLifetime(saving) {}
  }

  @Test func onDiskTheNextRunGetsTheSettingsBack() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("SettingsTests-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("settings.json")
    do {
      let settings = try withDependencies {
        $0.persistentStorage = FileSystemStorage()
      } operation: {
        try SettingsFeature.open(at: file)
      }
      #expect(settings.outcome == .empty)
      #expect(throws: PersistenceError.inUse(file.path, pid: getpid())) {
        try SettingsFeature.open(at: file)
      }
      let store = Store(initialState: settings.value ?? .init()) { SettingsFeature() }
      let saving = store.persist(\.self, to: settings)
      store.send(.binding(.set(\.notifications, false)))
      #expect(settings.flush() == nil)
      saving.cancel()
    }
    let next = try SettingsFeature.open(at: file, readOnly: true)
    #expect(next.value == SettingsFeature.State(notifications: false))
  }
}
