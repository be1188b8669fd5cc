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
    #expect(
      lines == [
        """
        received action:
          AppAction.profile(.nameChanged("Ada"))
        - profile.name: ""
        + profile.name: "Ada"
        """,
        """
        received action:
          AppAction.nothing
          (no state changes)
        """,
      ])
  }

  enum Nested: Equatable { case tapped(id: Int) }

  @Test func namesTheActionAsASourceLineWouldWithoutTheModule() {
    #expect(
      ValueDescription.ofAction(AppAction.profile(.nameChanged("Ada")))
        == "AppAction.profile(.nameChanged(\"Ada\"))")
    // A nested type keeps the types around it, as a source line outside them writes it.
    #expect(
      ValueDescription.ofAction(Nested.tapped(id: 1)) == "PrintChangesTests.Nested.tapped(id: 1)")
    #expect(
      ValueDescription.ofAction(StackAction<Int, Int>.popFrom(id: 0)).hasPrefix("StackAction<"))
    #expect(ValueDescription.ofAction(42) == "42")
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
