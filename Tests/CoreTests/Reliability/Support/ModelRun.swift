import TestSupport

@testable import Core

/// One seeded run of the randomized test: a `ModelApp` store, a growing and shrinking set of
/// stores scoped from it, and the `ReferenceModel` they are all checked against.
///
/// Each step does one random thing (send a random action to a random store, scope a new store,
/// release one, add or end an observer, re-scope a cached store), then checks every store's
/// state, every observer's calls, the actions the root reduced and the runtime issues reported
/// against the model.
@MainActor
final class ModelRun {
  typealias State = ModelApp.State
  typealias Action = ModelApp.Action

  /// How often each kind of thing happened, to show the run covered what it should.
  struct Coverage {
    var sends = 0
    var droppedSends = 0
    var reduced = 0
    var feedbacks = 0
    var echoes = 0
    var created = 0
    var released = 0
    var observersAdded = 0
    var observersEnded = 0
    var issues: [ReferenceModel.IssueKind: Int] = [:]
  }

  let seed: UInt64
  let issues: RuntimeIssues
  private(set) var coverage = Coverage()
  private var generator: SplitMix64
  private var model = ReferenceModel()
  private let log = ReducedActions<Action>()
  private let root: ModelStoreHandle<State, Action>
  private let account: ModelStoreHandle<ModelApp.Account, ModelApp.AccountAction>
  private let module: ModelStoreHandle<ModelApp.Module, ModelApp.ModuleAction>
  private let orders: ModelStoreHandle<ModelApp.Orders, ModelApp.OrdersAction>
  private let counter: ModelStoreHandle<Int, Action>
  private let accountName: ModelStoreHandle<Int, ModelApp.ModuleAction>
  private var persistent: [any ModelHandle] = []
  private var dynamic: [any ModelHandle] = []
  private var editors: [ModelStoreHandle<ModelApp.Editor, ModelApp.EditorAction>] = []
  /// An observer that sends an action to the root whenever the account's name becomes 3.
  private var echo: StoreSubscription?
  private var stores: [WeakReference] = []
  private var nextHandleID = 0
  private static let maximumDynamicHandles = 24

  init(seed: UInt64, issues: RuntimeIssues) {
    self.seed = seed
    self.issues = issues
    generator = SplitMix64(seed: seed)
    let log = log
    let rootStore = Store(initialState: State()) { ModelApp.AppReducer(log: log) }
    let model = State()
    root = ModelStoreHandle(
      name: "#0 root", store: rootStore, mode: .read, model: model, project: { $0 },
      embed: { $0 }, makeAction: { generator, _ in ModelApp.randomAction(using: &generator) })
    account = ModelStoreHandle(
      name: "#1 account",
      store: rootStore.scope(state: \.account, action: Action.account),
      mode: .read, model: model, project: { $0.account }, embed: { .account($0) },
      makeAction: { generator, _ in ModelApp.randomAccountAction(using: &generator) })
    module = ModelStoreHandle(
      name: "#2 module (computed)",
      store: rootStore.scope(state: \.module, action: Action.module),
      mode: .observed, model: model,
      project: { ModelApp.Module(orders: $0.orders, account: $0.account) },
      embed: { .module($0) },
      makeAction: { generator, _ in ModelApp.randomModuleAction(using: &generator) })
    orders = ModelStoreHandle(
      name: "#3 module.orders",
      store: module.store.scope(state: \.orders, action: ModelApp.ModuleAction.orders),
      mode: .read, model: model, project: { $0.orders }, embed: { .module(.orders($0)) },
      makeAction: { generator, _ in ModelApp.randomOrdersAction(using: &generator) })
    let moduleAccount = ModelStoreHandle(
      name: "#4 module.account",
      store: module.store.scope(state: \.account, action: ModelApp.ModuleAction.account),
      mode: .read, model: model, project: { $0.account }, embed: { .module(.account($0)) },
      makeAction: { generator, _ in ModelApp.randomAccountAction(using: &generator) })
    counter = ModelStoreHandle(
      name: "#5 counter (read-only)", store: rootStore.scope(state: \.counter),
      mode: .read, model: model, project: { $0.counter }, embed: { $0 },
      makeAction: { generator, _ in ModelApp.randomAction(using: &generator) })
    accountName = ModelStoreHandle(
      name: "#6 module.account.name (read-only)",
      store: module.store.scope(state: \.account.name),
      mode: .observed, model: model, project: { $0.account.name }, embed: { .module($0) },
      makeAction: { generator, _ in ModelApp.randomModuleAction(using: &generator) })
    // A chain of stored key paths: the store links straight to the root, past #1.
    let accountTier = ModelStoreHandle(
      name: "#7 account.tier (read-only, through #1)",
      store: account.store.scope(state: \.tier),
      mode: .observed, model: model, project: { $0.account.tier }, embed: { .account($0) },
      makeAction: { generator, _ in ModelApp.randomAccountAction(using: &generator) })
    persistent = [root, account, module, orders, moduleAccount, counter, accountName, accountTier]
    nextHandleID = persistent.count
    stores = persistent.map { WeakReference($0.object) }
  }

  /// Subscribes the first observers; returns any difference found.
  func start() -> [String] {
    var differences: [String] = []
    for handle in [root, root, account, module, accountName] as [any ModelHandle] {
      if let difference = handle.addObserver(model: model.state) {
        differences.append(difference)
      }
    }
    let rootStore = root.store
    echo = account.store.observe { account in
      if account.name == 3 { rootStore.send(.counterSet(account.tier)) }
    }
    return differences
  }

  /// Performs one random step and checks everything; returns what differed from the model,
  /// and a description of what the step did.
  func step() async -> (differences: [String], description: String) {
    var differences: [String] = []
    let logStart = log.count
    let issueStart = issues.count
    var expectedActions: [Action] = []
    var expectedIssues: [ReferenceModel.IssueKind] = []
    let description: String

    switch generator.int(in: 0..<100) {
    case 0..<60:
      let handle = generator.pick(allHandles)
      let (action, task) = handle.sendRandom(using: &generator, model: model.state)
      coverage.sends += 1
      if let action {
        description = "sent to \(handle.name), which the root reduces as \(action)"
        process(action, actions: &expectedActions, issues: &expectedIssues)
      } else {
        description = "sent to \(handle.name), whose state is gone"
        coverage.droppedSends += 1
        expectedIssues.append(.goneStore)
      }
      await task.finish()
    case 60..<72:
      description = createHandle(differences: &differences)
    case 72..<80:
      description = releaseHandle()
    case 80..<88:
      let handle = generator.pick(allHandles)
      description = "observed \(handle.name)"
      if let difference = handle.addObserver(model: model.state) { differences.append(difference) }
      coverage.observersAdded += 1
    case 88..<96:
      let handle = generator.pick(allHandles)
      description = "ended an observer of \(handle.name)"
      if handle.observerCount > 0 { coverage.observersEnded += 1 }
      handle.removeObserver(using: &generator, model: model.state)
    default:
      description = "re-scoped cached read-only stores"
      if root.store.scope(state: \.counter) !== counter.store {
        differences.append("'scope(state: \\.counter)' did not return the cached store")
      }
      if module.store.scope(state: \.account.name) !== accountName.store {
        differences.append("'scope(state: \\.account.name)' did not return the cached store")
      }
      if (root.store.scope(state: \.editor) == nil) != (model.state.editor == nil) {
        differences.append("'scope(state: \\.editor)' disagrees with the model about presence")
      }
    }

    let actions = log.actions(from: logStart)
    if actions != expectedActions {
      differences.append("the root reduced \(actions); the model says \(expectedActions)")
    }
    let messages = issues.messages(from: issueStart)
    if messages.count != expectedIssues.count
      || !zip(messages, expectedIssues).allSatisfy({ $0.contains($1.fragment) })
    {
      differences.append("runtime issues \(messages); the model expects \(expectedIssues)")
    }
    for kind in expectedIssues { coverage.issues[kind, default: 0] += 1 }
    for handle in allHandles { differences += handle.check(model: model.state) }
    return (differences, description)
  }

  /// Ends every subscription and drops every store; returns weak references to every store
  /// the run created, which must all be `nil` once the run itself is released.
  func tearDown() -> [WeakReference] {
    echo = nil
    for handle in allHandles {
      while handle.observerCount > 0 {
        handle.removeObserver(using: &generator, model: model.state)
      }
    }
    persistent = []
    dynamic = []
    editors = []
    return stores
  }

  private var allHandles: [any ModelHandle] { persistent + dynamic }

  /// Runs the model on `action` and what follows it, as the store does: each action reduced,
  /// its `.send` effects queued, observers told (the echo observer queueing its action after
  /// them), and an effect's feedback once the queue is empty.
  private func process(
    _ action: Action, actions: inout [Action], issues: inout [ReferenceModel.IssueKind]
  ) {
    var queue = [action]
    var feedback: Action?
    var index = 0
    while index < queue.count {
      let action = queue[index]
      index += 1
      actions.append(action)
      coverage.reduced += 1
      let outcome = model.reduce(action)
      queue += outcome.followUps
      issues += outcome.issues
      if let action = outcome.feedback { feedback = action }
      for handle in allHandles {
        let changed = handle.didReduce(model: model.state)
        if changed, handle === account, model.state.account.name == 3 {
          queue.append(.counterSet(model.state.account.tier))
          coverage.echoes += 1
        }
      }
    }
    if let feedback {
      coverage.feedbacks += 1
      process(feedback, actions: &actions, issues: &issues)
    }
  }

  private func register<S, A>(_ handle: ModelStoreHandle<S, A>) {
    dynamic.append(handle)
    stores.append(WeakReference(handle.store))
    coverage.created += 1
  }

  private func newName(_ kind: String) -> String {
    nextHandleID += 1
    return "#\(nextHandleID) \(kind)"
  }

  private func createHandle(differences: inout [String]) -> String {
    guard dynamic.count < Self.maximumDynamicHandles else { return releaseHandle() }
    let mode: HandleMode = generator.chance(50) ? .read : .observed
    let id = generator.pick(ModelApp.ids)
    let state = model.state
    var parentIsPresent = true
    var created: (any ModelHandle)?
    let kind = generator.int(in: 0..<10)
    switch kind {
    case 0, 1:
      // An element store, from the long-lived orders store or through new intermediate stores
      // that only the element store keeps alive.
      let parent =
        kind == 0
        ? orders.store
        : root.store.scope(state: \.module, action: Action.module)
          .scope(state: \.orders, action: ModelApp.ModuleAction.orders)
      if let store = parent.scope(
        state: \.items[id: id], action: { ModelApp.OrdersAction.item(id: id, action: $0) })
      {
        let handle = ModelStoreHandle(
          name: newName("item(\(id))\(kind == 1 ? " via new scopes" : "")"), store: store,
          mode: mode, model: state, project: { $0.orders.items[id: id] },
          embed: { .module(.orders(.item(id: id, action: $0))) },
          makeAction: { generator, _ in ModelApp.randomItemAction(using: &generator) })
        register(handle)
        created = handle
      }
      if (created == nil) != (state.orders.items[id: id] == nil) {
        differences.append("scoping to item \(id) disagrees with the model about presence")
      }
    case 2:
      if let store = root.store.scope(
        state: \.rows[id: id], action: { Action.row(id: id, action: $0) })
      {
        let handle = ModelStoreHandle(
          name: newName("row(\(id))"), store: store, mode: mode, model: state,
          project: { $0.rows[id: id] }, embed: { .row(id: id, action: $0) },
          makeAction: { generator, _ in ModelApp.randomRowAction(using: &generator) })
        register(handle)
        created = handle
      }
      if (created == nil) != (state.rows[id: id] == nil) {
        differences.append("scoping to row \(id) disagrees with the model about presence")
      }
    case 3:
      if let store = root.store.scope(state: \.editor, action: Action.editor) {
        let handle = ModelStoreHandle(
          name: newName("editor"), store: store, mode: mode, model: state,
          project: { $0.editor }, embed: { .editor($0) },
          makeAction: { generator, _ in ModelApp.randomEditorAction(using: &generator) })
        register(handle)
        editors.append(handle)
        created = handle
      }
      if (created == nil) != (state.editor == nil) {
        differences.append("scoping to the editor disagrees with the model about presence")
      }
    case 4, 5:
      // A child of an editor store that may be gone by now.
      guard let editor = editors.isEmpty ? nil : generator.pick(editors) else {
        return "found no editor store to scope from"
      }
      parentIsPresent = state.editor != nil
      if kind == 4 {
        let handle = ModelStoreHandle(
          name: newName("\(editor.name).draft"),
          store: editor.store.scope(state: \.draft, action: ModelApp.EditorAction.draft),
          mode: mode, model: state, project: { $0.editor?.draft },
          embed: { .editor(.draft($0)) },
          makeAction: { generator, _ in ModelApp.randomAccountAction(using: &generator) })
        register(handle)
        created = handle
      } else {
        if let store = editor.store.scope(
          state: \.confirm, action: ModelApp.EditorAction.confirm)
        {
          let handle = ModelStoreHandle(
            name: newName("\(editor.name).confirm"), store: store, mode: mode, model: state,
            project: { $0.editor?.confirm }, embed: { .editor(.confirm($0)) },
            makeAction: { generator, _ in ModelApp.randomConfirmAction(using: &generator) })
          register(handle)
          created = handle
        }
        if parentIsPresent, (created == nil) != (state.editor?.confirm == nil) {
          differences.append("scoping to the confirmation disagrees with the model")
        }
      }
    case 7, 8:
      // An element store of the id-keyed kind, which its parent visits by diff.
      let parent =
        kind == 7
        ? orders.store
        : root.store.scope(state: \.module, action: Action.module)
          .scope(state: \.orders, action: ModelApp.ModuleAction.orders)
      if let store = parent.scope(state: \.items, id: id, action: ModelApp.OrdersAction.item) {
        let handle = ModelStoreHandle(
          name: newName("item(\(id)) by id\(kind == 8 ? " via new scopes" : "")"), store: store,
          mode: mode, model: state, project: { $0.orders.items[id: id] },
          embed: { .module(.orders(.item(id: id, action: $0))) },
          makeAction: { generator, _ in ModelApp.randomItemAction(using: &generator) })
        register(handle)
        created = handle
      }
      if (created == nil) != (state.orders.items[id: id] == nil) {
        differences.append("scoping to item \(id) by id disagrees with the model about presence")
      }
    case 9:
      if let store = root.store.scope(state: \.rows, id: id, action: Action.row) {
        let handle = ModelStoreHandle(
          name: newName("row(\(id)) by id"), store: store, mode: mode, model: state,
          project: { $0.rows[id: id] }, embed: { .row(id: id, action: $0) },
          makeAction: { generator, _ in ModelApp.randomRowAction(using: &generator) })
        register(handle)
        created = handle
      }
      if (created == nil) != (state.rows[id: id] == nil) {
        differences.append("scoping to row \(id) by id disagrees with the model about presence")
      }
    default:
      // A read-only element view that keeps the root's action type.
      if let store = root.store.scope(state: \.rows[id: id]) {
        let handle = ModelStoreHandle(
          name: newName("row(\(id)) (read-only)"), store: store, mode: mode, model: state,
          project: { $0.rows[id: id] }, embed: { $0 },
          makeAction: { generator, _ in ModelApp.randomAction(using: &generator) })
        register(handle)
        created = handle
      }
      if (created == nil) != (state.rows[id: id] == nil) {
        differences.append("read-only scoping to row \(id) disagrees with the model")
      }
    }
    guard let created else { return "scoped nothing: the state was absent" }
    if mode == .observed, let difference = created.addObserver(model: state) {
      differences.append(difference)
    }
    return "scoped \(created.name)"
  }

  private func releaseHandle() -> String {
    guard !dynamic.isEmpty else { return "found no store to release" }
    let index = generator.int(in: dynamic.indices)
    let handle = dynamic.remove(at: index)
    while handle.observerCount > 0 {
      handle.removeObserver(using: &generator, model: model.state)
    }
    editors.removeAll { $0 === handle }
    coverage.released += 1
    return "released \(handle.name)"
  }
}
