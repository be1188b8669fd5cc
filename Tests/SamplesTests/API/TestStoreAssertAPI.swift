import Core
import CoreTesting
import Testing

// The examples in the doc comments of TestStore+Assert.swift (`isDismissed`, `assert`,
// `withExhaustivity`) and Optional+ModifyCase.swift (`modify`): a shopping list's editor
// presented as a case of an enum destination.

@MainActor
@Suite struct TestStoreAssertDocs {
  /// Edits a list's title; closes itself.
  struct EditFeature: Reducer {
    struct State: Equatable {
      var title = ""
      var canSave = false
    }
    enum Action: Equatable, Sendable {
      case titleChanged(String)
      case closeButtonTapped
    }

    @Dependency(\.dismiss) var dismiss

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .titleChanged(title):
        state.title = title
        state.canSave = !title.isEmpty
        return .none
      case .closeButtonTapped:
        return .run { [dismiss] _ in await dismiss() }
      }
    }
  }

  /// The list, presenting its editor.
  struct ListFeature: Reducer {
    struct State: Equatable {
      @PresentationState var destination: Destination.State?
    }
    enum Action: Equatable, Sendable {
      case destination(PresentationAction<Destination.Action>)
    }
    struct Destination: Reducer {
      enum State: Equatable {
        case edit(EditFeature.State)

        static let editPath = AnyCasePath<State, EditFeature.State>(
          embed: { .edit($0) }, extract: { if case let .edit(state) = $0 { state } else { nil } })
      }
      enum Action: Equatable, Sendable { case edit(EditFeature.Action) }
      var body: some Reducer<State, Action> {
        Scope(state: State.edit, action: Action.edit) { EditFeature() }
      }
    }
    var body: some Reducer<State, Action> {
      EmptyReducer()
        .ifLet(\.$destination, action: Action.destination) { Destination() }
    }
  }

  typealias Destination = ListFeature.Destination

  /// The list with its editor open on "Bread", which can be saved.
  static func editingBread() -> ListFeature.State {
    var state = ListFeature.State()
    state.destination = .edit(EditFeature.State(title: "Bread", canSave: true))
    return state
  }

  @Test func isDismissed() async {
    let store = TestStore(initialState: EditFeature.State()) { EditFeature() }
    await store.send(.closeButtonTapped)
    #expect(store.isDismissed)
  }

  @Test func assert() async {
    let store = TestStore(initialState: EditFeature.State()) { EditFeature() }
    await store.send(.titleChanged("Groceries")) {
      $0.title = "Groceries"
      $0.canSave = true
    }
    store.assert { $0.canSave = true }
  }

  @Test func withExhaustivity() async {
    let store = TestStore(initialState: TestStoreDocs.OrderListFeature.State()) {
      TestStoreDocs.ImmediateOrderListFeature()
    } withDependencies: {
      $0.orderListClient = TestStoreDocs.OrderListClient(load: { [.sample] })
    }
    await store.withExhaustivity(.off) {
      await store.send(.refreshButtonTapped)
      await store.receive(.ordersLoaded([.sample])) { $0.orders = [.sample] }
    }
    await store.finish()
  }

  @Test func modify() async {
    let store = TestStore(initialState: Self.editingBread()) { ListFeature() }
    await store.send(.destination(.presented(.edit(.titleChanged("Milk"))))) {
      $0.destination.modify(Destination.State.edit) { $0.title = "Milk" }
    }
  }

  @Test func modifyWithACasePath() async {
    let store = TestStore(initialState: Self.editingBread()) { ListFeature() }
    await store.send(.destination(.presented(.edit(.titleChanged("Milk"))))) {
      $0.destination.modify(Destination.State.editPath) { $0.title = "Milk" }
    }
  }
}
