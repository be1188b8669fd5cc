import Core
import Foundation
import Settings
import Testing

// The samples of the framework's Docs/PersistedState.md, of the doc comments of its
// persistence types (PersistedState, PersistenceFormat, InMemoryStorage), and of this package's
// README.md, which host the settings module in an app, run against this module. The
// framework's own tests cannot compile them: this package depends on the framework, not the
// other way round.

/// The app the samples host the module in: the settings, and nothing else.
struct AppState: Equatable, Sendable {
  var settings: SettingsFeature.State
}

struct AppFeature: Reducer {
  enum Action: Equatable, Sendable {
    case settings(SettingsFeature.Action)
  }

  var body: some Reducer<AppState, Action> {
    Scope(state: \.settings, action: Action.settings) { SettingsFeature() }
  }
}

/// What the app shows after a save: the error, or nothing once a save succeeds again.
@MainActor
final class Banner {
  private(set) var shown: [PersistenceError?] = []

  func show(_ error: PersistenceError?) {
    shown.append(error)
  }
}

@MainActor
@Suite struct GuideSampleTests {
  /// A folder of its own for each test.
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("GuideSampleTests-\(UUID().uuidString)", isDirectory: true)

  /// Docs/PersistedState.md, "In three steps": open, start the store, attach, flush at quit.
  @Test func theAppOpensAttachesAndFlushes() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let settingsURL = directory.appendingPathComponent("settings.json")
    var reported: [PersistenceError] = []
    func report(_ error: PersistenceError) { reported.append(error) }

    let settings = try PersistedState.open(.settings, at: settingsURL)  // loads, migrates, locks
    let store = Store(initialState: AppState(settings: settings.value ?? .init())) { AppFeature() }
    let saving = store.persist(\.settings, to: settings)  // saves each change, in the background
    // The user makes the text larger.
    store.send(.settings(.largerTextTapped))
    if let error = settings.flush() { report(error) }  // when quitting

    #expect(reported.isEmpty)
    #expect(try String(contentsOf: settingsURL, encoding: .utf8).contains(#""textSize" : 15"#))
    withExtendedLifetime(saving) {}
  }

  /// README.md: the host app opens the module's file through `SettingsFeature.open(at:)`.
  @Test func theHostAppOpensTheModulesFile() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("settings.json")
    let settings = try SettingsFeature.open(at: url)  // loads, migrates, locks
    let store = Store(initialState: AppState(settings: settings.value ?? .init())) { AppFeature() }
    let saving = store.persist(\.settings, to: settings)  // saves each change, in the background
    store.send(.settings(.smallerTextTapped))
    settings.flush()  // before quitting
    #expect(try String(contentsOf: url, encoding: .utf8).contains(#""textSize" : 13"#))
    withExtendedLifetime(saving) {}
  }

  /// Docs/PersistedState.md, "Errors while running": a banner shows the last save's error,
  /// `nil` after a save that succeeded.
  @Test func aBannerShowsTheLastSavesError() async throws {
    let url = URL(fileURLWithPath: "/app/settings.json")
    let settings = try PersistedState.open(.settings, at: url, storage: InMemoryStorage())
    let banner = Banner()
    settings.onSaveResult { [weak settings] _ in
      Task { @MainActor in banner.show(settings?.lastError) }  // nil once a save succeeds again
    }
    settings.save(SettingsFeature.State(textSize: 20))
    settings.flush()
    for _ in 0..<1_000 where banner.shown.isEmpty {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(banner.shown == [nil])
  }

  /// Docs/PersistedState.md, "Testing": what a host app would have saved, in memory.
  @Test func whatWouldHaveBeenSaved() throws {
    let url = URL(fileURLWithPath: "/app/settings.json")
    let storage = InMemoryStorage()
    let settings = try PersistedState.open(.settings, at: url, storage: storage)
    let store = Store(initialState: settings.value ?? .init()) { SettingsFeature() }
    let saving = store.persist(\.self, to: settings)
    store.send(.largerTextTapped)
    settings.flush()  // the write happens in the background; wait for it
    #expect(try storage.value(at: url, as: .settings)?.textSize == 15)
    withExtendedLifetime(saving) {}
  }

  /// InMemoryStorage: a test sees what was saved.
  @Test func whatWasSavedIsWhatWasExpected() throws {
    let url = URL(fileURLWithPath: "/app/settings.json")
    let expected = SettingsFeature.State(theme: .dark, textSize: 14, notifications: true)
    let storage = InMemoryStorage()
    let settings = try PersistedState.open(.settings, at: url, storage: storage)
    settings.save(expected)
    settings.flush()
    #expect(try storage.value(at: url, as: .settings) == expected)
  }
}
