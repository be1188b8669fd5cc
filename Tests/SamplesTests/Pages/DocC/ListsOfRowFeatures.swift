import Core
import CoreTesting
import Testing

// The examples of the "Lists of row features" article
// (Sources/Core/Documentation.docc/ListsOfRowFeatures.md), run as tests.

struct TodoRow: Reducer {
  struct State: Equatable, Identifiable, Sendable {
    let id: Int
    var title = ""
    var isDone = false
    var isSaved = true
  }

  enum Action: Equatable, Sendable {
    case titleChanged(String)
    case toggleTapped
    case deleteTapped
    case titleSaved
    case delegate(Delegate)

    enum Delegate: Equatable, Sendable {
      case deleteRequested
    }
  }

  enum CancelID { case save }

  @Dependency(\.clock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .titleChanged(title):
        state.title = title
        state.isSaved = false
        return .send(.titleSaved).debounce(id: CancelID.save, for: .seconds(1), clock: clock)
      case .toggleTapped:
        state.isDone.toggle()
        return .none
      case .deleteTapped:
        return .send(.delegate(.deleteRequested))
      case .titleSaved:
        state.isSaved = true
        return .none
      case .delegate:
        return .none
      }
    }
  }
}

struct TodoList: Reducer {
  struct State: Equatable, Sendable {
    var rows: IdentifiedArrayOf<TodoRow.State> = []
    var nextID = 1
  }

  enum Action: Equatable, Sendable {
    case addButtonTapped
    case deleteSwiped(id: TodoRow.State.ID)
    case clearDoneButtonTapped
    case row(id: TodoRow.State.ID, action: TodoRow.Action)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addButtonTapped:
        state.rows.append(TodoRow.State(id: state.nextID))
        state.nextID += 1
        return .none
      case let .deleteSwiped(id):
        state.rows.remove(id: id)
        return .none
      case .clearDoneButtonTapped:
        state.rows.removeAll { $0.isDone }
        return .none
      case let .row(id, .delegate(.deleteRequested)):
        state.rows.remove(id: id)
        return .none
      case .row:
        return .none
      }
    }
    .forEach(\.rows, action: Action.row) { TodoRow() }
  }
}

@MainActor
@Suite struct ListsOfRowFeaturesArticleTests {
  @Test func identifiedArraysAreBuiltFromUniqueElements() {
    let rows: IdentifiedArrayOf<TodoRow.State> = [
      TodoRow.State(id: 1, title: "Milk"),
      TodoRow.State(id: 2, title: "Eggs"),
    ]
    let same = IdentifiedArray(
      uniqueElements: ["Milk", "Eggs"].enumerated().map {
        TodoRow.State(id: $0.offset + 1, title: $0.element)
      })
    let eggs = rows[id: 2]?.title  // "Eggs"
    let ids = Array(rows.ids)  // [1, 2], in order
    #expect(rows == same)
    #expect(eggs == "Eggs")
    #expect(ids == [1, 2])
    let empty: IdentifiedArrayOf<TodoRow.State> = []
    #expect(empty.isEmpty)
  }

  @MainActor
  @Test func rowsAreAddedEditedAndDeletedFromTheParentAndFromTheRow() async {
    let clock = TestClock()
    let store = TestStore(initialState: TodoList.State()) {
      TodoList()
    } withDependencies: {
      $0.clock = clock
    }

    await store.send(.addButtonTapped) {
      $0.rows.append(TodoRow.State(id: 1))
      $0.nextID = 2
    }
    await store.send(.addButtonTapped) {
      $0.rows.append(TodoRow.State(id: 2))
      $0.nextID = 3
    }
    await store.send(.row(id: 1, action: .titleChanged("Milk"))) {
      $0.rows[id: 1]?.title = "Milk"
      $0.rows[id: 1]?.isSaved = false
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.row(id: 1, action: .titleSaved)) {
      $0.rows[id: 1]?.isSaved = true
    }

    // From the row: it asks, the parent removes it.
    await store.send(.row(id: 2, action: .deleteTapped))
    await store.receive(.row(id: 2, action: .delegate(.deleteRequested))) {
      $0.rows.remove(id: 2)
    }

    // From the parent: removing a row cancels the effects it started.
    await store.send(.row(id: 1, action: .titleChanged("Oat milk"))) {
      $0.rows[id: 1]?.title = "Oat milk"
      $0.rows[id: 1]?.isSaved = false
    }
    await store.send(.deleteSwiped(id: 1)) {
      $0.rows.remove(id: 1)
    }
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test func aViewScopesOneStorePerRow() {
    let store = Store(
      initialState: TodoList.State(
        rows: [TodoRow.State(id: 1, title: "Milk"), TodoRow.State(id: 2, title: "Eggs")],
        nextID: 3)
    ) {
      TodoList()
    }
    let rowStores = store.state.rows.ids.compactMap {
      store.scope(state: \.rows, id: $0, action: TodoList.Action.row)
    }
    rowStores[0].send(.toggleTapped)  // the root reduces .row(id: 1, action: .toggleTapped)
    #expect(rowStores.map(\.state.title) == ["Milk", "Eggs"])
    #expect(store.state.rows[id: 1]?.isDone == true)

    store.send(.clearDoneButtonTapped)
    #expect(Array(store.state.rows.ids) == [2])
    #expect(store.scope(state: \.rows, id: 1, action: TodoList.Action.row) == nil)
  }
}
