import Testing

@testable import Core

/// Diffs name the elements of identified collections by id, as a user reads them.
@Suite struct StateDiffTests {
  struct Note: Equatable, Identifiable {
    let id: Int
    var body = ""
  }
  struct Notes: Equatable {
    var notes: IdentifiedArrayOf<Note> = []
    var path = StackState<Note>()
  }

  let three: Notes = {
    var state = Notes()
    state.notes = [Note(id: 1, body: "a"), Note(id: 3, body: "b"), Note(id: 7, body: "c")]
    return state
  }()

  @Test func aChangedElementIsNamedByItsID() {
    var new = three
    new.notes[id: 3]?.body = "B"
    #expect(StateDiff.lines(three, new) == "- notes[id: 3].body: \"b\"\n+ notes[id: 3].body: \"B\"")
  }

  @Test func anElementRemovedBeforeAChangedOneDoesNotShiftItsName() {
    var new = three
    new.notes.remove(id: 1)
    new.notes[id: 7]?.body = "C"
    let lines = StateDiff.lines(three, new)?.split(separator: "\n") ?? []
    #expect(lines.first?.hasPrefix("- notes[id: 1]: ") == true)
    #expect(lines.dropFirst() == ["- notes[id: 7].body: \"c\"", "+ notes[id: 7].body: \"C\""])
  }

  @Test func anAddedElementAndAMoveAreNamed() {
    var new = three
    new.notes.append(Note(id: 9))
    #expect(StateDiff.lines(three, new)?.hasPrefix("+ notes[id: 9]: ") == true)

    var moved = three
    moved.notes.reverse()
    #expect(StateDiff.lines(three, moved) == "- notes.ids: [1, 3, 7]\n+ notes.ids: [7, 3, 1]")
  }

  @Test func stackScreensAreNamedByTheirStackElementID() {
    var old = Notes()
    old.path.append(Note(id: 1, body: "a"))
    var new = old
    let id = new.path.ids[0]
    new.path[id: id]?.body = "b"
    // Outside a store, ids come from a counter shared by the process.
    #expect(
      StateDiff.lines(old, new) == "- path[id: \(id)].body: \"a\"\n+ path[id: \(id)].body: \"b\"")
    #expect(id.description.hasPrefix("#"))
  }

  struct Sheet: Equatable {
    @PresentationState var editor: Note? = nil
  }

  @Test func aPresentedChildIsNamedAsItsPropertyAndNilPrintsAsNil() {
    let closed = Sheet()
    let open = Sheet(editor: Note(id: 1, body: "a"))
    #expect(
      StateDiff.lines(open, closed)
        == "- editor: \(String(reflecting: Note(id: 1, body: "a")))\n+ editor: nil")
    var edited = open
    edited.editor?.body = "b"
    #expect(StateDiff.lines(open, edited) == "- editor.body: \"a\"\n+ editor.body: \"b\"")
  }
}

extension StateDiffTests {
  /// A history compares equal to any other: what it keeps is bookkeeping, and a diff shows
  /// only the value it tracks.
  @Test func aDiffNeverShowsAnUndoHistorysInternals() {
    struct State {
      var text = ""
      var history = UndoHistory<String>()
    }
    var old = State()
    var new = State()
    old.history.recordChange(from: "a", key: nil, limit: 10)
    new.history.recordChange(from: "b", key: nil, limit: 10)
    new.history.recordChange(from: "c", key: nil, limit: 10)
    var undone = "d"
    _ = new.history.undo(&undone)
    new.history.beginGroup()
    new.text = "d"
    let diff = StateDiff.lines(old, new)
    #expect(diff == "- text: \"\"\n+ text: \"d\"")
    #expect(StateDiff.lines(old.history, new.history) == nil)
    var printed = ""
    debugPrint(new, terminator: "", to: &printed)
    #expect(
      !printed.contains("past") && !printed.contains("future") && !printed.contains("grouping"))
  }
}
