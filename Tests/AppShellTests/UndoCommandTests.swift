import Core
import Orders
import Profile
import Testing

@testable import AppShell

@MainActor
@Suite struct UndoCommandTests {
  func makeShell(_ state: AppState = AppState()) -> Shell {
    Shell(initialState: state) { $0.useTestServices() }
  }

  @Test func undoAndRedoRevertAndReapplyOrderEditsOneCommandAtATime() {
    let shell = makeShell(sampleState())
    #expect(shell.execute("order add 2 mug 3") == Reply())
    #expect(shell.execute("order quantity 2 mug 5") == Reply())
    #expect(shell.execute("order remove 2 tea") == Reply())
    let edited = shell.store.state.orders.list[id: 2]

    #expect(shell.execute("undo").output == ["Undid: order remove 2 tea (2 more to undo)."])
    #expect(shell.store.state.orders.list[id: 2]?.lines.count == 2)
    #expect(shell.execute("undo").output == ["Undid: order quantity 2 mug 5 (1 more to undo)."])
    #expect(shell.store.state.orders.list[id: 2]?.lines.last?.quantity == 3)
    #expect(
      shell.execute("undo").output == ["Undid: order add 2 mug 3 (nothing more to undo)."])
    #expect(shell.store.state.orders.list == sampleState().orders.list)
    #expect(shell.execute("undo").problems == ["Nothing to undo."])

    #expect(shell.execute("redo").output == ["Redid: order add 2 mug 3 (2 more to redo)."])
    _ = shell.execute("redo")
    _ = shell.execute("redo")
    #expect(shell.store.state.orders.list[id: 2] == edited)
    #expect(shell.execute("redo").problems == ["Nothing to redo."])
  }

  /// A step is named by the command that made it, as it was typed; the answer to a question by
  /// the command that asked it.
  @Test func undoAndRedoSayWhatTheyRevertedInTheWordsOfItsCommand() {
    let shell = makeShell(sampleState())
    _ = shell.execute("  profile name Ada  ")
    _ = shell.execute("order delete 2")
    _ = shell.execute("yes")
    _ = shell.execute("help")  // Changes nothing: not a step.

    #expect(shell.execute("undo").output == ["Undid: order delete 2 (1 more to undo)."])
    #expect(shell.execute("undo").output == ["Undid: profile name Ada (nothing more to undo)."])
    #expect(shell.execute("redo").output == ["Redid: profile name Ada (1 more to redo)."])
    #expect(shell.execute("redo").output == ["Redid: order delete 2 (nothing more to redo)."])
    #expect(shell.execute("redo").problems == ["Nothing to redo."])

    // A new edit after an undo drops what could be redone, and its name.
    _ = shell.execute("undo")
    _ = shell.execute("order new")
    #expect(shell.execute("redo").problems == ["Nothing to redo."])
    #expect(shell.execute("undo").output == ["Undid: order new (1 more to undo)."])
  }

  /// Undo history is not saved with the state, as in most editors: after a restart there is
  /// nothing to undo, and `undo` says why.
  @Test func afterARestartThereIsNothingToUndoAndUndoSaysWhy() throws {
    let storage = InMemoryStorage()
    let first = Shell(initialState: sampleState()) { $0.useTestServices(storage: storage) }
    _ = first.execute("order add 2 mug")
    _ = first.execute("profile name Grace")
    let saved = try #require(storage.savedState(of: first))
    #expect(try !String(decoding: saved.prettyJSON(), as: UTF8.self).contains("history"))

    let restarted = makeShell(saved)
    let reply = restarted.execute("undo")
    #expect(reply.isRejected)
    #expect(
      reply.problems == [
        "Nothing to undo: no edit was made since AppShell started (undo history is not kept "
          + "when it quits)."
      ])
    #expect(restarted.store.state.profile.editor?.draft.name == "Grace")
  }

  @Test func undoRestoresADeletedOrderAndProfileEdits() {
    let shell = makeShell(sampleState())
    _ = shell.execute("order delete 2")
    _ = shell.execute("yes")
    #expect(shell.store.state.orders.list[id: 2] == nil)
    _ = shell.execute("undo")
    #expect(shell.store.state.orders.list[id: 2] == sampleState().orders.list[id: 2])

    _ = shell.execute("profile name Grace")
    #expect(shell.store.state.profile.editor?.draft.name == "Grace")
    _ = shell.execute("undo")
    #expect(
      shell.store.state.profile.editor?.draft.name == sampleState().profile.editor?.draft.name)
  }

  @Test func aSubmissionAlreadySentCannotBeUndoneAndUndoSaysSo() async {
    let shell = makeShell(sampleState())
    _ = shell.execute("order add 2 mug")
    _ = shell.execute("order submit 2")
    await shell.waitUntilIdle()
    let submitted = shell.store.state.orders.list[id: 2]

    let reply = shell.execute("undo")
    #expect(reply.isRejected)
    #expect(
      reply.problems == [
        "Nothing to undo. Order #2 was already submitted: a submission that was sent cannot be "
          + "undone."
      ])
    #expect(shell.store.state.orders.list[id: 2] == submitted)
  }

  @Test(arguments: ["profile edit", "profile name Grace"])
  func aDiscardIsAStepAndKeepsTheOrderEditsBeforeIt(opening: String) async {
    let shell = makeShell()
    _ = shell.execute("order new")
    _ = shell.execute("order add 1 mug")
    _ = shell.execute(opening)
    let editor = shell.store.state.profile.editor
    _ = shell.execute("profile discard")
    await shell.waitUntilIdle()
    #expect(shell.store.state.profile.editor == nil)

    // Undoing the discard brings the editor back with what it dropped.
    #expect(shell.execute("undo").output == ["Undid: profile discard (3 more to undo)."])
    #expect(shell.store.state.profile.editor == editor)
    #expect(shell.execute("undo").output == ["Undid: \(opening) (2 more to undo)."])
    #expect(shell.store.state.profile.editor == nil)
    #expect(shell.execute("undo").output == ["Undid: order add 1 mug (1 more to undo)."])
    #expect(shell.store.state.orders.list[id: 1]?.lines == [])
    _ = shell.execute("redo")
    #expect(shell.store.state.orders.list[id: 1]?.lines.count == 1)
  }

  @Test func aDiscardThatStoppedASaveCannotBeUndoneAndUndoSaysSo() async {
    let shell = makeShell()
    _ = shell.execute("order new")
    _ = shell.execute("profile name Grace")
    _ = shell.execute("profile email grace@navy.mil")
    _ = shell.execute("profile save")
    #expect(shell.store.state.profile.editor?.saveStatus == .saving)
    _ = shell.execute("profile discard")
    await shell.waitUntilIdle()

    let reply = shell.execute("undo")
    #expect(
      reply.problems == [
        "Nothing to undo. A discard stopped the profile save: a save that was sent cannot be "
          + "undone."
      ])
    #expect(shell.store.state.profile.editor == nil)
    #expect(shell.store.state.profile.name == "")
  }
}

/// An account service whose saves wait until `release()`, or until they are cancelled.
final class HeldProfileService: Sendable {
  private let (opened, gate) = AsyncStream<Never>.makeStream()

  var client: ProfileClient {
    ProfileClient { [opened] _ in
      for await _ in opened {}
      try Task.checkCancellation()
    }
  }

  /// Lets every save waiting, and every later one, finish.
  func release() { gate.finish() }
}

@MainActor
@Suite struct UndoWhileSavingTests {
  /// A shell whose editor has a new name and email and is saving them through `service`.
  func shellSavingAnEdit(through service: HeldProfileService) -> Shell {
    let shell = Shell(initialState: AppState()) {
      $0.useTestServices()
      $0.profileClient = service.client
    }
    _ = shell.execute("profile name Grace")
    _ = shell.execute("profile email grace@navy.mil")
    _ = shell.execute("profile save")
    return shell
  }

  @Test func undoingAnEditWhileASaveRunsKeepsTheSaveShowingAndItLands() async {
    let service = HeldProfileService()
    defer { service.release() }
    let shell = shellSavingAnEdit(through: service)

    // Sending the save is not an edit: undo takes back the email, and the save goes on.
    #expect(
      shell.execute("undo").output == ["Undid: profile email grace@navy.mil (1 more to undo)."])
    #expect(shell.store.state.profile.editor?.draft.email == nil)
    #expect(shell.store.state.profile.editor?.saveStatus == .saving)

    service.release()
    await shell.waitUntilIdle()
    #expect(shell.store.state.profile.email == "grace@navy.mil")
  }

  @Test func anEditorThatUndoClosedAndRedoBringsBackShowsNoSaveRunning() async throws {
    let service = HeldProfileService()
    defer { service.release() }  // So that a failure leaves no save waiting.
    let shell = shellSavingAnEdit(through: service)

    _ = shell.execute("undo")
    _ = shell.execute("undo")
    try #require(shell.store.state.profile.editor == nil)
    await shell.waitUntilIdle()  // The save ended with the editor: nothing holds the shell.

    _ = shell.execute("redo")
    _ = shell.execute("redo")
    #expect(shell.store.state.profile.editor?.draft.email == "grace@navy.mil")
    #expect(shell.store.state.profile.editor?.saveStatus == .idle)
    #expect(shell.store.state.profile.name == "")

    // The editor saves again as any other.
    service.release()
    _ = shell.execute("profile save")
    await shell.waitUntilIdle()
    #expect(shell.store.state.profile.name == "Grace")
    #expect(shell.store.state.profile.editor == nil)
  }
}
