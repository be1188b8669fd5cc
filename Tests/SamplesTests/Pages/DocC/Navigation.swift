import Core
import CoreTesting
import Testing

// The examples of the "Navigation" article (Sources/Core/Documentation.docc/Navigation.md),
// run as tests.

struct ItemEditor: Reducer {
  struct State: Equatable, Sendable {
    var name: String
  }

  enum Action: Equatable, Sendable {
    case nameChanged(String)
    case saveButtonTapped
    case delegate(Delegate)

    enum Delegate: Equatable, Sendable {
      case saved(String)
    }
  }

  @Dependency(\.dismiss) var dismiss

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .nameChanged(name):
      state.name = name
      return .none
    case .saveButtonTapped:
      return .run { [name = state.name, dismiss] send in
        await send(.delegate(.saved(name)))
        await dismiss()
      }
    case .delegate:
      return .none
    }
  }
}

/// The inventory of "Presenting: destinations as an enum": an editor sheet and an alert.
struct Inventory: Reducer {
  struct Destination: Reducer {
    enum State: Equatable, Sendable {
      case edit(ItemEditor.State)
      case alert(AlertState<Action.Alert>)
    }

    enum Action: Equatable, Sendable {
      case edit(ItemEditor.Action)
      case alert(Alert)

      enum Alert: Equatable, Sendable {
        case confirmDeletion
      }
    }

    var body: some Reducer<State, Action> {
      Scope(state: State.edit, action: Action.edit) { ItemEditor() }
    }
  }

  struct State: Equatable, Sendable {
    var name: String? = "Lamp"
    @PresentationState var destination: Destination.State?
  }

  enum Action: Equatable, Sendable {
    case destination(PresentationAction<Destination.Action>)
    case editButtonTapped
    case deleteButtonTapped
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .editButtonTapped:
        state.destination = .edit(ItemEditor.State(name: state.name ?? ""))
        return .none
      case .deleteButtonTapped:
        state.destination = .alert(Self.deleteAlert)
        return .none
      case let .destination(.presented(.edit(.delegate(.saved(name))))):
        state.name = name
        return .none
      case .destination(.presented(.alert(.confirmDeletion))):
        state.name = nil
        return .none
      case .destination:
        return .none
      }
    }
    .ifLet(\.$destination, action: Action.destination) { Destination() }
  }

  static let deleteAlert = AlertState<Destination.Action.Alert>(
    title: "Delete the lamp?",
    buttons: [
      ButtonState(role: .destructive, action: .confirmDeletion, label: "Delete"),
      ButtonState(role: .cancel, label: "Cancel"),
    ])
}

/// The inventory of "Stacks": the editor and a help page pushed on a stack.
struct StackedInventory: Reducer {
  struct Path: Reducer {
    enum State: Equatable, Sendable {
      case editor(ItemEditor.State)
      case help
    }

    enum Action: Equatable, Sendable {
      case editor(ItemEditor.Action)
    }

    var body: some Reducer<State, Action> {
      Scope(state: State.editor, action: Action.editor) { ItemEditor() }
    }
  }

  struct State: Equatable, Sendable {
    var name: String? = "Lamp"
    var path = StackState<Path.State>()
  }

  enum Action: Equatable, Sendable {
    case path(StackAction<Path.State, Path.Action>)
    case openEditorButtonTapped
    case helpButtonTapped
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .openEditorButtonTapped:
        state.path.append(.editor(ItemEditor.State(name: state.name ?? "")))
        return .none
      case .helpButtonTapped:
        state.path.append(.help)
        return .none
      case let .path(.element(_, .editor(.delegate(.saved(name))))):
        state.name = name
        return .none
      case .path:
        return .none
      }
    }
    .forEach(\.path, action: Action.path) { Path() }
  }
}

@MainActor
@Suite struct NavigationArticleTests {
  @MainActor
  @Test func editingSavesAndDismissesItself() async {
    let store = TestStore(initialState: Inventory.State()) { Inventory() }
    await store.send(.editButtonTapped) {
      $0.destination = .edit(ItemEditor.State(name: "Lamp"))
    }
    await store.send(.destination(.presented(.edit(.nameChanged("Desk lamp"))))) {
      $0.destination = .edit(ItemEditor.State(name: "Desk lamp"))
    }
    await store.send(.destination(.presented(.edit(.saveButtonTapped))))
    await store.receive(.destination(.presented(.edit(.delegate(.saved("Desk lamp")))))) {
      $0.name = "Desk lamp"
    }
    await store.receive(.destination(.dismiss)) {
      $0.destination = nil
    }
  }

  @Test func deletingAsksFirst() async {
    let store = TestStore(initialState: Inventory.State()) { Inventory() }
    await store.send(.deleteButtonTapped) {
      $0.destination = .alert(Inventory.deleteAlert)
    }
    await store.send(.destination(.presented(.alert(.confirmDeletion)))) {
      $0.name = nil
      $0.destination = nil
    }
  }

  @MainActor
  @Test func stackedEditorPopsItself() async {
    let store = TestStore(initialState: StackedInventory.State()) { StackedInventory() }
    await store.send(.helpButtonTapped) {
      $0.path.append(.help)
    }
    await store.send(.openEditorButtonTapped) {
      $0.path.append(.editor(ItemEditor.State(name: "Lamp")))
    }
    await store.send(.path(.element(id: 1, action: .editor(.saveButtonTapped))))
    await store.receive(.path(.element(id: 1, action: .editor(.delegate(.saved("Lamp"))))))
    await store.receive(.path(.popFrom(id: 1))) {
      $0.path.pop(from: 1)
    }
  }

  @Test func viewsScopeToTheEditor() {
    let store = Store(initialState: Inventory.State()) { Inventory() }
    store.send(.editButtonTapped)
    let editor = store.scope(state: \.$destination, action: Inventory.Action.destination)
    #expect(editor?.state == .edit(ItemEditor.State(name: "Lamp")))

    let stacked = Store(initialState: StackedInventory.State()) { StackedInventory() }
    stacked.send(.openEditorButtonTapped)
    let id = stacked.state.path.ids[0]
    let screen = stacked.scope(state: \.path, id: id, action: StackedInventory.Action.path)
    screen?.send(.editor(.nameChanged("Desk lamp")))
    #expect(stacked.state.path[id: id] == .editor(ItemEditor.State(name: "Desk lamp")))
  }
}

/// "Screens hold ids, not copies".
enum NavigationScreensHoldIDs {
  struct Item: Equatable, Identifiable, Sendable {
    let id: Int
    var name: String
  }

  struct Catalog: Reducer {
    struct State: Equatable, Sendable {
      var items: IdentifiedArray<Item> = []
      var path = StackState<Screen>()
      var history = UndoHistory<IdentifiedArray<Item>>()
    }

    enum Screen: Equatable, Sendable {
      case detail(itemID: Item.ID)  // not `detail(Item)`
    }

    enum Action: Equatable, Sendable {
      case itemTapped(Item.ID)
      case renamed(Item.ID, String)
      case history(UndoAction)
    }

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case let .itemTapped(id):
          state.path.append(.detail(itemID: id))
        case let .renamed(id, name):
          state.items[id: id]?.name = name
        case .history:
          break
        }
        return .none
      }
      .undoable(\.items, history: \.history, action: Action.history)
    }
  }

  @MainActor
  @Test static func theScreenShowsTheItemAsItIsNow() {
    let store = Store(initialState: Catalog.State(items: [Item(id: 1, name: "Lamp")])) {
      Catalog()
    }
    store.send(.itemTapped(1))
    store.send(.renamed(1, "Desk lamp"))
    store.send(.renamed(1, "Floor lamp"))
    store.send(.history(.undo))
    let shown = store.state.path.map { screen in
      switch screen {
      case .detail(let id): store.state.items[id: id]?.name
      }
    }
    #expect(shown == ["Desk lamp"])
  }
}

/// "A feature that presents itself".
enum NavigationRecursive {
  struct Folder: Reducer {
    struct State: Equatable {
      var name: String
      @PresentationState var subfolder: State? = nil
    }
    enum Action {
      case openTapped(String)
      indirect case subfolder(PresentationAction<Action>)
    }
    var body: some Reducer<State, Action> {
      Reduce { state, action in
        if case .openTapped(let name) = action { state.subfolder = State(name: name) }
        return .none
      }
      .ifLet(\.$subfolder, action: Action.subfolder) { Self() }
    }
  }

  @MainActor
  @Test static func aFolderOpensFoldersInsideItself() {
    let store = Store(initialState: Folder.State(name: "Home")) { Folder() }
    store.send(.openTapped("Photos"))
    store.send(.subfolder(.presented(.openTapped("2024"))))
    #expect(store.state.subfolder?.name == "Photos")
    #expect(store.state.subfolder?.subfolder?.name == "2024")
  }
}
