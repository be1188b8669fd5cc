import Core
import CoreTesting
import Orders
import Testing

// The examples in the doc comments of Sources/Core/Navigation (AlertState, ButtonState,
// ConfirmationDialogState, DismissEffect, PresentationAction, PresentationState, StackAction,
// StackState), of the presentation and stack reducers (PresentationReducer, StackReducer, their
// AnyCasePath forms, Scope+Case) and of Store+Navigation.swift.

enum NavigationDocs {
  struct EditFeature: Reducer {
    struct State: Equatable { var text = "" }
    enum Action { case textChanged(String) }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .textChanged(text):
        state.text = text
        return .none
      }
    }
  }

  /// The destinations a parent presents: an editor or an alert.
  struct Destination: Reducer {
    enum State: Equatable {
      case edit(EditFeature.State)
      case alert(AlertState<Action.Alert>)
    }
    enum Action {
      case edit(EditFeature.Action)
      case alert(Alert)
      enum Alert { case confirmDeletion }
    }
    var body: some Reducer<State, Action> {
      Scope(state: State.edit, action: Action.edit) { EditFeature() }
    }
  }

  /// A parent that presents its destinations.
  struct PresentingFeature: Reducer {
    struct State: Equatable {
      @PresentationState var destination: Destination.State?
    }
    enum Action {
      case destination(PresentationAction<Destination.Action>)
      case editButtonTapped
    }

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .editButtonTapped:
          state.destination = .edit(EditFeature.State())
          return .none
        case .destination:
          return .none
        }
      }
      .ifLet(\.$destination, action: Action.destination) { Destination() }
    }
  }

  /// The same parent, routing with an `AnyCasePath` the compiler checks.
  struct CheckedPresentingFeature: Reducer {
    typealias State = PresentingFeature.State
    typealias Action = PresentingFeature.Action

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        if case .editButtonTapped = action { state.destination = .edit(EditFeature.State()) }
        return .none
      }
      .ifLet(
        \.$destination,
        action: AnyCasePath(
          embed: { .destination($0) },
          extract: { if case let .destination(action) = $0 { action } else { nil } }
        )
      ) {
        Destination()
      }
    }
  }

  /// An alert that asks before deleting.
  struct AlertFeature: Reducer {
    struct State: Equatable {
      @PresentationState var alert: AlertState<Action.Alert>?
    }
    enum Action: Equatable {
      case alert(PresentationAction<Alert>)
      case deleteButtonTapped
      enum Alert: Equatable { case confirmDeletion }
    }

    private func handle(_ state: inout State, _ action: Action) -> Effect<Action> {
      switch action {
      case .deleteButtonTapped:
        state.alert = AlertState(
          title: "Delete this order?",
          buttons: [
            ButtonState(role: .destructive, action: .confirmDeletion, label: "Delete"),
            ButtonState(role: .cancel, label: "Cancel"),
          ])
        return .none
      case .alert(.presented(.confirmDeletion)):
        // delete; the alert is already on its way out
        return .none
      case .alert:
        return .none
      }
    }

    var body: some Reducer<State, Action> {
      Reduce { state, action in handle(&state, action) }
        .ifLet(\.$alert, action: Action.alert)
    }
  }

  /// A dialog that asks before cancelling.
  struct DialogFeature: Reducer {
    struct State: Equatable {
      @PresentationState var dialog: ConfirmationDialogState<Action.Dialog>?
    }
    enum Action: Equatable {
      case cancelButtonTapped
      case dialog(PresentationAction<Dialog>)
      enum Dialog: Equatable { case confirmCancellation }
    }

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .cancelButtonTapped:
          state.dialog = ConfirmationDialogState(
            title: "Cancel the submission?",
            buttons: [
              ButtonState(role: .destructive, action: .confirmCancellation, label: "Yes"),
              ButtonState(role: .cancel, label: "No"),
            ])
          return .none
        case .dialog:
          return .none
        }
      }
      .ifLet(\.$dialog, action: Action.dialog)
    }
  }

  /// An alert over a list: deleting the order the question was about.
  struct OrderListFeature: Reducer {
    struct Item: Equatable, Identifiable { let id: Int }
    struct State: Equatable {
      var orders: IdentifiedArray<Item>
      var pendingDeletion: Item.ID
      @PresentationState var alert: AlertState<Action.Alert>? = nil
    }
    enum Action: Equatable {
      case alert(PresentationAction<Alert>)
      enum Alert: Equatable { case confirmDeletion }
    }

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .alert(.presented(.confirmDeletion)):
          state.orders.remove(id: state.pendingDeletion)
          return .none
        case .alert:
          return .none
        }
      }
      .ifLet(\.$alert, action: Action.alert)
    }
  }

  /// An editor that closes itself once it has saved.
  struct EditorFeature: Reducer {
    @Dependency(\.dismiss) var dismiss

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .saveButtonTapped:
        return .run { [profile = state.profile, dismiss] send in
          await send(.delegate(.saved(profile)))
          await dismiss()
        }
      case .delegate:
        return .none
      }
    }

    struct State: Equatable { var profile = "" }
    enum Action: Equatable {
      case saveButtonTapped
      case delegate(Delegate)
      enum Delegate: Equatable { case saved(String) }
    }
  }

  /// A parent that presents the editor and shows it through a scoped store.
  struct EditorHostFeature: Reducer {
    struct State: Equatable {
      @PresentationState var editor: EditorFeature.State?
      var saved: [String] = []
    }
    enum Action: Equatable {
      case editTapped
      case editor(PresentationAction<EditorFeature.Action>)
    }

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .editTapped:
          state.editor = EditorFeature.State(profile: "Ada")
        case let .editor(.presented(.delegate(.saved(profile)))):
          state.saved.append(profile)
        case .editor:
          break
        }
        return .none
      }
      .ifLet(\.$editor, action: Action.editor) { EditorFeature() }
    }
  }

  /// What a UI builds for a store: here only editors, collected in order.
  struct EditorView {
    let store: StoreOf<EditorFeature>
  }

  @resultBuilder
  enum ScreenBuilder {
    static func buildExpression(_ view: EditorView) -> [EditorView] { [view] }
    static func buildBlock(_ parts: [EditorView]...) -> [EditorView] { parts.flatMap { $0 } }
    static func buildOptional(_ part: [EditorView]?) -> [EditorView] { part ?? [] }
  }

  @MainActor
  struct EditorHostView {
    typealias Action = EditorHostFeature.Action
    let store: StoreOf<EditorHostFeature>

    @ScreenBuilder var body: [EditorView] {
      if let editorStore = store.scope(state: \.$editor, action: Action.editor) {
        EditorView(store: editorStore)
      }
    }
  }

  /// Order screens on a stack.
  struct Path: Reducer {
    enum State: Equatable {
      case detail(OrderDetail.State)
    }
    enum Action {
      case detail(OrderDetail.Action)
    }
    var body: some Reducer<State, Action> {
      Scope(state: State.detail, action: Action.detail) { OrderDetail() }
    }
  }

  /// A stack with nothing but its screens.
  struct StackOnlyFeature: Reducer {
    struct State: Equatable {
      var path = StackState<Path.State>()
    }
    enum Action {
      case path(StackAction<Path.State, Path.Action>)
    }
    var body: some Reducer<State, Action> {
      EmptyReducer().forEach(\.path, action: Action.path) { Path() }
    }
  }

  /// A list of orders that pushes an order's screen.
  struct StackFeature: Reducer {
    struct State: Equatable {
      var path = StackState<Path.State>()
    }
    enum Action {
      case path(StackAction<Path.State, Path.Action>)
      case orderTapped(Order.ID)
    }

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case let .orderTapped(id):
          state.path.append(.detail(OrderDetail.State(orderID: id)))
          return .none
        case .path:
          return .none
        }
      }
      .forEach(\.path, action: Action.path) { Path() }
    }
  }

  /// The same list, routing with an `AnyCasePath` the compiler checks.
  struct CheckedStackFeature: Reducer {
    typealias State = StackFeature.State
    typealias Action = StackFeature.Action

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        if case let .orderTapped(id) = action {
          state.path.append(.detail(OrderDetail.State(orderID: id)))
        }
        return .none
      }
      .forEach(
        \.path,
        action: AnyCasePath(
          embed: { .path($0) },
          extract: { if case let .path(action) = $0 { action } else { nil } }
        )
      ) {
        Path()
      }
    }
  }

  /// The screens' stores, one per pushed screen.
  @MainActor
  static func screenStores(
    of store: StoreOf<StackFeature>
  ) -> [Store<Path.State, Path.Action>] {
    typealias Action = StackFeature.Action
    var stores: [Store<Path.State, Path.Action>] = []
    for id in store.state.path.ids {
      let screenStore = store.scope(state: \.path, id: id, action: Action.path)!
      stores.append(screenStore)
    }
    return stores
  }

  @MainActor
  @Test static func aParentPresentsAndDismisses() {
    let store = Store(initialState: PresentingFeature.State()) { PresentingFeature() }
    store.send(.editButtonTapped)
    store.send(.destination(.presented(.edit(.textChanged("Lamp")))))
    #expect(store.state.destination == .edit(EditFeature.State(text: "Lamp")))
    store.send(.destination(.dismiss))
    #expect(store.state.destination == nil)

    let checked = Store(initialState: CheckedPresentingFeature.State()) {
      CheckedPresentingFeature()
    }
    checked.send(.editButtonTapped)
    checked.send(.destination(.presented(.edit(.textChanged("Lamp")))))
    #expect(checked.state.destination == .edit(EditFeature.State(text: "Lamp")))
  }

  @MainActor
  @Test static func dialogsAskAndCloseOnTheirAnswer() async {
    let alert = TestStore(initialState: AlertFeature.State()) { AlertFeature() }
    await alert.send(.deleteButtonTapped) {
      $0.alert = AlertState(
        title: "Delete this order?",
        buttons: [
          ButtonState(role: .destructive, action: .confirmDeletion, label: "Delete"),
          ButtonState(role: .cancel, label: "Cancel"),
        ])
    }
    await alert.send(.alert(.presented(.confirmDeletion))) { $0.alert = nil }

    let dialog = TestStore(initialState: DialogFeature.State()) { DialogFeature() }
    await dialog.send(.cancelButtonTapped) {
      $0.dialog = ConfirmationDialogState(
        title: "Cancel the submission?",
        buttons: [
          ButtonState(role: .destructive, action: .confirmCancellation, label: "Yes"),
          ButtonState(role: .cancel, label: "No"),
        ])
    }
    await dialog.send(.dialog(.presented(.confirmCancellation))) { $0.dialog = nil }

    var asking = OrderListFeature.State(
      orders: [OrderListFeature.Item(id: 1), OrderListFeature.Item(id: 2)], pendingDeletion: 2)
    asking.alert = AlertState(title: "Delete order #2?")
    let list = TestStore(initialState: asking) { OrderListFeature() }
    await list.send(.alert(.presented(.confirmDeletion))) {
      $0.orders.remove(id: 2)
      $0.alert = nil
    }
  }

  @MainActor
  @Test static func anEditorSavesThenDismissesItself() async {
    let store = TestStore(initialState: EditorHostFeature.State()) { EditorHostFeature() }
    await store.send(.editTapped) { $0.editor = EditorFeature.State(profile: "Ada") }
    await store.send(.editor(.presented(.saveButtonTapped)))
    await store.receive(.editor(.presented(.delegate(.saved("Ada"))))) { $0.saved = ["Ada"] }
    await store.receive(.editor(.dismiss)) { $0.editor = nil }
  }

  @MainActor
  @Test static func aViewShowsTheEditorWhilePresented() {
    let store = Store(initialState: EditorHostFeature.State()) { EditorHostFeature() }
    #expect(EditorHostView(store: store).body.isEmpty)
    store.send(.editTapped)
    #expect(EditorHostView(store: store).body.map(\.store.state.profile) == ["Ada"])
  }

  @MainActor
  @Test static func orderScreensArePushedOnTheStack() {
    let store = Store(initialState: StackFeature.State()) { StackFeature() }
    store.send(.orderTapped(3))
    store.send(.orderTapped(5))
    #expect(
      screenStores(of: store).map(\.state) == [
        .detail(.init(orderID: 3)), .detail(.init(orderID: 5)),
      ])

    let checked = Store(initialState: CheckedStackFeature.State()) { CheckedStackFeature() }
    checked.send(.orderTapped(3))
    #expect(checked.state.path.count == 1)

    var stack = StackOnlyFeature.State()
    stack.path.append(.detail(OrderDetail.State(orderID: 3)))
    let only = Store(initialState: stack) { StackOnlyFeature() }
    #expect(only.state.path.count == 1)
  }
}
