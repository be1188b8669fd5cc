import Core
import Testing

// The examples in the doc comments of Reducer.swift, Reduce.swift, ReducerOf.swift,
// CombineReducers.swift, Send.swift and Store.swift's `init(initialState:reducer:)`.

enum ReducerDocs {
  /// A feature that conforms with `reduce(into:action:)`.
  struct CounterFeature: Reducer {
    struct State: Equatable { var count = 0 }
    enum Action { case incrementButtonTapped }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .incrementButtonTapped:
        state.count += 1
        return .none
      }
    }
  }

  /// The same counter, with a `body` of one `Reduce`.
  struct ComposedCounter: Reducer {
    typealias State = CounterFeature.State
    typealias Action = CounterFeature.Action

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .incrementButtonTapped:
          state.count += 1
          return .none
        }
      }
    }
  }

  struct ProfileFeature: Reducer {
    struct State: Equatable { var name = "" }
    enum Action { case nameChanged(String) }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .nameChanged(name):
        state.name = name
        return .none
      }
    }
  }

  /// A parent that runs its child, then its own logic.
  struct AppFeature: Reducer {
    struct State: Equatable { var profile = ProfileFeature.State() }
    enum Action { case profile(ProfileFeature.Action) }

    var body: some Reducer<State, Action> {
      Scope(state: \.profile, action: Action.profile) { ProfileFeature() }
      Reduce { state, action in .none }
    }
  }

  /// The same parent, its reducers grouped explicitly.
  struct CombinedAppFeature: Reducer {
    typealias AppState = AppFeature.State
    typealias AppAction = AppFeature.Action

    var body: some Reducer<AppState, AppAction> {
      CombineReducers {
        Scope(state: \.profile, action: AppAction.profile) { ProfileFeature() }
        Reduce { state, action in .none }
      }
    }
  }

  /// An effect that sends an action back.
  struct TickFeature: Reducer {
    struct State: Equatable { var ticks = 0 }
    enum Action { case startTapped, timerTicked }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .startTapped:
        return .run { send in
          await send(.timerTicked)
        }
      case .timerTicked:
        state.ticks += 1
        return .none
      }
    }
  }

  @MainActor
  @Test static func aReducerChangesTheStoresState() async {
    let store = Store(initialState: CounterFeature.State(), reducer: CounterFeature())
    store.send(.incrementButtonTapped)
    #expect(store.state.count == 1)

    let composed = Store(initialState: ComposedCounter.State()) { ComposedCounter() }
    composed.send(.incrementButtonTapped)
    #expect(composed.state.count == 1)

    let app = Store(initialState: AppFeature.State()) { AppFeature() }
    app.send(.profile(.nameChanged("Ada")))
    #expect(app.state.profile.name == "Ada")

    let combined = Store(initialState: CombinedAppFeature.State()) { CombinedAppFeature() }
    combined.send(.profile(.nameChanged("Ada")))
    #expect(combined.state.profile.name == "Ada")

    let ticking = Store(initialState: TickFeature.State()) { TickFeature() }
    await ticking.send(.startTapped).finish()
    #expect(ticking.state.ticks == 1)
  }
}

/// `some ReducerOf<Self>`.
enum ReducerOfDocs {
  struct CounterFeature: Reducer {
    struct State: Equatable { var count = 0 }
    enum Action { case incrementTapped }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        state.count += 1
        return .none
      }
    }
  }

  @MainActor
  @Test static func theBodyCounts() {
    let store = Store(initialState: CounterFeature.State()) { CounterFeature() }
    store.send(.incrementTapped)
    #expect(store.state.count == 1)
  }
}
