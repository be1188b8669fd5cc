import Core
import CoreTesting
import Foundation
import Orders
import Testing

// The examples in the doc comments of the composition operators (AnyCasePath, ForEach, IfLet,
// IfCaseLet and their AnyCasePath forms, OnChange, DependencyModifier), of Sources/Core/Bindings
// and BindingReducer, and of Store+Scope.swift's optional and element scopes.

enum CompositionDocs {
  struct Counter: Reducer {
    struct State: Equatable { var count = 0 }
    enum Action: Equatable { case incrementTapped }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.count += 1
      return .none
    }
  }

  /// A parent routing to its counter with an `AnyCasePath`.
  struct CounterHost: Reducer {
    struct State: Equatable { var counter = Counter.State() }
    enum Action: Equatable { case counter(Counter.Action) }

    var body: some Reducer<State, Action> {
      Scope(
        state: \.counter,
        action: AnyCasePath(
          embed: { .counter($0) },
          extract: { if case let .counter(action) = $0 { action } else { nil } }
        )
      ) {
        Counter()
      }
    }
  }

  struct RowFeature: Reducer {
    struct State: Equatable, Identifiable {
      let id: Int
      var isDone = false
    }
    enum Action: Equatable { case toggleTapped }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.isDone.toggle()
      return .none
    }
  }

  typealias Row = RowFeature.State

  /// A list of rows.
  struct ListFeature: Reducer {
    struct State: Equatable { var rows: IdentifiedArray<Row> = [] }
    enum Action { case row(id: Row.ID, action: RowFeature.Action), addTapped }

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        if case .addTapped = action { state.rows.append(Row(id: state.rows.count + 1)) }
        return .none
      }
      .forEach(\.rows, action: Action.row) { RowFeature() }
    }
  }

  /// The same list, routing with an `AnyCasePath` the compiler checks.
  struct CheckedListFeature: Reducer {
    typealias State = ListFeature.State
    typealias Action = ListFeature.Action

    var body: some Reducer<State, Action> {
      EmptyReducer()
        .forEach(
          \.rows,
          action: AnyCasePath(
            embed: { .row(id: $0, action: $1) },
            extract: { if case let .row(id, action) = $0 { (id, action) } else { nil } }
          )
        ) {
          RowFeature()
        }
    }
  }

  struct EditorFeature: Reducer {
    struct State: Equatable { var text = "" }
    enum Action: Equatable { case textChanged(String) }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .textChanged(text):
        state.text = text
        return .none
      }
    }
  }

  /// A parent with an optional editor.
  struct EditorHost: Reducer {
    struct State: Equatable { var editor: EditorFeature.State? }
    enum Action: Equatable {
      case openTapped
      case editor(EditorFeature.Action)
    }

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        if case .openTapped = action { state.editor = EditorFeature.State() }
        return .none
      }
      .ifLet(\.editor, action: Action.editor) { EditorFeature() }
    }
  }

  /// The same parent, routing with an `AnyCasePath` the compiler checks.
  struct CheckedEditorHost: Reducer {
    typealias State = EditorHost.State
    typealias Action = EditorHost.Action

    var body: some Reducer<State, Action> {
      EmptyReducer()
        .ifLet(
          \.editor,
          action: AnyCasePath(
            embed: { .editor($0) },
            extract: { if case let .editor(action) = $0 { action } else { nil } }
          )
        ) {
          EditorFeature()
        }
    }
  }

  struct HomeFeature: Reducer {
    struct State: Equatable { var visits = 0 }
    enum Action: Equatable { case appeared }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.visits += 1
      return .none
    }
  }

  struct LoginFeature: Reducer {
    struct State: Equatable { var user = "" }
    enum Action: Equatable { case userChanged(String) }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .userChanged(user):
        state.user = user
        return .none
      }
    }
  }

  /// An app that is either logged in or logged out.
  struct SessionFeature: Reducer {
    enum State: Equatable {
      case loggedIn(HomeFeature.State)
      case loggedOut(LoginFeature.State)
    }
    enum Action: Equatable {
      case loggedIn(HomeFeature.Action)
      case loggedOut(LoginFeature.Action)
    }

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        if case .loggedOut(.userChanged("Ada")) = action { state = .loggedIn(HomeFeature.State()) }
        return .none
      }
      .ifCaseLet(State.loggedIn, action: Action.loggedIn) { HomeFeature() }
      .ifCaseLet(State.loggedOut, action: Action.loggedOut) { LoginFeature() }
    }
  }

  /// The logged-in case, routed with `AnyCasePath`s the compiler checks.
  struct CheckedSessionFeature: Reducer {
    typealias State = SessionFeature.State
    typealias Action = SessionFeature.Action

    var body: some Reducer<State, Action> {
      EmptyReducer()
        .ifCaseLet(
          AnyCasePath(
            embed: State.loggedIn,
            extract: { if case let .loggedIn(state) = $0 { state } else { nil } }),
          action: AnyCasePath(
            embed: Action.loggedIn,
            extract: { if case let .loggedIn(action) = $0 { action } else { nil } })
        ) {
          HomeFeature()
        }
    }
  }

  /// A search form: a new query clears the results and asks for a search.
  struct SearchForm: Reducer {
    struct State: Equatable {
      var query = ""
      var results: [String] = ["earlier"]
    }
    enum Action: BindableAction, Equatable {
      case binding(BindingAction<State>)
      case searchQueryChanged(String)
    }

    var body: some Reducer<State, Action> {
      BindingReducer()
        .onChange(of: { $0.query }) { oldQuery, newQuery in
          Reduce { state, action in
            state.results = []
            return .send(.searchQueryChanged(newQuery))
          }
        }
    }
  }

  /// A form whose email field clears the errors shown for it.
  struct EmailForm: Reducer {
    struct State: Equatable {
      var email = ""
      var errors: [String] = []
    }
    enum Action: BindableAction, Equatable, Sendable {
      case binding(BindingAction<State>)
      case saveButtonTapped
    }

    var body: some Reducer<State, Action> {
      BindingReducer()
      Reduce { state, action in
        switch action {
        case .binding(\.email):
          state.errors = []
          return .none
        case .binding:
          return .none
        case .saveButtonTapped:
          if !state.email.contains("@") { state.errors = ["Enter an email address."] }
          return .none
        }
      }
    }
  }

  /// A settings form that reacts to one field.
  struct SettingsFeature: Reducer {
    struct State: Equatable {
      var nickname = ""
      var notificationsOn = false
    }
    enum Action: BindableAction, Equatable {
      case binding(BindingAction<State>)
    }

    var body: some Reducer<State, Action> {
      BindingReducer()
      Reduce { state, action in
        switch action {
        case .binding(\.notificationsOn):
          // React to one field after BindingReducer set it.
          return .none
        case .binding:
          return .none
        }
      }
    }
  }

  /// Two Orders modules side by side, one of them on a preview service.
  struct OrdersPreviewApp: Reducer {
    struct State: Equatable {
      var preview = OrdersModuleState()
      var orders = OrdersModuleState()
    }
    enum Action: Equatable {
      case preview(OrdersFeature.Action)
      case orders(OrdersFeature.Action)
    }

    var body: some Reducer<State, Action> {
      Scope(state: \.preview, action: Action.preview) {
        OrdersFeature()
          .dependency(\.ordersClient, .simulated(stepDuration: .zero))
      }
      Scope(state: \.orders, action: Action.orders) {
        OrdersFeature()  // the store's own ordersClient
      }
    }
  }

  /// A parent with an optional detail and a list, for the stores a view scopes.
  struct ScopesApp: Reducer {
    struct State: Equatable {
      var detail: EditorFeature.State?
      var rows: IdentifiedArray<Row> = []
    }
    enum Action: Equatable {
      case detail(EditorFeature.Action)
      case row(id: Row.ID, action: RowFeature.Action)
    }

    var body: some Reducer<State, Action> {
      EmptyReducer()
        .ifLet(\.detail, action: Action.detail) { EditorFeature() }
        .forEach(\.rows, action: Action.row) { RowFeature() }
    }
  }

  @MainActor
  @Test static func operatorsRouteToTheirChildren() {
    let host = Store(initialState: CounterHost.State()) { CounterHost() }
    host.send(.counter(.incrementTapped))
    #expect(host.state.counter.count == 1)

    let list = Store(initialState: ListFeature.State()) { ListFeature() }
    list.send(.addTapped)
    list.send(.row(id: 1, action: .toggleTapped))
    #expect(list.state.rows[id: 1]?.isDone == true)
    let checkedList = Store(initialState: list.state) { CheckedListFeature() }
    checkedList.send(.row(id: 1, action: .toggleTapped))
    #expect(checkedList.state.rows[id: 1]?.isDone == false)

    let editor = Store(initialState: EditorHost.State()) { EditorHost() }
    editor.send(.openTapped)
    editor.send(.editor(.textChanged("Lamp")))
    #expect(editor.state.editor?.text == "Lamp")
    let checkedEditor = Store(initialState: editor.state) { CheckedEditorHost() }
    checkedEditor.send(.editor(.textChanged("Desk lamp")))
    #expect(checkedEditor.state.editor?.text == "Desk lamp")

    let session = Store(initialState: SessionFeature.State.loggedOut(LoginFeature.State())) {
      SessionFeature()
    }
    session.send(.loggedOut(.userChanged("Ada")))
    session.send(.loggedIn(.appeared))
    #expect(session.state == .loggedIn(HomeFeature.State(visits: 1)))
    let checkedSession = Store(initialState: session.state) { CheckedSessionFeature() }
    checkedSession.send(.loggedIn(.appeared))
    #expect(checkedSession.state == .loggedIn(HomeFeature.State(visits: 2)))
  }

  @MainActor
  @Test static func bindingsSetFieldsAndReducersReact() async {
    let search = TestStore(initialState: SearchForm.State()) { SearchForm() }
    await search.send(.binding(.set(\.query, "lamp"))) {
      $0.query = "lamp"
      $0.results = []
    }
    await search.receive(.searchQueryChanged("lamp"))

    do {
      let store = TestStore(
        initialState: EmailForm.State(email: "ada", errors: ["Enter an email address."])
      ) { EmailForm() }
      await store.send(.binding(.set(\.email, "ada@example.org"))) {
        $0.email = "ada@example.org"
        $0.errors = []
      }
    }
    do {
      let store = Store(initialState: SettingsFeature.State()) { SettingsFeature() }
      store.send(.binding(.set(\.nickname, "Ada")))
      store.send(.binding(.set(\.notificationsOn, true)))
      #expect(store.state == SettingsFeature.State(nickname: "Ada", notificationsOn: true))
    }
  }

  @MainActor
  @Test static func aDependencyOverrideReachesOneChildOnly() async {
    let store = Store(initialState: OrdersPreviewApp.State()) { OrdersPreviewApp() }
    store.send(.preview(.view(.newOrderButtonTapped)))
    #expect(store.state.preview.orders.list.count == 1)
    #expect(store.state.orders.orders.list.isEmpty)
  }

  @MainActor
  @Test static func aViewScopesToAnOptionalAndToEachRow() {
    typealias AppAction = ScopesApp.Action
    typealias Action = ScopesApp.Action
    let store = Store(
      initialState: ScopesApp.State(detail: EditorFeature.State(), rows: [Row(id: 1), Row(id: 2)])
    ) { ScopesApp() }
    if let detailStore = store.scope(state: \.detail, action: Action.detail) {
      detailStore.send(.textChanged("Lamp"))
    }
    #expect(store.state.detail?.text == "Lamp")
    for id in store.state.rows.ids {
      let rowStore = store.scope(state: \.rows, id: id, action: AppAction.row)!
      rowStore.send(.toggleTapped)
    }
    #expect(store.state.rows.map(\.isDone) == [true, true])
  }
}

// The Bindings article's settings list the fields a recording names.
extension SettingsFeature.State: BindingCodable {
  static let bindingFields = BindingFields<Self>(
    .field("nickname", \.nickname),
    .field("isMuted", \.isMuted))
}

@Test func aBindingEncodesAsItsFieldsNameAndValue() throws {
  let encoder = JSONEncoder()
  encoder.outputFormatting = .sortedKeys
  let data = try encoder.encode(BindingAction<SettingsFeature.State>.set(\.nickname, "Ada"))
  #expect(String(decoding: data, as: UTF8.self) == #"{"field":"nickname","value":"Ada"}"#)
}
