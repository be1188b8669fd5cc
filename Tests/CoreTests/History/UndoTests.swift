import Core
import CoreTesting
import Foundation
import Testing

/// A document with a name and items, undoable, and a save that runs as an effect.
struct DocumentFeature: Reducer {
  struct Item: Equatable, Identifiable, Sendable {
    var id: Int
    var quantity: Int
  }

  struct Document: Equatable, Sendable {
    var name = ""
    var items = IdentifiedArray<Item>()
  }

  struct State: Equatable, Sendable {
    var document = Document()
    var history = UndoHistory<Document>()
    var savedNames: [String] = []
  }

  enum Action: Equatable, Sendable {
    case nameChanged(String)
    case itemAdded(Int)
    case quantityChanged(id: Int, Int)
    case saveTapped
    case saved(String)
    case history(UndoAction)
  }

  enum CancelID { case save }

  let saves: @Sendable (String) async -> Void
  let cancelsSaveOnUndo: Bool

  init(cancelsSaveOnUndo: Bool = false, saves: @escaping @Sendable (String) async -> Void) {
    self.saves = saves
    self.cancelsSaveOnUndo = cancelsSaveOnUndo
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .nameChanged(let name):
        state.document.name = name
        return .none
      case .itemAdded(let id):
        state.document.items.append(Item(id: id, quantity: 1))
        return .none
      case .quantityChanged(let id, let quantity):
        state.document.items[id: id]?.quantity = quantity
        return .none
      case .saveTapped:
        let name = state.document.name
        return .run { [saves] send in
          await saves(name)
          await send(.saved(name))
        }
        .cancellable(id: CancelID.save)
      case .saved(let name):
        state.savedNames.append(name)
        return .none
      case .history(.undo):
        return cancelsSaveOnUndo ? .cancel(id: CancelID.save) : .none
      case .history:
        return .none
      }
    }
    .undoable(\.document, history: \.history, action: Action.history, limit: 3) {
      if case .nameChanged = $0 { "name" } else { nil }
    }
  }
}

@MainActor
@Suite struct UndoTests {
  func makeStore(
    cancelsSaveOnUndo: Bool = false, saves: @escaping @Sendable (String) async -> Void = { _ in }
  ) -> TestStore<DocumentFeature.State, DocumentFeature.Action> {
    TestStore(initialState: DocumentFeature.State()) {
      DocumentFeature(cancelsSaveOnUndo: cancelsSaveOnUndo, saves: saves)
    }
  }

  @Test func undoAndRedoRevertAndReapplyEachStep() async {
    let store = makeStore()
    await store.send(.itemAdded(1)) { $0.document.items.append(.init(id: 1, quantity: 1)) }
    await store.send(.quantityChanged(id: 1, 5)) { $0.document.items[id: 1]?.quantity = 5 }
    #expect(store.state.history.undoCount == 2)

    await store.send(.history(.undo)) { $0.document.items[id: 1]?.quantity = 1 }
    await store.send(.history(.undo)) { $0.document.items = [] }
    await store.send(.history(.undo))  // nothing left: no change
    #expect(!store.state.history.canUndo)
    #expect(store.state.history.redoCount == 2)

    await store.send(.history(.redo)) { $0.document.items = [.init(id: 1, quantity: 1)] }
    await store.send(.history(.redo)) { $0.document.items[id: 1]?.quantity = 5 }
    #expect(!store.state.history.canRedo)
  }

  @Test func aNewChangeClearsWhatCouldBeRedone() async {
    let store = makeStore()
    await store.send(.itemAdded(1)) { $0.document.items.append(.init(id: 1, quantity: 1)) }
    await store.send(.history(.undo)) { $0.document.items = [] }
    #expect(store.state.history.canRedo)
    await store.send(.itemAdded(2)) { $0.document.items.append(.init(id: 2, quantity: 1)) }
    #expect(!store.state.history.canRedo)
  }

  @Test func typingANameIsOneStep() async {
    let store = makeStore()
    await store.send(.nameChanged("A")) { $0.document.name = "A" }
    await store.send(.nameChanged("Ad")) { $0.document.name = "Ad" }
    await store.send(.nameChanged("Ada")) { $0.document.name = "Ada" }
    await store.send(.itemAdded(1)) { $0.document.items.append(.init(id: 1, quantity: 1)) }
    await store.send(.nameChanged("Ada L")) { $0.document.name = "Ada L" }
    #expect(store.state.history.undoCount == 3)

    await store.send(.history(.undo)) { $0.document.name = "Ada" }
    await store.send(.history(.undo)) { $0.document.items = [] }
    await store.send(.history(.undo)) { $0.document.name = "" }
  }

  @Test func everythingBetweenBeginAndEndGroupIsOneStep() async {
    let store = makeStore()
    await store.send(.history(.beginGroup))
    await store.send(.itemAdded(1)) { $0.document.items.append(.init(id: 1, quantity: 1)) }
    await store.send(.itemAdded(2)) { $0.document.items.append(.init(id: 2, quantity: 1)) }
    await store.send(.history(.endGroup))
    await store.send(.itemAdded(3)) { $0.document.items.append(.init(id: 3, quantity: 1)) }

    await store.send(.history(.undo)) { $0.document.items.remove(id: 3) }
    await store.send(.history(.undo)) { $0.document.items = [] }
    #expect(!store.state.history.canUndo)
  }

  @Test func aChangeAfterAnUndoInsideAGroupIsAStepOfItsOwn() async {
    let store = makeStore()
    await store.send(.history(.beginGroup))
    await store.send(.itemAdded(1)) { $0.document.items.append(.init(id: 1, quantity: 1)) }
    await store.send(.history(.undo)) { $0.document.items = [] }
    await store.send(.itemAdded(2)) { $0.document.items.append(.init(id: 2, quantity: 1)) }
    await store.send(.history(.endGroup))
    #expect(store.state.history.undoCount == 1)
    await store.send(.history(.undo)) { $0.document.items = [] }
    #expect(!store.state.history.canUndo)
  }

  @Test func theHistoryKeepsAtMostLimitSteps() async {
    let store = makeStore()
    for id in 1...5 {
      await store.send(.itemAdded(id)) { $0.document.items.append(.init(id: id, quantity: 1)) }
    }
    #expect(store.state.history.undoCount == 3)
    for _ in 1...3 { await store.send(.history(.undo)) { $0.document.items.removeLast() } }
    await store.send(.history(.undo))
    #expect(Array(store.state.document.items.ids) == [1, 2])
  }

  @Test func undoLeavesASaveInFlightRunningAndItsFeedbackLandsOnTheRestoredValue() async {
    let gate = AsyncStream<Void>.makeStream()
    let saved = LockedNames()
    let store = makeStore { name in
      for await _ in gate.stream { break }
      saved.append(name)
    }
    await store.send(.nameChanged("Ada")) { $0.document.name = "Ada" }
    await store.send(.saveTapped)
    await store.send(.history(.undo)) { $0.document.name = "" }
    gate.continuation.yield()
    // The save of the undone edit still completes and reports back; the name stays undone.
    await store.receive(.saved("Ada")) { $0.savedNames = ["Ada"] }
    #expect(saved.names == ["Ada"])
    #expect(store.state.document.name == "")
    #expect(store.state.history.canRedo)
  }

  @Test func aReducerCanCancelTheSaveWhenItsEditIsUndone() async {
    let gate = AsyncStream<Void>.makeStream()
    let saved = LockedNames()
    let store = makeStore(cancelsSaveOnUndo: true) { name in
      for await _ in gate.stream { break }
      if !Task.isCancelled { saved.append(name) }
    }
    await store.send(.nameChanged("Ada")) { $0.document.name = "Ada" }
    await store.send(.saveTapped)
    await store.send(.history(.undo)) { $0.document.name = "" }
    await store.finish()
    #expect(saved.names.isEmpty)
  }

  @Test func historiesAlwaysCompareEqualSoTheyNeverMakeAStateDistinct() async {
    let store = makeStore()
    await store.send(.itemAdded(1)) { $0.document.items.append(.init(id: 1, quantity: 1)) }
    #expect(store.state.history.canUndo)
    #expect(store.state.history == UndoHistory())
  }
}

/// Names an effect saved, shared with the test.
final class LockedNames: Sendable {
  private let storage = Locked<[String]>([])
  var names: [String] { storage.withLock { $0 } }
  func append(_ name: String) { storage.withLock { $0.append(name) } }
}

/// A counter whose `send` cannot be undone.
struct SendingFeature: Reducer {
  struct State: Equatable {
    var count = 0
    var history = UndoHistory<Int>()
  }

  enum Action: Equatable {
    case increment, send, history(UndoAction)
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .increment, .send: state.count += 1
      case .history: break
      }
      return .none
    }
    .undoable(\.count, history: \.history, action: Action.history) {
      _ in
      nil
    } forget: {
      $0 == .send ? "It was sent." : nil
    }
  }
}

@MainActor
@Suite struct UndoForgetTests {
  @Test func aChangeThatLeftTheAppEmptiesTheHistoryAndSaysWhy() async {
    let store = TestStore(initialState: SendingFeature.State()) { SendingFeature() }
    await store.send(.increment) { $0.count = 1 }
    await store.send(.send) { $0.count = 2 }
    #expect(!store.state.history.canUndo)
    #expect(store.state.history.forgottenReason == "It was sent.")
    await store.send(.history(.undo))
    await store.send(.increment) { $0.count = 3 }
    await store.send(.history(.undo)) { $0.count = 2 }
  }
}
