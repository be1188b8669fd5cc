import Foundation
import Testing

@testable import Core

/// `IdentifiedArray` as a `MutableCollection` and `RangeReplaceableCollection`: the generic
/// algorithms work, ids stay unique, and misuse names the id.
@Suite struct IdentifiedArrayContractTests {
  struct Item: Comparable, Identifiable, Sendable {
    let id: Int
    var rank = 0

    static func < (lhs: Item, rhs: Item) -> Bool { (lhs.rank, lhs.id) < (rhs.rank, rhs.id) }
  }

  private func items(_ ids: [Int]) -> IdentifiedArray<Item> {
    IdentifiedArray(uniqueElements: ids.map { Item(id: $0, rank: -$0) })
  }

  @Test func sortingWorksAndKeepsElementsShared() {
    var array = items(Array(0..<1_000))
    let old = array
    array.sort(by: { $0.id % 7 == $1.id % 7 ? $0.id < $1.id : $0.id % 7 < $1.id % 7 })
    #expect(array.map(\.id) == (0..<1_000).sorted { ($0 % 7, $0) < ($1 % 7, $1) })
    array.sort()
    #expect(Array(array.ids) == Array((0..<1_000).reversed()))
    // A sort moves elements but changes none: the diff an observer asks for is empty.
    var changed: [Int] = []
    array.forEachChangedID(since: old) { changed.append($0) }
    #expect(changed.isEmpty)
    #expect(old.map(\.id) == Array(0..<1_000))
  }

  /// Generic code reaches `MutableCollection`'s own `sort`, which sorts through contiguous
  /// storage and stores the result back.
  @Test func genericSortWorks() {
    func sortGenerically<C: MutableCollection & RandomAccessCollection>(_ collection: inout C)
    where C.Element: Comparable {
      collection.sort()
    }
    var array = items([3, 1, 4, 0, 2])
    sortGenerically(&array)
    #expect(Array(array.ids) == [4, 3, 2, 1, 0])
    #expect(array[id: 2]?.rank == -2)
    #expect(array.index(id: 3) == 1)
    func partitionGenerically<C: MutableCollection & RandomAccessCollection>(
      _ collection: inout C, _ belongsInSecondPartition: (C.Element) -> Bool
    ) -> C.Index {
      collection.partition(by: belongsInSecondPartition)
    }
    let pivot = partitionGenerically(&array) { $0.id < 2 }
    #expect(pivot == 3)
    #expect(Set(array.ids.prefix(3)) == [2, 3, 4])
    #expect(array.index(id: array[4].id) == 4)
  }

  @Test func swapBasedAlgorithmsKeepIDsUnique() {
    var array = items(Array(0..<10))
    array.reverse()
    #expect(Array(array.ids) == Array((0..<10).reversed()))
    var generator = SystemRandomNumberGenerator()
    array.shuffle(using: &generator)
    #expect(Set(array.ids) == Set(0..<10) && array.count == 10)
    let pivot = array.partition { $0.id >= 5 }
    #expect(pivot == 5)
    #expect(Set(array.ids.prefix(5)) == Set(0..<5))
    func reverseGenerically<C: MutableCollection & BidirectionalCollection>(_ c: inout C) {
      c.reverse()
    }
    let before = Array(array.ids)
    reverseGenerically(&array)
    #expect(Array(array.ids) == before.reversed())
    for position in array.indices { #expect(array.index(id: array[position].id) == position) }
  }

  @Test func positionalWriteOfANewIDReplacesTheElementThere() {
    var array = items([1, 2, 3])
    array[1] = Item(id: 9, rank: 5)
    #expect(Array(array.ids) == [1, 9, 3])
    #expect(!array.contains(id: 2) && array[id: 9]?.rank == 5)
    #expect(array.index(id: 9) == 1)
  }

  @Test func removals() {
    var array = items(Array(0..<10))
    #expect(array.removeFirst().id == 0)
    #expect(array.removeLast().id == 9)
    #expect(array.popLast()?.id == 8)
    array.removeFirst(2)
    array.removeLast(2)
    #expect(Array(array.ids) == [3, 4, 5])
    array.removeSubrange(0..<1)
    #expect(Array(array.ids) == [4, 5])
    array.removeAll()
    #expect(array.isEmpty && array.popLast() == nil)
    #expect(!array.contains(id: 4))
  }

  @Test func moveAndRemoveByOffsetsFollowSwiftUI() {
    var array = items(Array(0..<6))
    array.move(fromOffsets: [0, 2], toOffset: 5)
    #expect(Array(array.ids) == [1, 3, 4, 0, 2, 5])
    array.move(fromOffsets: [4], toOffset: 0)
    #expect(Array(array.ids) == [2, 1, 3, 4, 0, 5])
    array.move(fromOffsets: [1, 2], toOffset: 6)
    #expect(Array(array.ids) == [2, 4, 0, 5, 1, 3])
    array.remove(atOffsets: [0, 3, 5])
    #expect(Array(array.ids) == [4, 0, 1])
    #expect(array.index(id: 1) == 2)
  }

  @Test func rangeReplacementAddsNewIDs() {
    var array = items([1, 2, 3])
    array.replaceSubrange(1..<2, with: [Item(id: 7), Item(id: 2)])
    #expect(Array(array.ids) == [1, 7, 2, 3])
    array.append(contentsOf: [Item(id: 8)])
    array.insert(contentsOf: [Item(id: 0)], at: 0)
    #expect(Array(array.ids) == [0, 1, 7, 2, 3, 8])
    let built = IdentifiedArray<Item>([Item(id: 5), Item(id: 6)])
    #expect(Array(built.ids) == [5, 6])
  }

  @Test func idsAreAnOrderedCollection() {
    let array = items([5, 3, 8])
    let ids = array.ids
    #expect(ids == [5, 3, 8])
    #expect(ids != [5, 8, 3])
    #expect(ids.firstIndex(of: 8) == 2 && ids.lastIndex(of: 3) == 1)
    #expect(ids.contains(3) && !ids.contains(4))
    #expect(ids.description == "[5, 3, 8]")
    #expect(Set([ids, array.ids]).count == 1)
  }

  /// Adds `element` through `RangeReplaceableCollection`'s `append(_:)`, which returns nothing:
  /// what a one-line closure such as `{ $0.rows.append(row) }` resolves to.
  private func appendGenerically<C: RangeReplaceableCollection>(_ element: C.Element, to c: inout C)
  {
    c.append(element)
  }

  private func insertGenerically<C: RangeReplaceableCollection>(
    _ element: C.Element, at index: C.Index, in c: inout C
  ) {
    c.insert(element, at: index)
  }

  private func update(
    _ array: inout IdentifiedArray<Item>, _ body: (inout IdentifiedArray<Item>) -> Void
  ) {
    body(&array)
  }

  @Test @MainActor func everySpellingOfAddingARepeatedIDReportsItAndLeavesTheElementOut() {
    var array = items([1, 2])
    let issues = collectingIssues {
      update(&array) { $0.append(Item(id: 1, rank: 9)) }
      appendGenerically(Item(id: 2, rank: 9), to: &array)
      insertGenerically(Item(id: 1, rank: 9), at: 0, in: &array)
      array.append(contentsOf: [Item(id: 3), Item(id: 1, rank: 9), Item(id: 3, rank: 9)])
      array += [Item(id: 2, rank: 9), Item(id: 4)]
      array.insert(contentsOf: [Item(id: 4, rank: 9)], at: 0)
      array.replaceSubrange(0..<1, with: [Item(id: 5), Item(id: 2, rank: 9)])
    }
    // Each new id was added where asked; every element whose id was present was left out, and
    // the element already there kept its place and value.
    #expect(Array(array.ids) == [5, 2, 3, 4])
    #expect(array.allSatisfy { $0.rank != 9 })
    #expect(issues.count == 7, "\(issues)")
    #expect(issues[0].contains("whose id '1' is already at position 0"), "\(issues[0])")
    #expect(issues[3].contains("'1'") && issues[3].contains("'3'"), "\(issues[3])")
    #expect(issues.allSatisfy { $0.contains("was left out") }, "\(issues)")
  }

  @Test @MainActor func aLiteralOrABuiltArrayWithARepeatedIDKeepsTheFirstAndReportsIt() {
    var literal: IdentifiedArray<Item> = []
    var built = IdentifiedArray<Item>()
    var unique = IdentifiedArray<Item>()
    var ids: OrderedIDs<Int> = []
    let issues = collectingIssues {
      literal = [Item(id: 1), Item(id: 2), Item(id: 1, rank: 9)]
      built = IdentifiedArray([Item(id: 3), Item(id: 3, rank: 9)])
      unique = IdentifiedArray(uniqueElements: [Item(id: 4), Item(id: 4, rank: 9)])
      ids = [7, 8, 7]
    }
    #expect(Array(literal.ids) == [1, 2] && literal.allSatisfy { $0.rank != 9 })
    #expect(Array(built.ids) == [3] && built[id: 3]?.rank == 0)
    #expect(Array(unique.ids) == [4] && unique[id: 4]?.rank == 0)
    #expect(Array(ids) == [7, 8])
    #expect(issues.count == 4, "\(issues)")
    #expect(issues.allSatisfy { $0.contains("was left out") }, "\(issues)")
  }

  @Test @MainActor func storingAnElementWhereAnotherHasItsIDReportsItAndChangesNothing() {
    var array = items([1, 2])
    let issues = collectingIssues {
      array[0] = Item(id: 2, rank: 9)
      array[id: 1] = Item(id: 3, rank: 9)
      _ = unsafe array.withContiguousMutableStorageIfAvailable { unsafe $0[1] = unsafe $0[0] }
    }
    #expect(Array(array.ids) == [1, 2])
    #expect(array.allSatisfy { $0.rank != 9 })
    #expect(issues.count == 3, "\(issues)")
    #expect(issues[0].contains("whose id '2' is already at position 1"), "\(issues[0])")
    #expect(issues[1].contains("[id: 1]") && issues[1].contains("'3'"), "\(issues[1])")
    #expect(issues[2].contains("'1'"), "\(issues[2])")
  }

  /// Checked in the optimized run of the suite too, where `precondition` would drop the message.
  @Test func positionOutOfBoundsStopsNamingThePositionAndTheBounds() async throws {
    let result = try await #require(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      var array = IdentifiedArray(uniqueElements: [Item(id: 1), Item(id: 2)])
      array.remove(at: 5)
    }
    let message = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(message.contains("IdentifiedArray.remove(at: 5) was given a position outside 0..<2"))
  }
}

/// A store that is observed keeps its previous state to compare with, so the array's storage is
/// shared whenever the reducer inserts or removes: that must copy a path, not every id.
@MainActor
@Suite struct IdentifiedArrayObservedStoreTests {
  struct Row: Equatable, Identifiable, Sendable {
    let id: String
  }

  enum Edit: Sendable {
    case append(String)
    case insertInTheMiddle(String)
    case remove(String)
    case sort
    case move(from: Int, to: Int)
    case row(id: String, action: Never)
  }

  private func makeStore(count: Int) -> Store<IdentifiedArray<Row>, Edit> {
    let rows = IdentifiedArray(uniqueElements: (0..<count).map { Row(id: "row-\($0)") })
    return Store(initialState: rows) {
      Reduce<IdentifiedArray<Row>, Edit> { rows, edit in
        switch edit {
        case .append(let id): rows.append(Row(id: id))
        case .insertInTheMiddle(let id): rows.insert(Row(id: id), at: rows.count / 2)
        case .remove(let id): rows.remove(id: id)
        case .sort: rows.sort { $0.id > $1.id }
        case .move(let from, let to): rows.move(fromOffsets: [from], toOffset: to)
        }
        return .none
      }
    }
  }

  /// Element stores hear only about their own element: moves and edits elsewhere are not
  /// changes of theirs.
  @Test func reorderingAndEditingOtherRowsDoesNotNotifyARowStore() throws {
    let store = makeStore(count: 1_000)
    let row = try #require(store.scope(state: \.self, id: "row-5", action: Edit.row))
    var notifications = 0
    let subscription = row.observe { _ in notifications += 1 }
    store.send(.sort)
    store.send(.move(from: 0, to: 600))
    store.send(.append("new"))
    store.send(.remove("row-6"))
    store.send(.insertInTheMiddle("middle"))
    #expect(notifications == 1)
    #expect(store.state.index(id: "row-5") != 5)
    #expect(row.state == Row(id: "row-5"))
    withExtendedLifetime(subscription) {}
  }

  @Test func editsInAnObservedStoreCopyOnlyAPathOfIDs() {
    let store = makeStore(count: 100_000)
    var notifications = 0
    let subscription = store.observe { _ in notifications += 1 }
    for edit in [Edit.append("new"), .insertInTheMiddle("middle"), .remove("row-77")] {
      let before = store.state
      store.send(edit)
      let after = store.state
      #expect(after.count != before.count)
      // Only ids in nodes that the edit copied are counted: one leaf of at most 32 ids.
      #expect(after.ids.order.unsharedIDCount(comparedTo: before.ids.order) <= 32)
    }
    #expect(notifications == 4)
    #expect(store.state.ids[49_999] == "middle" && store.state.ids.last == "new")
    #expect(!store.state.contains(id: "row-77"))
    withExtendedLifetime(subscription) {}
  }
}
