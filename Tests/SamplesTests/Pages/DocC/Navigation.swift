import Core
import CoreTesting
import Testing

// The examples of the "Navigation" article (Sources/Core/Documentation.docc/Navigation.md),
// checked: keep the two in step.

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
    @PresentationState var destination: Destination.State?
    var path = StackState<Path.State>()
  }

  enum Action: Equatable, Sendable {
    case destination(PresentationAction<Destination.Action>)
    case path(StackAction<Path.State, Path.Action>)
    case editButtonTapped
    case deleteButtonTapped
    case openEditorButtonTapped
    case helpButtonTapped
  }

  static let deleteAlert = AlertState<Destination.Action.Alert>(
    title: "Delete the lamp?",
    buttons: [
      ButtonState(role: .destructive, action: .confirmDeletion, label: "Delete"),
      ButtonState(role: .cancel, label: "Cancel"),
    ])

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .editButtonTapped:
        state.destination = .edit(ItemEditor.State(name: state.name ?? ""))
        return .none
      case .deleteButtonTapped:
        state.destination = .alert(Self.deleteAlert)
        return .none
      case .openEditorButtonTapped:
        state.path.append(.editor(ItemEditor.State(name: state.name ?? "")))
        return .none
      case .helpButtonTapped:
        state.path.append(.help)
        return .none
      case let .destination(.presented(.edit(.delegate(.saved(name))))),
        let .path(.element(_, .editor(.delegate(.saved(name))))):
        state.name = name
        return .none
      case .destination(.presented(.alert(.confirmDeletion))):
        state.name = nil
        return .none
      case .destination, .path:
        return .none
      }
    }
    .ifLet(\.$destination, action: Action.destination) { Destination() }
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
    let store = TestStore(initialState: Inventory.State()) { Inventory() }
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
    store.send(.openEditorButtonTapped)
    let id = store.state.path.ids[0]
    let screen = store.scope(state: \.path, id: id, action: Inventory.Action.path)
    screen?.send(.editor(.nameChanged("Desk lamp")))
    #expect(store.state.path[id: id] == .editor(ItemEditor.State(name: "Desk lamp")))
  }
}
