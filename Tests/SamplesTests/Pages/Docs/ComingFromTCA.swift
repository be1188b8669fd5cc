import Core
import CoreTesting
import Profile
import Testing

// The samples of Docs/ComingFromTCA.md that show this package's spellings, in features that
// use them. The page's TCA spellings are not this package's code: they are fenced without
// `swift`, and nothing here compiles them.

/// "A feature".
enum ComingFromTCACounter {
  struct Counter: Reducer {
    struct State: Equatable, Sendable { var count = 0 }
    enum Action: Equatable, Sendable { case incrementTapped }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .incrementTapped:
          state.count += 1
          return .none
        }
      }
    }
  }

  @MainActor
  @Test static func incrementingCounts() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(.incrementTapped) { $0.count = 1 }
  }
}

/// "Routing actions: case constructors, not key paths".
enum ComingFromTCARouting {
  struct App: Reducer {
    struct State: Equatable, Sendable { var profile = ProfileFeature.State() }
    enum Action: Equatable, Sendable { case profile(ProfileFeature.Action) }

    var body: some ReducerOf<Self> {
      Scope(state: \.profile, action: Action.profile) { ProfileFeature() }
    }
  }

  /// The same app, with the extraction written out for the compiler to check.
  struct CheckedApp: Reducer {
    typealias State = App.State
    typealias Action = App.Action

    var body: some ReducerOf<Self> {
      Scope(
        state: \.profile, action: Action.profile,
        extract: {
          if case let .profile(action) = $0 { action } else { nil }
        }
      ) { ProfileFeature() }
    }
  }

  @MainActor
  @Test static func aScopedStoreSendsThroughTheCaseConstructor() {
    typealias Action = App.Action
    let store = Store(initialState: App.State()) { App() }
    let profileStore = store.scope(state: \.profile, action: Action.profile)
    profileStore.send(.view(.editButtonTapped))
    #expect(store.state.profile.editor != nil)

    let checked = Store(initialState: CheckedApp.State()) { CheckedApp() }
    checked.send(.profile(.view(.editButtonTapped)))
    #expect(checked.state.profile.editor != nil)
  }
}

/// "Lists of row features: no `IdentifiedAction`".
enum ComingFromTCARows {
  struct Row: Reducer {
    struct State: Equatable, Identifiable, Sendable {
      let id: Int
      var isDone = false
    }
    enum Action: Equatable, Sendable { case toggle }

    var body: some ReducerOf<Self> {
      Reduce { state, _ in
        state.isDone.toggle()
        return .none
      }
    }
  }

  struct List: Reducer {
    struct State: Equatable, Sendable { var rows: IdentifiedArray<Row.State> = [] }
    enum Action: Equatable, Sendable {
      case row(id: Row.State.ID, action: Row.Action)
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        .none
      }
      .forEach(\.rows, action: Action.row) { Row() }
    }
  }

  @MainActor
  @Test static func aRowActionCarriesItsID() async {
    let store = TestStore(initialState: List.State(rows: [Row.State(id: 3)])) { List() }
    await store.send(.row(id: 3, action: .toggle)) { $0.rows[id: 3]?.isDone = true }
  }
}

/// "Presentation, stacks and dialogs".
enum ComingFromTCADialogs {
  struct Orders: Reducer {
    struct State: Equatable, Sendable {
      @PresentationState var alert: AlertState<Action.Alert>?
    }
    enum Action: Equatable, Sendable {
      case deleteButtonTapped
      case alert(PresentationAction<Alert>)

      enum Alert: Equatable, Sendable { case confirmDeletion }
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .deleteButtonTapped:
          state.alert = AlertState(
            title: "Delete order #3?",
            buttons: [ButtonState(role: .destructive, action: .confirmDeletion, label: "Delete")])
          return .none
        case .alert:
          return .none
        }
      }
      .ifLet(\.$alert, action: Action.alert)
    }
  }

  @MainActor
  @Test static func theAlertHasAPlainTitleAndButtons() async {
    let store = TestStore(initialState: Orders.State()) { Orders() }
    await store.send(.deleteButtonTapped) {
      $0.alert = AlertState(
        title: "Delete order #3?",
        buttons: [ButtonState(role: .destructive, action: .confirmDeletion, label: "Delete")])
    }
    await store.send(.alert(.presented(.confirmDeletion))) { $0.alert = nil }
  }
}
