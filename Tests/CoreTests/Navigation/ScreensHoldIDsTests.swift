import Core
import Testing

// The "Screens hold ids, not copies" example of the "Navigation" article
// (Sources/Core/Documentation.docc/Navigation.md), with a screen that holds a copy beside the
// one that holds an id, to show what goes stale. Its types are namespaced here, as other suites
// have an `Item` of their own.
enum ScreensHoldIDs {}

extension ScreensHoldIDs {
  struct Item: Equatable, Identifiable, Sendable {
    let id: Int
    var name: String
  }

  struct Catalog: Reducer {
    struct State: Equatable, Sendable {
      var items: IdentifiedArray<Item> = []
      var path = StackState<Screen>()
      var history = UndoHistory<IdentifiedArray<Item>>()
    }

    enum Screen: Equatable, Sendable {
      case detail(itemID: Item.ID)  // not `detail(Item)`
      /// What the article advises against, for the test to compare with.
      case copy(Item)
    }

    enum Action: Equatable, Sendable {
      case itemTapped(Item.ID)
      case copyTapped(Item.ID)
      case renamed(Item.ID, String)
      case history(UndoAction)
    }

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case let .itemTapped(id):
          state.path.append(.detail(itemID: id))
        case let .copyTapped(id):
          if let item = state.items[id: id] { state.path.append(.copy(item)) }
        case let .renamed(id, name):
          state.items[id: id]?.name = name
        case .history:
          break
        }
        return .none
      }
      .undoable(\.items, history: \.history, action: Action.history)
    }
  }

}

@MainActor
@Suite struct ScreensHoldIDsTests {
  typealias Catalog = ScreensHoldIDs.Catalog
  typealias Item = ScreensHoldIDs.Item

  /// The name each screen of the stack shows.
  func shownNames(_ state: Catalog.State) -> [String?] {
    state.path.map { screen in
      switch screen {
      case .detail(let id): state.items[id: id]?.name
      case .copy(let item): item.name
      }
    }
  }

  @Test func aScreenHoldingAnIDShowsTheItemAfterAnEditElsewhereAndAnUndo() {
    let store = Store(
      initialState: Catalog.State(items: [Item(id: 1, name: "Lamp")])
    ) { Catalog() }
    store.send(.itemTapped(1))
    store.send(.copyTapped(1))
    store.send(.renamed(1, "Desk lamp"))
    // The screen holding the id shows the edit; the one holding a copy went stale.
    #expect(shownNames(store.state) == ["Desk lamp", "Lamp"])
    store.send(.renamed(1, "Floor lamp"))
    store.send(.history(.undo))
    #expect(shownNames(store.state) == ["Desk lamp", "Lamp"])
  }
}
