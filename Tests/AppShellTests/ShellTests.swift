import Foundation
import Core
import Orders
import Profile
import Testing

@testable import AppShell

@MainActor
@Suite struct ShellTests {
  func makeShell(
    _ state: AppState = AppState(), storage: InMemoryStorage = .init()
  ) -> Shell {
    Shell(initialState: state) { $0.useTestServices(storage: storage) }
  }

  @Test func orderCommandsDoNotRenderTheProfilePanel() {
    let shell = makeShell(sampleState())
    let profileRenders = shell.profilePanel.renderCount
    let ordersRenders = shell.ordersPanel.renderCount

    for line in ["order new", "order add 3 mug 2", "order quantity 3 mug 5", "order remove 3 mug"] {
      #expect(shell.execute(line) == Reply())
    }

    #expect(shell.ordersPanel.renderCount == ordersRenders + 4)
    #expect(shell.profilePanel.renderCount == profileRenders)
    #expect(shell.activityPanel.renderCount == 1)
  }

  @Test func profileEditsDoNotRenderTheOrdersPanel() {
    let shell = makeShell(sampleState())
    let ordersRenders = shell.ordersPanel.renderCount

    _ = shell.execute("profile name Countess")
    _ = shell.execute("profile email countess@example.org")

    #expect(shell.profilePanel.renderCount == 3)
    #expect(shell.ordersPanel.renderCount == ordersRenders)
  }

  @Test func scopedStoresNotifyOnlyForTheirOwnState() {
    let shell = makeShell(sampleState())
    var profiles: [ProfileFeature.State] = []
    var modules: [OrdersModuleState] = []
    let profileStore = shell.store.scope(state: \.profile, action: AppAction.profile)
    let ordersStore = shell.store.scope(state: \.ordersModule, action: AppAction.orders)
    let profileSubscription = profileStore.observe { profiles.append($0) }
    let ordersSubscription = ordersStore.observe { modules.append($0) }

    _ = shell.execute("order new")
    _ = shell.execute("order add 3 tea")
    #expect(profiles.count == 1)
    #expect(modules.count == 3)

    _ = shell.execute("profile name Countess")
    #expect(profiles.count == 2)
    // The module state holds the whole profile, so its store sees the edit; the Orders panel,
    // which observes only what it shows, does not (see the test above).
    #expect(modules.count == 4)
    _ = (profileSubscription, ordersSubscription)
  }

  @Test func confirmedOrderWritesPointsIntoTheOneProfile() async {
    let shell = makeShell(sampleState())
    _ = shell.execute("order submit 2")
    await shell.waitUntilIdle()

    #expect(shell.store.state.orders.list[id: 2]?.status == .confirmed(code: "TEST-2"))
    #expect(shell.store.state.profile.loyaltyPoints == 20 + 4)
    #expect(shell.profilePanel.lines.contains("Loyalty  member, 24 points (76 more for silver)"))
    #expect(shell.activityPanel.lines.last == "Order #2 confirmed: $4.50, +4 loyalty points.")
  }

  @Test func rejectedCommandsSayWhyAndChangeNothing() {
    let shell = makeShell(sampleState())
    let before = shell.store.state

    let unknown = shell.execute("profil name Ada")
    #expect(unknown.isRejected)
    #expect(
      unknown.output.first?.hasPrefix("Unknown command 'profil'. Did you mean 'profile'?") == true)

    let badArgument = shell.execute("order add 2 mug many")
    #expect(badArgument.isRejected)
    #expect(shell.store.state == before)

    let refused = shell.execute("order add 1 mug")
    #expect(
      refused
        == Reply(isRejected: true, problems: ["Order #1 is confirmed; only drafts can change."]))
    #expect(shell.store.state.orders.list == before.orders.list)
  }

  /// The Orders panel's `! ...` line answers one command, as the command's output does: the
  /// next command, whatever it is, takes it off the panel, and a newer error never shows beside
  /// it.
  @Test(arguments: [
    "profile name Grace", "help", "orders", "state", "dance", "yes", "undo", "order add 8 mug",
    "order new",
  ])
  func anOrdersProblemShowsOnlyUntilTheNextCommand(next: String) {
    let shell = makeShell(sampleState())
    _ = shell.execute("order add 9 mug")
    let problem = "! There is no order #9."
    #expect(shell.panels[1].lines.contains { $0.hasPrefix(problem) })
    #expect(shell.screenPanels[1].lines.contains { $0.hasPrefix(problem) })

    _ = shell.execute(next)

    #expect(!shell.panels[1].lines.contains { $0.hasPrefix(problem) }, "after '\(next)'")
    #expect(!shell.screenPanels[1].lines.contains { $0.hasPrefix(problem) }, "after '\(next)'")
    let fresh = next == "order add 8 mug"
    #expect(shell.panels[1].lines.contains { $0.hasPrefix("! There is no order #8.") } == fresh)
  }

  @Test func profileAloneShowsTheProfileInFull() {
    let shell = makeShell(sampleState())
    let reply = shell.execute("profile")
    #expect(!reply.isRejected)
    #expect(reply.output == ProfilePanel.render(sampleState().profile))
    #expect(reply.output.contains("Email    ada@lovelace.org  (unsaved; saved: ada@example.org)"))
  }

  @Test func invalidProfileSaveIsRejectedWithTheFieldErrors() {
    let shell = makeShell()
    #expect(
      shell.execute("profile save")
        == Reply(
          isRejected: true,
          problems: [
            "The profile editor is not open: 'profile edit' opens it, and so does editing a field."
          ]))
    #expect(shell.execute("profile edit") == Reply())
    let reply = shell.execute("profile save")
    #expect(reply.isRejected)
    #expect(
      reply.problems == [
        "name: Enter a name.", "email: Enter an email address, like 'ada@example.org'.",
      ])
    #expect(shell.profilePanel.lines.contains("  ! name: Enter a name."))
  }

  @Test func everyDistinctStateIsSavedAndTheLastOneMatches() async {
    let storage = InMemoryStorage()
    let shell = makeShell(storage: storage)

    _ = shell.execute("profile name Ada")
    let writes = storage.writeCount(of: shell)
    #expect(writes >= 1)
    _ = shell.execute("help")
    // Nothing changed, so nothing more was written.
    #expect(storage.writeCount(of: shell) == writes)
    _ = shell.execute("profile email ada@example.org")
    _ = shell.execute("profile save")
    await shell.waitUntilIdle()

    #expect(storage.savedState(of: shell) == shell.store.state)
    #expect(storage.savedState(of: shell)?.profile.name == "Ada")
  }

  @Test func saveFailureIsShownAndClearedByTheNextSuccessfulSave() throws {
    let storage = FailingStorage()
    storage.fail(with: "disk full")
    let persisted = try PersistedState.open(
      .appState, at: URL(fileURLWithPath: "/nowhere/state.json"), storage: storage)
    let shell = Shell(initialState: AppState(), persisted: persisted) { $0.useTestServices() }
    _ = shell.execute("profile name Ada")
    #expect(!shell.saveNow())
    #expect(shell.saveError == "Could not save the state to '/nowhere/state.json': disk full.")
    storage.fail(with: nil)
    _ = shell.execute("profile name Grace")
    #expect(shell.saveNow())
    #expect(shell.saveError == nil)
  }

  @Test func infoCommandsPrintWithoutChangingState() {
    let shell = makeShell(sampleState())
    let before = shell.store.state
    #expect(shell.execute("help").output == HelpText.commands)
    #expect(shell.execute("products").output.first == "tea       $4.50    Loose-leaf tea, 100 g")
    let json = shell.execute("state").output.joined(separator: "\n")
    #expect(json.contains(#""name" : "Ada Lovelace""#))
    #expect(json.hasPrefix("{") && json.hasSuffix("}"))
    #expect(shell.execute("wait") == Reply(waits: true))
    #expect(shell.execute("quit") == Reply(quits: true))
    #expect(shell.store.state == before)
  }

  @Test func statsCountRendersPerPanel() {
    let shell = makeShell(sampleState())
    _ = shell.execute("order new")
    _ = shell.execute("order add 3 pen")
    #expect(
      shell.execute("stats").output == [
        "Renders per panel (a panel renders when its own state changes, not on every action):",
        "  Profile panel   1",
        "  Orders panel    3",
        "  Activity panel  1",
        "App state: 3 distinct states after 3 commands.",
      ])
  }

  @Test(arguments: [
    "help", "products", "orders", "state", "stats", "wait", "undo", "redo", "profile edit",
    "profile name Grace", "open 2", "order new", "frobnicate", "yes please", "order add 9 mug",
  ])
  func everyCommandButYesAndNoAnswersNo(line: String) {
    let shell = makeShell(sampleState())
    _ = shell.execute("order add 2 mug")
    let question = shell.execute("order delete 2")
    #expect(question.output.first == "Delete order #2? Its lines go with it.")

    _ = shell.execute(line)

    #expect(shell.store.state.orders.confirmation == nil)
    #expect(!shell.ordersPanel.lines.contains { $0.hasPrefix("? ") })
    let yes = shell.execute("yes")
    #expect(yes.isRejected)
    #expect(shell.store.state.orders.list[id: 2] != nil)
  }

  @Test func aBlankLineLeavesTheQuestionWaiting() {
    let shell = makeShell(sampleState())
    _ = shell.execute("order delete 2")
    #expect(shell.execute("   ") == Reply())
    #expect(shell.execute("yes") == Reply())
    #expect(shell.store.state.orders.list[id: 2] == nil)
  }

  @Test func anEditRightAfterADiscardIsKept() async {
    let shell = makeShell(sampleState())
    _ = shell.execute("profile name Ada")
    _ = shell.execute("profile discard")
    #expect(shell.store.state.profile.editor == nil)
    _ = shell.execute("profile name Bob")
    await shell.waitUntilIdle()

    #expect(shell.store.state.profile.editor?.draft.name == "Bob")
    #expect(shell.store.state.profile.name == "Ada Lovelace")
  }
}
