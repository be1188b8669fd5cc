import Core
import CoreTesting
import Orders
import Testing

// The examples of the random-session kit's doc comments (Sources/CoreTesting/RandomSessions),
// with the small features they use.

/// What the counter's save calls: `echo` answers with the count it was given.
struct CounterClient: Sendable {
  var save: @Sendable (_ count: Int) async -> Int

  static let echo = CounterClient { $0 }
}

private enum CounterClientKey: DependencyKey {
  static let liveValue = CounterClient.echo
  static let testValue = CounterClient.echo
}

extension DependencyValues {
  fileprivate var counterClient: CounterClient {
    get { self[CounterClientKey.self] }
    set { self[CounterClientKey.self] = newValue }
  }
}

/// `RandomSessions` and `RandomSessions.run`: a counter that saves through `counterClient`.
@MainActor
struct RandomSessionsAPI {
  struct Counter: Reducer {
    struct State: Equatable, Sendable {
      var count = 0
      var saved: Int?
    }
    enum Action: Equatable, Sendable {
      case incrementTapped, decrementTapped, saveTapped
      case saved(Int)
    }

    @Dependency(\.counterClient) var counterClient

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .incrementTapped:
        state.count += 1
        return .none
      case .decrementTapped:
        state.count -= 1
        return .none
      case .saveTapped:
        let count = state.count
        return .run { [counterClient] send in
          await send(.saved(await counterClient.save(count)))
        }
      case let .saved(count):
        state.saved = count
        return .none
      }
    }
  }

  @MainActor
  @Test func ordersKeepTheirRules() async {
    let sessions = RandomSessions(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.counterClient = .echo
    }
    sessions.invariant("count is never negative") { $0.count >= 0 }
    await sessions.run(count: 200, length: 50) { state, next in
      next.send(.incrementTapped)
      if state.count > 0 { next.send(.decrementTapped) }
      next.send(.saveTapped, weight: 2)
      next.advanceClock(by: .seconds(1))
    }
  }

  @Test func aCounterSession() async {
    let sessions = RandomSessions(initialState: Counter.State()) { Counter() }
    sessions.invariant("count is never negative") { $0.count >= 0 }
    let failure = await sessions.run(count: 5, length: 10) { _, next in next.send(.incrementTapped)
    }
    #expect(failure == nil)
  }
}

/// `NextSteps`, `actions(_:)` and `model(_:initial:update:projection:)`: rows added by an effect
/// a second after the tap, renamed, and a path to go back on.
@MainActor
struct RandomSessionsRowsAPI {
  struct Rows: Reducer {
    struct Row: Identifiable, Equatable, Sendable {
      let id: Int
      var name = ""
      var count = 0
    }
    struct State: Equatable, Sendable {
      var rows = IdentifiedArray<Row>()
      var path: [Int] = []
      var nextID = 1
    }
    enum Action: Equatable, Sendable {
      case addButtonTapped
      case added(Int)
      case renameTapped(Int, String)
      case backButtonTapped
    }

    @Dependency(\.clock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .addButtonTapped:
        let id = state.nextID
        state.nextID += 1
        return .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.added(id))
        }
      case let .added(id):
        if state.rows[id: id] == nil { _ = state.rows.append(Row(id: id)) }
        state.rows[id: id]?.count += 1
        return .none
      case let .renameTapped(id, name):
        state.rows[id: id]?.name = name
        state.path.append(id)
        return .none
      case .backButtonTapped:
        _ = state.path.popLast()
        return .none
      }
    }
  }

  @Test func theModelOfTheCounts() async {
    let sessions = RandomSessions(initialState: Rows.State()) { Rows() }
    sessions.model("the counts", initial: [Int: Int]()) { counts, action in
      if case let .added(id) = action { counts[id, default: 0] += 1 }
    } projection: { state in
      state.rows.reduce(into: [:]) { $0[$1.id] = $1.count }
    }
    let failure = await sessions.run(count: 50, length: 30) { state, next in
      next.send(.addButtonTapped)
      if let id = next.element(of: state.rows.ids) {
        next.send(.renameTapped(id, next.string()), weight: 3)
      }
      if !state.path.isEmpty { next.send(.backButtonTapped) }
      next.advanceClock(by: .milliseconds(next.int(in: 0...2_000)))
    }
    #expect(failure == nil)
  }

  /// A rule that breaks as soon as an added row lands: the failure hands back the two steps.
  @Test func aFailureHandsBackItsSteps() async {
    let sessions = RandomSessions(initialState: Rows.State()) { Rows() }
    sessions.invariant("no row is ever added") { $0.rows.isEmpty }
    await withKnownIssue {
      let failure = await sessions.run(count: 100, length: 30) { state, next in
        next.send(.addButtonTapped)
        if let id = next.element(of: state.rows.ids) {
          next.send(.renameTapped(id, next.string()), weight: 3)
        }
        if !state.path.isEmpty { next.send(.backButtonTapped) }
        next.advanceClock(by: .seconds(1))
      }
      let steps = failure?.steps  // [.send(.addButtonTapped), .advanceClock(by: .seconds(1))]
      let test = failure?.testSource  // a TestStore test of those steps, to paste
      var isTheRule = false
      if case .invariant("no row is ever added") = failure?.reason { isTheRule = true }
      #expect(isTheRule)
      #expect(steps?.count == 2)
      #expect(test?.contains(".addButtonTapped") == true)
      #expect(failure != nil)
      if let failure {
        #expect(
          failure.steps == [
            .send(.addButtonTapped),
            .advanceClock(by: .seconds(1)),
          ])
      }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("A random session broke") }
    }
  }
}

/// The rules of `RandomSessions+Rules.swift`, on orders whose quantities change until they are
/// submitted.
@MainActor
struct RandomSessionsRulesAPI {
  struct Cart: Reducer {
    struct Order: Identifiable, Equatable, Sendable {
      let id: Int
      var quantity = 1
      var isSubmitted = false
    }
    struct State: Equatable, Sendable {
      var orders: IdentifiedArray<Order> = [Order(id: 1), Order(id: 2)]
      var total = 2
    }
    enum Action: Equatable, Sendable {
      case quantityChanged(Int, Int)
      case submitTapped(Int)
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .quantityChanged(id, quantity):
        guard state.orders[id: id]?.isSubmitted == false else { return .none }
        state.orders[id: id]?.quantity = max(0, quantity)
      case let .submitTapped(id):
        state.orders[id: id]?.isSubmitted = true
      }
      state.total = state.orders.reduce(0) { $0 + $1.quantity }
      return .none
    }
  }

  @Test func ordersKeepTheirRules() async {
    let sessions = RandomSessions(initialState: Cart.State()) { Cart() }
    sessions.invariant("total is never negative") { $0.total >= .zero }
    sessions.transition("a submitted order never changes") { before, _, after in
      before.orders.filter(\.isSubmitted).allSatisfy { after.orders[id: $0.id] == $0 }
    }
    let failure = await sessions.run(count: 50, length: 30) { state, next in
      if let id = next.element(of: state.orders.ids) {
        next.send(.quantityChanged(id, next.int(in: -1...100)))
      }
      if let id = next.element(of: state.orders.ids) { next.send(.submitTapped(id)) }
    }
    #expect(failure == nil)
  }
}

/// `RandomSessions(initialState:reducer:...)` for a `Codable` feature, `testSource`, and
/// `allowIssues(where:)`: Orders with the test value of its client, which reports every
/// submission.
@MainActor
struct RandomSessionsOrdersAPI {
  @Test func ordersWithAnUnimplementedClient() async {
    let sessions = RandomSessions(initialState: OrdersModuleState()) { OrdersFeature() }
    sessions.testSource.initialState = "OrdersModuleState(profile: ada)"
    sessions.testSource.dependencies = ["$0.ordersClient = .simulated(stepDuration: .seconds(1))"]
    sessions.allowIssues { $0.contains("OrdersClient.submit") }
    sessions.invariant("the next order number is above every order's") { state in
      state.orders.list.allSatisfy { $0.id < state.orders.nextID }
    }
    let failure = await sessions.run(count: 20, length: 20) { state, next in
      next.send(.view(.newOrderButtonTapped))
      if let id = next.element(of: state.orders.list.ids) {
        next.send(.view(.addItemButtonTapped(orderID: id, sku: "mug", quantity: 1)))
        next.send(.view(.submitButtonTapped(orderID: id)))
      }
      next.advanceClock(by: .seconds(1))
    }
    #expect(failure == nil)
  }
}

/// The rules of change of `RandomSessions+Rules.swift`: a transition rule that reads the action,
/// and a model of its own type that compares only what it expects.
@MainActor
struct RandomSessionsRulesOfChangeAPI {
  struct Form: Reducer {
    enum Status: Equatable, Sendable { case draft, submitted }
    struct State: Equatable, Sendable {
      var status = Status.draft
      var text = ""
    }
    enum Action: Equatable, Sendable {
      case textChanged(String)
      case submitTapped
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .textChanged(text): state.text = text
      case .submitTapped: state.status = .submitted
      }
      return .none
    }
  }

  @Test func onlyASubmissionChangesTheStatus() async {
    let sessions = RandomSessions(initialState: Form.State()) { Form() }
    sessions.transition("only a submission changes the status") { before, action, after in
      guard before.status != after.status else { return true }
      if case .submitTapped = action { return true }
      return false
    }
    let failure = await sessions.run(count: 20, length: 10) { _, next in
      next.send(.textChanged(next.string(maxLength: 5)))
      next.send(.submitTapped)
    }
    #expect(failure == nil)
  }

  struct NameList: Reducer {
    struct Row: Equatable, Sendable { var name: String }
    struct State: Equatable, Sendable {
      var rows: [Row] = []
      var history: [[Row]] = []
    }
    enum Action: Equatable, Sendable {
      case added(String)
      case undoTapped
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .added(name):
        state.history.append(state.rows)
        state.rows.append(Row(name: name))
      case .undoTapped:
        if let last = state.history.popLast() { state.rows = last }
      }
      return .none
    }
  }

  @Test func theNamesModel() async {
    let sessions = RandomSessions(initialState: NameList.State()) { NameList() }
    struct Names {
      var names: [String] = []
      var undone: [[String]] = []
    }
    sessions.model("the names", initial: Names()) { model, action in
      switch action {
      case let .added(name):
        model.undone.append(model.names)
        model.names.append(name)
      case .undoTapped:
        if let last = model.undone.popLast() { model.names = last }
      }
    } expected: {
      $0.names
    } projection: { state in
      state.rows.map(\.name)
    }
    let failure = await sessions.run(count: 30, length: 20) { _, next in
      next.send(.added(next.string(maxLength: 3)))
      next.send(.undoTapped)
    }
    #expect(failure == nil)
  }
}
