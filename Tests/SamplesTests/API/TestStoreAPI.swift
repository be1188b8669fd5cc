import Core
import CoreTesting
import Profile
import Testing

// The examples in the doc comments of Sources/CoreTesting (TestStore and its send, receive,
// skip and finish, Exhaustivity, TestClock, TestStoreOf), of Effect.swift's
// `run(priority:operation:catch:)` and of StoreTask.swift: a feature that loads orders, a
// timer, and a feature that saves.

/// The client that loads the orders of the list.
extension DependencyValues {
  var orderListClient: TestStoreDocs.OrderListClient {
    get { self[TestStoreDocs.OrderListClientKey.self] }
    set { self[TestStoreDocs.OrderListClientKey.self] = newValue }
  }
}

@MainActor
@Suite struct TestStoreDocs {
  struct Order: Equatable, Sendable {
    var id: Int
    static let sample = Order(id: 1)
  }

  enum LoadError: Error { case offline }

  struct OrderListClient: Sendable {
    var load: @Sendable () async throws -> [Order]
  }

  enum OrderListClientKey: DependencyKey {
    static let liveValue = OrderListClient(load: { [] })
    static let testValue = OrderListClient(load: unimplemented("OrderListClient.load"))
  }

  /// Loads the orders a second after the refresh button is tapped.
  struct OrderListFeature: Reducer {
    struct State: Equatable {
      var isLoading = false
      var orders: [Order] = []
      var errorMessage: String?
    }
    enum Action: Equatable {
      case refreshButtonTapped
      case ordersLoaded([Order])
      case ordersFailedToLoad(String)
    }

    @Dependency(\.clock) var clock
    @Dependency(\.orderListClient) var ordersClient

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .refreshButtonTapped:
        state.isLoading = true
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.ordersLoaded(try await ordersClient.load()))
        } catch: { error, send in
          await send(.ordersFailedToLoad(error.localizedDescription))
        }
      case let .ordersLoaded(orders):
        state.isLoading = false
        state.orders = orders
        return .none
      case let .ordersFailedToLoad(message):
        state.isLoading = false
        state.errorMessage = message
        return .none
      }
    }
  }

  /// The same feature, loading at once, as `Effect.run(operation:catch:)` shows it.
  struct ImmediateOrderListFeature: Reducer {
    typealias State = OrderListFeature.State
    typealias Action = OrderListFeature.Action

    @Dependency(\.orderListClient) var ordersClient

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .refreshButtonTapped:
        state.isLoading = true
        return .run { send in
          let orders = try await ordersClient.load()
          await send(.ordersLoaded(orders))
        } catch: { error, send in
          await send(.ordersFailedToLoad(error.localizedDescription))
        }
      case .ordersLoaded, .ordersFailedToLoad:
        return OrderListFeature().reduce(into: &state, action: action)
      }
    }
  }

  /// A timer that ticks every second until stopped.
  struct TimerFeature: Reducer {
    struct State: Equatable {
      var isRunning = false
      var elapsed = 0
    }
    enum Action: Equatable { case startButtonTapped, stopButtonTapped, timerTicked }
    enum CancelID { case timer }

    @Dependency(\.clock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .startButtonTapped:
        state.isRunning = true
        return .run { send in
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.timerTicked)
          }
        }
        .cancellable(id: CancelID.timer)
      case .stopButtonTapped:
        state.isRunning = false
        return .cancel(id: CancelID.timer)
      case .timerTicked:
        state.elapsed += 1
        return .none
      }
    }
  }

  /// A save that fails.
  struct SaveFeature: Reducer {
    struct State: Equatable { var isSaving = false }
    enum Action: Equatable { case saveTapped, saveFailed(String) }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .saveTapped:
        state.isSaving = true
        return .send(.saveFailed("The disk is full."))
      case .saveFailed:
        state.isSaving = false
        return .none
      }
    }
  }

  /// A load whose answer arrives at once.
  struct LoadFeature: Reducer {
    struct State: Equatable { var isLoading = false }
    enum Action: Equatable { case loadTapped, loaded }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .loadTapped:
        state.isLoading = true
        return .run { send in await send(.loaded) }
      case .loaded:
        state.isLoading = false
        return .none
      }
    }
  }

  struct CounterFeature: Reducer {
    struct State: Equatable { var count = 0 }
    enum Action: Equatable { case incrementButtonTapped }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.count += 1
      return .none
    }
  }

  @MainActor
  @Test func loadingOrders() async {
    let clock = TestClock()
    let store = TestStore(initialState: OrderListFeature.State()) {
      OrderListFeature()
    } withDependencies: {
      $0.clock = clock
      $0.orderListClient = OrderListClient(load: { [.sample] })
    }

    await store.send(.refreshButtonTapped) {
      $0.isLoading = true
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.ordersLoaded([.sample])) {
      $0.isLoading = false
      $0.orders = [.sample]
    }
    await store.finish()
  }

  @Test func receivingByValueByCaseAndByPredicate() async {
    let store = TestStore(initialState: OrderListFeature.State()) {
      ImmediateOrderListFeature()
    } withDependencies: {
      $0.orderListClient = OrderListClient(load: { [] })
    }
    await store.send(.refreshButtonTapped) { $0.isLoading = true }
    await store.receive(OrderListFeature.Action.ordersLoaded) {
      $0.isLoading = false
    }

    store.dependencies.orderListClient = OrderListClient(load: { [.sample] })
    await store.send(.refreshButtonTapped) { $0.isLoading = true }
    await store.receive(.ordersLoaded([.sample])) {
      $0.isLoading = false
      $0.orders = [.sample]
    }

    store.dependencies.orderListClient = OrderListClient(load: { throw LoadError.offline })
    await store.send(.refreshButtonTapped) { $0.isLoading = true }
    await store.receive(OrderListFeature.Action.ordersFailedToLoad) {
      $0.isLoading = false
      $0.errorMessage = LoadError.offline.localizedDescription
    }

  }

  @Test func receivingByPredicate() async {
    let store = TestStore(initialState: SaveFeature.State()) { SaveFeature() }
    await store.send(.saveTapped) { $0.isSaving = true }
    await store.receive({ if case .saveFailed = $0 { true } else { false } }) {
      $0.isSaving = false
    }
  }

  @Test func withExhaustivityOffOnlyWhatIsAssertedIsChecked() async {
    let orders = [Order.sample]
    let store = TestStore(initialState: OrderListFeature.State()) {
      ImmediateOrderListFeature()
    } withDependencies: {
      $0.orderListClient = OrderListClient(load: { orders })
    }
    store.exhaustivity = .off
    await store.send(.refreshButtonTapped) { $0.isLoading = true }  // only `isLoading` checked
    await store.receive(.ordersLoaded(orders))  // earlier received actions are skipped
    #expect(store.state.orders == orders)
  }

  @Test func skippingReceivedActions() async {
    let clock = TestClock()
    let store = TestStore(initialState: OrderListFeature.State()) {
      OrderListFeature()
    } withDependencies: {
      $0.clock = clock
      $0.orderListClient = OrderListClient(load: { [.sample] })
    }
    store.exhaustivity = .off
    await store.send(.refreshButtonTapped)
    await clock.advance(by: .seconds(1))
    await store.skipReceivedActions()
    #expect(store.state.orders == [.sample])
  }

  @Test func skippingInFlightEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: TestingFeaturesTimer.TimerFeature.State()) {
      TestingFeaturesTimer.TimerFeature()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.timerStarted) { $0.isTimerRunning = true }
    await store.skipInFlightEffects()
    await clock.advance(by: .seconds(1))
    await store.receive(.timerTicked) { $0.ticks = 1 }  // the timer still runs
    await store.finish()
  }

  @Test func theTimerTicksUntilStopped() async {
    let clock = TestClock()
    let store = TestStore(initialState: TimerFeature.State()) {
      TimerFeature()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.startButtonTapped) { $0.isRunning = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.timerTicked) { $0.elapsed = 1 }
    await store.send(.stopButtonTapped) { $0.isRunning = false }
    await store.finish()
  }

  @Test func aZeroSleepWaitsForTheNextAdvance() async throws {
    let clock = TestClock()
    let task = Task { try await clock.sleep(for: .zero) }  // suspends
    await clock.advance()  // ends the sleep
    try await task.value
  }

  @Test func theStateIsAsOfTheLastAssertion() async {
    let store = TestStore(initialState: LoadFeature.State()) { LoadFeature() }
    // `.loadTapped` sets `isLoading`; its effect sends `.loaded` at once, which clears it.
    await store.send(.loadTapped) { $0.isLoading = true }
    #expect(store.state.isLoading)  // `.loaded` is not received yet
    await store.receive(.loaded) { $0.isLoading = false }
    #expect(!store.state.isLoading)
  }

  @Test func sendingAssertsTheChange() async {
    let store = TestStore(initialState: CounterFeature.State()) { CounterFeature() }
    await store.send(.incrementButtonTapped) {
      $0.count = 1
    }
  }

  @Test func aProfileTestSaysHowSavesGo() async {
    let store = TestStore(initialState: ProfileFeature.State()) {
      ProfileFeature()
    } withDependencies: {
      $0.profileClient = ProfileClient(save: { _ in })
    }
    await store.send(.view(.editButtonTapped)) {
      $0.editor = ProfileEditor.State(saved: ProfileFeature.State().details)
    }
  }

  @Test func aProfileTestOverridesOneEndpoint() async {
    let store = TestStore(initialState: ProfileFeature.State()) {
      ProfileFeature()
    } withDependencies: {
      $0.profileClient.save = { _ in }
    }
    await store.send(.view(.editButtonTapped)) {
      $0.editor = ProfileEditor.State(saved: ProfileFeature.State().details)
    }
  }

  @MainActor
  func makeStore(clock: TestClock) -> TestStoreOf<SearchFeature> {
    TestStore(initialState: SearchFeature.State()) {
      SearchFeature()
    } withDependencies: {
      $0.clock = clock
    }
  }

  @Test func aStoreMadeByAHelper() async {
    let store = makeStore(clock: TestClock())
    await store.send(.queryChanged(""))
    #expect(store.state.results.isEmpty)
  }

  @Test func aStoresTaskFinishesWithItsEffects() async {
    let store = Store(initialState: OrderListFeature.State()) {
      ImmediateOrderListFeature()
    } withDependencies: {
      $0.orderListClient = OrderListClient(load: { [.sample] })
    }
    let task = store.send(.refreshButtonTapped)
    await task.finish()  // every effect it started (and their feedback) has finished
    #expect(store.state.orders == [.sample])
  }
}
