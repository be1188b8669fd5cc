import Testing

@testable import Core

@MainActor
@Suite struct PrintChangesTests {
  @Test func logsTheActionAndAMinimalDiff() {
    let log = Locked<[String]>([])
    let store = Store(initialState: AppState()) {
      AppReducer()._printChanges { line in log.withLock { $0.append(line) } }
    }
    store.send(.profile(.nameChanged("Ada")))
    store.send(.nothing)
    let lines = log.withLock { $0 }
    #expect(lines.count == 2)
    #expect(lines[0].contains("AppAction.profile"))
    #expect(lines[0].contains("- profile.name: \"\""))
    #expect(lines[0].contains("+ profile.name: \"Ada\""))
    #expect(!lines[0].contains("address"))
    #expect(lines[1].contains("no state changes"))
  }

  @Test func diffNamesCollectionElements() {
    var old = AppState()
    old.rows = [Row(id: 1), Row(id: 2)]
    var new = old
    new.rows[id: 2]?.value = 5
    let diff = StateDiff.lines(old, new)
    #expect(diff?.contains("- rows[id: 2].value: 0") == true)
    #expect(diff?.contains("+ rows[id: 2].value: 5") == true)
    #expect(StateDiff.lines(old, old) == nil)
  }
}
