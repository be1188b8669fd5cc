/// The plain reference for `ModelApp`: one hand-written `switch` over the root action applied to
/// a plain value, with no scoping, no `ifLet`/`forEach` and no computed properties. What the
/// store does through its composition machinery, this spells out directly.
struct ReferenceModel {
  typealias State = ModelApp.State
  typealias Action = ModelApp.Action

  /// The runtime issues Core is expected to report.
  enum IssueKind: Equatable, CustomStringConvertible {
    /// An action sent to a scoped store whose state is gone.
    case goneStore
    /// A child action reached an `ifLet` whose state is `nil`.
    case ifLetNil
    /// An element action reached a `forEach` without that element.
    case forEachMissing

    /// Text the reported message must contain.
    var fragment: String {
      switch self {
      case .goneStore: ".send' was called with"
      case .ifLetNil: "An 'ifLet' received"
      case .forEachMissing: "A 'forEach' over"
      }
    }

    var description: String { fragment }
  }

  /// What reducing one action leads to.
  struct Outcome {
    /// Actions delivered synchronously (`.send` effects), in order.
    var followUps: [Action] = []
    /// An action a `.run` effect feeds back later.
    var feedback: Action?
    var issues: [IssueKind] = []
  }

  var state = State()

  mutating func reduce(_ action: Action) -> Outcome {
    var outcome = Outcome()
    switch action {
    case let .account(action):
      Self.apply(action, to: &state.account)
    case let .module(.account(action)):
      Self.apply(action, to: &state.account)
    case .module(.checkoutTapped):
      state.orders.submitted += 1
      state.account.tier += 1
    case let .module(.orders(.itemAdded(id))):
      if state.orders.items[id: id] == nil { state.orders.items.append(ModelApp.Item(id: id)) }
    case .module(.orders(.submitTapped)):
      state.orders.submitted += 1
    case let .module(.orders(.item(id, itemAction))):
      reduceItem(id: id, itemAction, into: &outcome)
    case .editorOpened:
      if state.editor == nil { state.editor = ModelApp.Editor(draft: state.account) }
    case .editorClosed:
      state.editor = nil
    case let .editor(editorAction):
      reduceEditor(editorAction, into: &outcome)
    case let .rowAdded(id):
      if state.rows[id: id] == nil { state.rows.append(ModelApp.Row(id: id)) }
    case let .rowRemoved(id):
      state.rows[id: id] = nil
    case let .row(id, rowAction):
      if var row = state.rows[id: id] {
        switch rowAction {
        case let .valueSet(value): row.value = value
        case .bumped: row.value += 1
        }
        state.rows[id: id] = row
      } else {
        outcome.issues.append(.forEachMissing)
      }
    case let .counterSet(value):
      state.counter = value
    case .noop:
      break
    }
    return outcome
  }

  private mutating func reduceItem(
    id: Int, _ action: ModelApp.ItemAction, into outcome: inout Outcome
  ) {
    guard var item = state.orders.items[id: id] else {
      outcome.issues.append(.forEachMissing)
      return
    }
    switch action {
    case let .quantitySet(quantity):
      item.quantity = quantity
    case .removeTapped:
      outcome.followUps.append(.module(.orders(.item(id: id, action: .delegate(.removeMe)))))
    case .refreshTapped:
      outcome.feedback = .module(.orders(.item(id: id, action: .refreshed(item.quantity + 1))))
    case let .refreshed(quantity):
      item.quantity = quantity
    case .delegate(.removeMe):
      state.orders.items[id: id] = nil
      return
    }
    state.orders.items[id: id] = item
  }

  private mutating func reduceEditor(_ action: ModelApp.EditorAction, into outcome: inout Outcome) {
    if var editor = state.editor {
      switch action {
      case let .draft(action):
        Self.apply(action, to: &editor.draft)
      case let .confirm(.countSet(count)):
        if editor.confirm == nil {
          outcome.issues.append(.ifLetNil)
        } else {
          editor.confirm?.count = count
        }
      case .confirmShown:
        if editor.confirm == nil { editor.confirm = ModelApp.Confirm(count: editor.draft.name) }
      case .confirmDismissed:
        editor.confirm = nil
      case .saveTapped:
        outcome.followUps.append(.editor(.delegate(.saved(editor.draft))))
      case .delegate:
        break
      }
      state.editor = editor
    } else {
      outcome.issues.append(.ifLetNil)
    }
    // The root handles the editor's delegate action whether or not the editor is there.
    if case let .delegate(.saved(account)) = action {
      state.account = account
      state.editor = nil
    }
  }

  private static func apply(_ action: ModelApp.AccountAction, to account: inout ModelApp.Account) {
    switch action {
    case let .nameSet(name): account.name = name
    case .tierBumped: account.tier += 1
    }
  }
}
