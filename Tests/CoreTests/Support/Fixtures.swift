@testable import Core

/// A small app: a profile stored once, orders that need it, an optional editor and a list.
struct Profile: Equatable, Sendable {
  var name = ""
  var address = ""
}

enum ProfileAction: Equatable, Sendable {
  case nameChanged(String)
  case addressChanged(String)
}

struct ProfileReducer: Reducer {
  func reduce(into state: inout Profile, action: ProfileAction) -> Effect<ProfileAction> {
    switch action {
    case let .nameChanged(name): state.name = name
    case let .addressChanged(address): state.address = address
    }
    return .none
  }
}

struct OrdersModule: Equatable, Sendable {
  var orderCount: Int
  var profile: Profile
}

enum OrdersAction: Equatable, Sendable {
  case orderPlaced
  case useAddressAsDefault(String)
}

struct OrdersReducer: Reducer {
  func reduce(into state: inout OrdersModule, action: OrdersAction) -> Effect<OrdersAction> {
    switch action {
    case .orderPlaced: state.orderCount += 1
    case let .useAddressAsDefault(address): state.profile.address = address
    }
    return .none
  }
}

struct Row: Equatable, Identifiable, Sendable {
  let id: Int
  var value = 0
}

enum RowAction: Equatable, Sendable {
  case increment
}

struct RowReducer: Reducer {
  func reduce(into state: inout Row, action: RowAction) -> Effect<RowAction> {
    state.value += 1
    return .none
  }
}

struct AppState: Equatable, Sendable {
  var profile = Profile()
  var orderCount = 0
  var editor: Profile?
  var rows: IdentifiedArray<Row> = []
  var unrelated = 0

  var ordersModule: OrdersModule {
    get { OrdersModule(orderCount: orderCount, profile: profile) }
    set {
      orderCount = newValue.orderCount
      profile = newValue.profile
    }
  }
}

indirect enum AppAction: Equatable, Sendable {
  case profile(ProfileAction)
  case orders(OrdersAction)
  case editor(ProfileAction)
  case row(id: Int, action: RowAction)
  case editorOpened
  case editorClosed
  case rowAdded(Int)
  case rowRemoved(Int)
  case unrelatedChanged
  case nothing
}

struct AppReducer: Reducer {
  var body: some Reducer<AppState, AppAction> {
    Scope(state: \.profile, action: AppAction.profile) { ProfileReducer() }
    Scope(state: \.ordersModule, action: AppAction.orders) { OrdersReducer() }
    Reduce { state, action in
      switch action {
      case .editorOpened: state.editor = state.profile
      case .editorClosed: state.editor = nil
      case let .rowAdded(id): state.rows.append(Row(id: id))
      case let .rowRemoved(id): state.rows.remove(id: id)
      case .unrelatedChanged: state.unrelated += 1
      case .profile, .orders, .editor, .row, .nothing: break
      }
      return .none
    }
    .ifLet(\.editor, action: AppAction.editor) { ProfileReducer() }
    .forEach(\.rows, action: AppAction.row) { RowReducer() }
  }
}

/// Records the values an observer receives.
@MainActor
final class Recorder<Value> {
  var values: [Value] = []
  var subscription: StoreSubscription?

  init<Action>(_ store: Store<Value, Action>) {
    subscription = store.observe { [unowned self] in self.values.append($0) }
  }
}

/// Collects runtime issues reported while `body` runs.
@MainActor
func collectingIssues(_ body: () throws -> Void) rethrows -> [String] {
  let issues = IssueBox()
  try IssueReporting.$override.withValue(IssueReporter { message, _ in issues.append(message) }) {
    try body()
  }
  return issues.messages
}

/// Collects runtime issues reported while `body` runs, including by effects it starts.
@MainActor
func collectingIssues(_ body: () async throws -> Void) async rethrows -> [String] {
  let issues = IssueBox()
  try await IssueReporting.$override.withValue(
    IssueReporter { message, _ in issues.append(message) }
  ) {
    try await body()
  }
  return issues.messages
}

final class IssueBox: Sendable {
  private let storage = Locked<[String]>([])
  func append(_ message: String) { storage.withLock { $0.append(message) } }
  var messages: [String] { storage.withLock { $0 } }
}
