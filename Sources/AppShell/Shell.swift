import Core
import Foundation
import Orders
import Profile

/// The app, minus the terminal: the store, each module's panel on its scoped store, command
/// execution, and saving the state whenever it changes.
///
/// Saving is the framework's: the store is attached to the state file with `Store.persist`,
/// so a command never waits on the disk. Without a state file, the state is kept in the
/// memory of the `persistentStorage` dependency when it is an `InMemoryStorage` (tests read
/// it), else in a fresh one.
///
/// ```swift
/// let shell = Shell(initialState: AppState()) { $0.persistentStorage = InMemoryStorage() }
/// let reply = shell.execute("profile name Ada")
/// shell.profilePanel.lines  // shows the unsaved name
/// ```
///
/// Each panel gets a store scoped to its module and never sees ``AppState``; because scoped
/// stores notify only when their own state changed, a command for one module re-renders only
/// that module's panel (see `stats`).
@MainActor
final class Shell {
  let store: Store<AppState, AppAction>
  let profilePanel: ProfilePanel
  let ordersPanel: OrdersPanel
  let activityPanel: ActivityPanel
  let persistence: SaveTarget

  /// How many distinct app states there were since the start, the first included.
  private(set) var stateChanges = 0
  /// How many command lines ran (blank lines excluded).
  private(set) var commandsRun = 0
  /// Why the last save failed, or `nil` if it succeeded.
  private(set) var saveError: String?
  /// Called when something shown changed outside of ``execute(_:)`` (effects, save errors).
  var onChange: (@MainActor () -> Void)?
  /// The commands that made the undo history's steps, for what `undo` and `redo` say.
  var stepNames = StepNames()

  private var runningTasks: [Int: StoreTask] = [:]
  private var nextTaskID = 0
  private var isClosed = false
  private var waiters: [CheckedContinuation<Void, Never>] = []
  private var rootSubscription: StoreSubscription?
  private var saving: StoreSubscription?
  private var isExecuting = false
  /// Whether the Orders module's problem answers the last command. It shows only then: like the
  /// command's output, it goes with the next command, which the Orders module may never see.
  private var showsOrdersProblem = false
  /// The command that asked the Orders panel's question: the answer's step goes by its name.
  private var questionCommand: String?

  /// Creates the app on `initialState` with the dependencies `prepare` overrides, saving to
  /// `persisted` (in memory when `nil`) and, when given a `recorder`, recording the session.
  init(
    initialState: AppState, persisted: PersistedState<AppState>? = nil,
    recorder: SessionRecorder<AppState, AppAction>? = nil,
    withDependencies prepare: @escaping (inout DependencyValues) -> Void
  ) {
    if let recorder {
      // Wraps the id and date generators once, for the store's life.
      store = Store(initialState: initialState, recordingTo: recorder) {
        AppRoot()
      } withDependencies: {
        prepare(&$0)
      }
    } else {
      store = Store(initialState: initialState) {
        AppRoot()
      } withDependencies: {
        prepare(&$0)
      }
    }
    persistence =
      persisted.map(SaveTarget.init)
      ?? SaveTarget(
        inMemory: withDependencies(prepare) { Dependency(\.persistentStorage).wrappedValue }
          as? InMemoryStorage ?? InMemoryStorage())
    profilePanel = ProfilePanel(store: store.scope(state: \.profile, action: AppAction.profile))
    ordersPanel = OrdersPanel(store: store.scope(state: \.ordersModule, action: AppAction.orders))
    activityPanel = ActivityPanel(store: store.scope(state: \.activity))
    rootSubscription = store.observe { [weak self] _ in self?.stateChanges += 1 }
    saving = store.persist(\.self, to: persistence.persisted)
    // Reads the newest result on the main actor, so a late report never hides a newer one.
    persistence.persisted.onSaveResult { [weak self] _ in
      Task { @MainActor in
        guard let self else { return }
        self.saved(self.persistence.persisted.lastError)
      }
    }
    profilePanel.onRender = { [weak self] in self?.changed() }
    ordersPanel.onRender = { [weak self] in self?.changed() }
    activityPanel.onRender = { [weak self] in self?.changed() }
  }

  /// A panel as the terminal shows it.
  struct Panel {
    let title: String
    let renderCount: Int
    let lines: [String]
  }

  /// The panels, top to bottom.
  var panels: [Panel] {
    [
      Panel(
        title: ProfilePanel.title, renderCount: profilePanel.renderCount, lines: profilePanel.lines),
      Panel(title: OrdersPanel.title, renderCount: ordersPanel.renderCount, lines: ordersLines),
      Panel(
        title: ActivityPanel.title, renderCount: activityPanel.renderCount,
        lines: activityPanel.lines),
    ]
  }

  /// What the Orders panel shows: the orders, and the problem only while it answers the last
  /// command.
  var ordersContent: OrdersPanel.Content {
    var content = OrdersPanel.Content(store.state.ordersModule)
    if !showsOrdersProblem { content.orders.problem = nil }
    return content
  }

  /// The Orders panel's lines as shown: its render, less a problem an earlier command left.
  var ordersLines: [String] {
    guard !showsOrdersProblem, store.state.orders.problem != nil else { return ordersPanel.lines }
    return OrdersPanel.render(ordersContent)
  }

  /// Whether submissions or saves started by commands are still running.
  var isBusy: Bool { !runningTasks.isEmpty }

  /// What is running, for a message like "Waiting for order #3 (40% submitted)": the orders
  /// being submitted and a profile save.
  var runningWork: String {
    var parts = store.state.orders.list.compactMap { order -> String? in
      guard case let .submitted(progress) = order.status else { return nil }
      return "order #\(order.id) (\(progress)% submitted)"
    }
    if store.state.profile.editor?.saveStatus == .saving { parts.append("the profile save") }
    switch parts.count {
    case 0: return "the last change to finish"
    case 1: return parts[0]
    default: return parts.dropLast().joined(separator: ", ") + " and " + parts[parts.count - 1]
    }
  }

  /// Runs one command line.
  func execute(_ line: String) -> Reply {
    isExecuting = true
    defer { isExecuting = false }
    showsOrdersProblem = false
    let command: Command?
    do {
      command = try CommandParser.parse(line)
    } catch {
      // A line that is not a command is not a 'yes' either.
      dismissQuestion()
      return Reply(output: [error.message], isRejected: true)
    }
    guard let command else { return Reply() }
    let name = line.trimmingCharacters(in: .whitespaces)
    commandsRun += 1
    if case .answer = command {} else { dismissQuestion() }
    switch command {
    case .help:
      return Reply(output: HelpText.commands, wrapsAtWords: true)
    case .showProfile:
      return Reply(output: ProfilePanel.render(store.state.profile))
    case .products:
      return Reply(output: Self.productLines())
    case .listOrders:
      var content = ordersContent
      content.orders.path = []
      return Reply(output: OrdersPanel.render(content))
    case .state:
      return Reply(
        output: stateJSON().split(separator: "\n", omittingEmptySubsequences: false).map(
          String.init))
    case .stats:
      return Reply(output: statsLines())
    case .wait:
      return Reply(waits: true)
    case .quit:
      return Reply(quits: true)
    case .undo, .redo:
      return undoOrRedo(command == .undo)
    case let .profile(intent):
      inOneStep(named: name) { track(profilePanel.send(intent)) }
      return Reply()
    case let .profileEditor(intent):
      return edit(intent, named: name)
    case let .orders(intent):
      inOneStep(named: name) { track(ordersPanel.send(intent)) }
      if store.state.orders.confirmation != nil { questionCommand = name }
      return ordersReply()
    case let .answer(yes):
      guard store.state.orders.confirmation != nil else {
        return Reply(
          isRejected: true,
          problems: [
            "There is no question to answer: 'yes' and 'no' answer the one 'order delete' or "
              + "'order cancel' asks."
          ])
      }
      inOneStep(named: questionCommand ?? name) {
        if let task = ordersPanel.answer(yes) { track(task) }
      }
      return ordersReply()
    }
  }

  /// Runs `send` as one undo step, however many actions it sends, and names the step, if it
  /// made one, for `undo` and `redo`. Only a command that sends an action is grouped: for one
  /// that changes nothing, the group's two actions would be all it added to a recording.
  private func inOneStep(named name: String, _ send: () -> Void) {
    let before = store.state.history.undoCount
    // At the limit a new step pushes the oldest out, so the count alone does not show it.
    let editsAtLimit = before == AppRoot.undoLimit ? store.state.edits : nil
    store.send(.history(.beginGroup))
    send()
    store.send(.history(.endGroup))
    let history = store.state.history
    let madeStep =
      history.undoCount > before
      || (history.undoCount > 0 && editsAtLimit.map { $0 != store.state.edits } == true)
    stepNames.commandFinished(name, madeStep: madeStep, history: history)
  }

  /// Sends `intent` to the profile editor, or says that none is open.
  private func edit(_ intent: ProfileEditor.Action.View, named name: String) -> Reply {
    guard store.state.profile.editor != nil else {
      return Reply(
        isRejected: true,
        problems: [
          "The profile editor is not open: 'profile edit' opens it, and so does editing a field."
        ])
    }
    inOneStep(named: name) {
      if let task = profilePanel.edit(intent) { track(task) }
    }
    let errors = (store.state.profile.editor?.errors ?? []).map {
      "\($0.field.rawValue): \($0.message)"
    }
    let refused = intent == .saveButtonTapped && !errors.isEmpty
    return Reply(isRejected: refused, problems: refused ? errors : [])
  }

  /// What an Orders command says: the question it asks, the problem that refused it, or
  /// nothing. The question shows as output too, so it is on screen however small the panels.
  private func ordersReply() -> Reply {
    showsOrdersProblem = store.state.orders.problem != nil
    if let problem = store.state.orders.problem {
      return Reply(isRejected: true, problems: [problem])
    }
    guard let dialog = store.state.orders.confirmation else { return Reply() }
    let answers = dialog.buttons.map { "'\($0.role == .cancel ? "no" : "yes")' to \($0.label)" }
    return Reply(
      output: [
        [dialog.title, dialog.message].compactMap { $0 }.joined(separator: " "),
        "Answer " + answers.joined(separator: ", ") + ".",
      ])
  }

  /// Answers "no" to the Orders panel's question, as every command other than `yes` and `no`
  /// does, a rejected one included; a blank line is not a command and leaves it.
  private func dismissQuestion() {
    if store.state.orders.confirmation != nil { ordersPanel.answer(false) }
  }

  /// Waits until every submission and save started by a command has finished.
  func waitUntilIdle() async {
    guard isBusy else { return }
    await withCheckedContinuation { waiters.append($0) }
  }

  /// Saves the current state now, whether or not it changed, and waits for the write.
  @discardableResult
  func saveNow() -> Bool {
    guard !isClosed else { return saveError == nil }
    persistence.persisted.save(store.state)
    saved(persistence.persisted.flush())
    return saveError == nil
  }

  /// Saves the state as a crash would leave it, for quitting without waiting: the orders being
  /// submitted are saved as failed ("the app quit while this order was being submitted"), as
  /// after `kill -9`. Then cancels the running work and saves nothing more.
  ///
  /// - Returns: Whether the save succeeded.
  @discardableResult
  func saveInterruptingRunningWork() -> Bool {
    guard !isClosed else { return saveError == nil }
    var state = store.state
    state.orders.failInterruptedSubmissions()
    saving?.cancel()
    persistence.persisted.save(state)
    saved(persistence.persisted.flush())
    isClosed = true
    for task in runningTasks.values { task.cancel() }
    return saveError == nil
  }

  /// The app state as pretty JSON, the way the state file stores it.
  func stateJSON() -> String {
    (try? store.state.prettyJSON()).flatMap { String(data: $0, encoding: .utf8) } ?? "{}"
  }

  func statsLines() -> [String] {
    ["Renders per panel (a panel renders when its own state changes, not on every action):"]
      + panels.map {
        "  " + "\($0.title) panel".padding(toLength: 16, withPad: " ", startingAt: 0)
          + "\($0.renderCount)"
      }
      + ["App state: \(stateChanges) distinct states after \(commandsRun) commands."]
  }

  static func productLines() -> [String] {
    Product.catalog.map { product in
      product.sku.padding(toLength: 10, withPad: " ", startingAt: 0)
        + "\(product.price)".padding(toLength: 9, withPad: " ", startingAt: 0) + product.name
    }
  }

  // MARK: - Private

  private func track(_ task: StoreTask) {
    let id = nextTaskID
    nextTaskID += 1
    runningTasks[id] = task
    Task {
      await task.finish()
      runningTasks[id] = nil
      if runningTasks.isEmpty {
        let waiters = waiters
        self.waiters = []
        for waiter in waiters { waiter.resume() }
      }
    }
  }

  /// Shows why the last save failed, or hides the error once a save succeeds.
  private func saved(_ error: PersistenceError?) {
    let message = error.map { StateFileError($0).description }
    guard message != saveError else { return }
    saveError = message
    changed()
  }

  private func changed() {
    guard !isExecuting else { return }
    onChange?()
  }
}
