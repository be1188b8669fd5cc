@testable import Core

/// The app the randomized test drives: several levels of scoping, a computed module state that
/// shares `account` with the root, an optional editor holding an optional confirmation, and two
/// identified collections (one of them two levels down). Values are small integers so that many
/// actions leave state unchanged and de-duplication is exercised.
///
/// The reducers here are built with `Scope`, `ifLet` and `forEach`; `ReferenceModel` is the
/// plain, hand-written reducer the store is checked against.
enum ModelApp {
  struct Account: Equatable, Sendable {
    var name = 0
    var tier = 0
  }

  enum AccountAction: Equatable, Sendable {
    case nameSet(Int)
    case tierBumped
  }

  struct Item: Equatable, Identifiable, Sendable {
    let id: Int
    var quantity = 0
  }

  enum ItemAction: Equatable, Sendable {
    case quantitySet(Int)
    case removeTapped
    case refreshTapped
    case refreshed(Int)
    case delegate(ItemDelegate)
  }

  enum ItemDelegate: Equatable, Sendable {
    case removeMe
  }

  struct Orders: Equatable, Sendable {
    var items: IdentifiedArray<Item> = []
    var submitted = 0
  }

  enum OrdersAction: Equatable, Sendable {
    case item(id: Int, action: ItemAction)
    case itemAdded(Int)
    case submitTapped
  }

  /// A computed module state: the orders plus the one shared account.
  struct Module: Equatable, Sendable {
    var orders: Orders
    var account: Account
  }

  enum ModuleAction: Equatable, Sendable {
    case orders(OrdersAction)
    case account(AccountAction)
    case checkoutTapped
  }

  struct Confirm: Equatable, Sendable {
    var count = 0
  }

  enum ConfirmAction: Equatable, Sendable {
    case countSet(Int)
  }

  struct Editor: Equatable, Sendable {
    var draft: Account
    var confirm: Confirm?
  }

  enum EditorAction: Equatable, Sendable {
    case draft(AccountAction)
    case confirm(ConfirmAction)
    case confirmShown
    case confirmDismissed
    case saveTapped
    case delegate(EditorDelegate)
  }

  enum EditorDelegate: Equatable, Sendable {
    case saved(Account)
  }

  struct Row: Equatable, Identifiable, Sendable {
    let id: Int
    var value = 0
  }

  enum RowAction: Equatable, Sendable {
    case valueSet(Int)
    case bumped
  }

  struct State: Equatable, Sendable {
    var account = Account()
    var orders = Orders()
    var editor: Editor?
    var rows: IdentifiedArray<Row> = []
    var counter = 0

    var module: Module {
      get { Module(orders: orders, account: account) }
      set {
        orders = newValue.orders
        account = newValue.account
      }
    }
  }

  /// Only `module` is `indirect`, so that action extraction meets both payload layouts.
  enum Action: Equatable, Sendable {
    case account(AccountAction)
    indirect case module(ModuleAction)
    case editor(EditorAction)
    case row(id: Int, action: RowAction)
    case editorOpened
    case editorClosed
    case rowAdded(Int)
    case rowRemoved(Int)
    case counterSet(Int)
    case noop
  }
}

extension ModelApp {
  struct AccountReducer: Reducer {
    func reduce(into state: inout Account, action: AccountAction) -> Effect<AccountAction> {
      switch action {
      case let .nameSet(name): state.name = name
      case .tierBumped: state.tier += 1
      }
      return .none
    }
  }

  struct ItemReducer: Reducer {
    func reduce(into state: inout Item, action: ItemAction) -> Effect<ItemAction> {
      switch action {
      case let .quantitySet(quantity):
        state.quantity = quantity
        return .none
      case .removeTapped:
        return .send(.delegate(.removeMe))
      case .refreshTapped:
        return .run { [quantity = state.quantity] send in
          await send(.refreshed(quantity + 1))
        }
      case let .refreshed(quantity):
        state.quantity = quantity
        return .none
      case .delegate:
        return .none
      }
    }
  }

  struct OrdersReducer: Reducer {
    var body: some Reducer<Orders, OrdersAction> {
      Reduce { state, action in
        switch action {
        case let .itemAdded(id):
          state.items.append(Item(id: id))
        case .submitTapped:
          state.submitted += 1
        case let .item(id, .delegate(.removeMe)):
          state.items.remove(id: id)
        case .item:
          break
        }
        return .none
      }
      .forEach(\.items, action: OrdersAction.item) { ItemReducer() }
    }
  }

  struct ModuleReducer: Reducer {
    var body: some Reducer<Module, ModuleAction> {
      Scope(state: \.orders, action: ModuleAction.orders) { OrdersReducer() }
      Scope(state: \.account, action: ModuleAction.account) { AccountReducer() }
      Reduce { state, action in
        if case .checkoutTapped = action {
          state.orders.submitted += 1
          state.account.tier += 1
        }
        return .none
      }
    }
  }

  struct ConfirmReducer: Reducer {
    func reduce(into state: inout Confirm, action: ConfirmAction) -> Effect<ConfirmAction> {
      switch action {
      case let .countSet(count): state.count = count
      }
      return .none
    }
  }

  struct EditorReducer: Reducer {
    var body: some Reducer<Editor, EditorAction> {
      Scope(state: \.draft, action: EditorAction.draft) { AccountReducer() }
      Reduce { state, action in
        switch action {
        case .confirmShown:
          if state.confirm == nil { state.confirm = Confirm(count: state.draft.name) }
        case .confirmDismissed:
          state.confirm = nil
        case .saveTapped:
          return .send(.delegate(.saved(state.draft)))
        case .draft, .confirm, .delegate:
          break
        }
        return .none
      }
      .ifLet(\.confirm, action: EditorAction.confirm) { ConfirmReducer() }
    }
  }

  struct RowReducer: Reducer {
    func reduce(into state: inout Row, action: RowAction) -> Effect<RowAction> {
      switch action {
      case let .valueSet(value): state.value = value
      case .bumped: state.value += 1
      }
      return .none
    }
  }

  /// The app's reducer, preceded by one that logs every action the root reduces.
  struct AppReducer: Reducer {
    let log: ReducedActions<Action>

    var body: some Reducer<State, Action> {
      Reduce { _, action in
        log.append(action)
        return .none
      }
      Scope(state: \.account, action: Action.account) { AccountReducer() }
      Scope(state: \.module, action: Action.module) { ModuleReducer() }
      Reduce { state, action in
        switch action {
        case .editorOpened:
          if state.editor == nil { state.editor = Editor(draft: state.account) }
        case .editorClosed:
          state.editor = nil
        case let .editor(.delegate(.saved(account))):
          state.account = account
          state.editor = nil
        case let .rowAdded(id):
          state.rows.append(Row(id: id))
        case let .rowRemoved(id):
          state.rows.remove(id: id)
        case let .counterSet(value):
          state.counter = value
        case .account, .module, .editor, .row, .noop:
          break
        }
        return .none
      }
      .ifLet(\.editor, action: Action.editor) { EditorReducer() }
      .forEach(\.rows, action: Action.row) { RowReducer() }
    }
  }
}
