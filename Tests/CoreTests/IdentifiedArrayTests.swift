import TestSupport
import Foundation
import Testing

@testable import Core

@Suite struct IdentifiedArrayTests {
  struct Item: Equatable, Hashable, Identifiable, Codable, Sendable {
    let id: Int
    var title = ""
  }

  @Test func anEmptyArrayHasNoStorageAndBehavesAsEmpty() {
    var array = IdentifiedArray<Item>()
    // Nothing allocated: two empty arrays share their (absent) storage.
    #expect(array.ids.storage == nil && array.elements.rootBase == nil)
    #expect(array.ids.isIdentical(to: IdentifiedArray<Item>().ids))
    #expect(array.isEmpty && array.count == 0 && array.ids.isEmpty && Array(array.ids).isEmpty)
    #expect(array[id: 1] == nil && array.index(id: 1) == nil && !array.ids.contains(1))
    #expect(array.remove(id: 1) == nil)
    #expect(array.ids.storage == nil)
    #expect(Array(array).isEmpty)
    #expect(IdentifiedArray<Item>(uniqueElements: []).ids.storage == nil)

    array.append(Item(id: 1))
    #expect(array.ids == [1] && array[id: 1] == Item(id: 1))
    array.remove(id: 1)
    // Emptied, it keeps its storage, and equals and hashes as an array that never had any.
    #expect(array.ids.storage != nil)
    #expect(array == IdentifiedArray() && IdentifiedArray() == array)
    #expect(array.ids == OrderedIDs() && OrderedIDs() == array.ids)
    #expect(array.hashValue == IdentifiedArray<Item>().hashValue)
    array.insert(Item(id: 2), at: 0)
    #expect(array.ids == [2])
  }

  @Test(arguments: [false, true])
  func everyEditOfAnEmptyArrayLeavesItEmpty(emptied: Bool) throws {
    // Created empty (no storage), or emptied (storage, no elements): both behave alike.
    func empty() -> IdentifiedArray<Item> {
      var array = IdentifiedArray<Item>()
      if emptied {
        array.append(Item(id: 9))
        array.remove(id: 9)
      }
      return array
    }
    let edits: [(inout IdentifiedArray<Item>) -> Void] = [
      { $0.replaceSubrange(0..<0, with: []) },
      { $0.append(contentsOf: []) },
      { $0.insert(contentsOf: [], at: 0) },
      { $0.removeSubrange(0..<0) },
      { $0.removeFirst(0) },
      { $0.removeLast(0) },
      { #expect($0.popLast() == nil) },
      { $0.removeAll() },
      { $0.removeAll(where: { _ in true }) },
      { $0.move(fromOffsets: [], toOffset: 0) },
      { $0.remove(atOffsets: []) },
      { $0.sort { $0.id < $1.id } },
      { $0.reverse() },
      { $0.shuffle() },
      { #expect($0.partition { _ in true } == 0) },
      { $0[id: 1] = nil },
      { #expect($0.remove(id: 1) == nil) },
      { _ = unsafe $0.withContiguousMutableStorageIfAvailable { $0.count } },
    ]
    for edit in edits {
      var array = empty()
      edit(&array)
      #expect(array == IdentifiedArray() && array.isEmpty && array.ids.isEmpty)
      #expect(array.description == "[]")
    }
    let data = try JSONEncoder().encode(empty())
    #expect(try JSONDecoder().decode(IdentifiedArray<Item>.self, from: data) == empty())
    var array = empty()
    array[id: 2] = Item(id: 2)
    array.insert(Item(id: 1), at: 0)
    #expect(array.ids == [1, 2] && array.map(\.id) == [1, 2])
  }

  @Test func appendInsertAndReadByIDAndPosition() {
    var array: IdentifiedArray<Item> = [Item(id: 1), Item(id: 2)]
    let appended = array.append(Item(id: 3, title: "c"))
    let appendedDuplicate = array.append(Item(id: 2, title: "duplicate"))
    let inserted = array.insert(Item(id: 0), at: 0)
    let insertedDuplicate = array.insert(Item(id: 3), at: 1)
    #expect(appended == (true, 2))
    #expect(inserted == (true, 0))
    // A duplicate is reported with the position of the element kept in place, unchanged.
    #expect(appendedDuplicate == (false, 1))
    #expect(insertedDuplicate == (false, 3))
    #expect(array.ids == [0, 1, 2, 3])
    #expect(array[id: 2] == Item(id: 2))
    #expect(array[3].title == "c")
    #expect(array[id: 9] == nil)
    #expect(array.count == 4)
    #expect(array.index(id: 3) == 3)
    #expect(array.index(id: 9) == nil)
    #expect(array.contains(id: 1))
    #expect(!array.contains(id: 9))
  }

  @Test func subscriptByIDReplacesAppendsAndRemoves() {
    var array: IdentifiedArray<Item> = [Item(id: 1), Item(id: 2)]
    array[id: 1]?.title = "one"
    array[id: 5] = Item(id: 5)
    array[id: 2] = nil
    #expect(array.ids == [1, 5])
    #expect(Array(array) == [Item(id: 1, title: "one"), Item(id: 5)])
  }

  @Test func removals() {
    var array = IdentifiedArray(uniqueElements: (0..<10).map { Item(id: $0) })
    let removed = array.remove(id: 3)
    let removedAgain = array.remove(id: 3)
    let removedFirst = array.remove(at: 0)
    #expect(removed == Item(id: 3))
    #expect(removedAgain == nil)
    #expect(removedFirst == Item(id: 0))
    array.removeAll { $0.id.isMultiple(of: 2) }
    #expect(array.ids == [1, 5, 7, 9])
    #expect(array.map(\.id) == [1, 5, 7, 9])
    #expect(!array.contains(id: 4))
  }

  @Test func positionalWritesAndSwaps() {
    var array: IdentifiedArray<Item> = [Item(id: 1), Item(id: 2), Item(id: 3)]
    array[1].title = "two"
    array.swapAt(0, 2)
    #expect(array.ids == [3, 2, 1])
    #expect(array[id: 2]?.title == "two")
    array.reverse()
    #expect(array.ids == [1, 2, 3])
  }

  @Test func copiesAreIndependent() {
    let original = IdentifiedArray(uniqueElements: (0..<2_000).map { Item(id: $0) })
    var copy = original
    copy[id: 1_234]?.title = "changed"
    copy.remove(id: 7)
    copy.append(Item(id: 5_000))
    #expect(original[id: 1_234]?.title == "")
    #expect(original.contains(id: 7))
    #expect(!original.contains(id: 5_000))
    #expect(original.count == 2_000)
    #expect(copy[id: 1_234]?.title == "changed")
    #expect(copy.count == 2_000)
  }

  @Test func equalityIgnoresHistoryButNotOrder() {
    var built = IdentifiedArray(uniqueElements: (0..<500).map { Item(id: $0) })
    for id in stride(from: 0, to: 500, by: 3) { built.remove(id: id) }
    let direct = IdentifiedArray(
      uniqueElements: (0..<500).filter { !$0.isMultiple(of: 3) }.map { Item(id: $0) })
    #expect(built == direct)
    #expect(built.hashValue == direct.hashValue)
    var changed = direct
    changed[id: 1]?.title = "x"
    #expect(changed != direct)
    var reordered = direct
    reordered.swapAt(0, 1)
    #expect(reordered != direct)
  }

  @Test func unchangedCopiesAreIdentical() {
    let array = IdentifiedArray(uniqueElements: (0..<100).map { Item(id: $0) })
    var copy = array
    #expect(copy.isIdentical(to: array))
    copy[id: 5]?.title = "x"
    #expect(!copy.isIdentical(to: array))
    #expect(copy.ids.isIdentical(to: array.ids))
  }

  @Test func changedIDsListsExactlyTheChangedElements() {
    let old = IdentifiedArray(uniqueElements: (0..<10_000).map { Item(id: $0) })
    var new = old
    new[id: 42]?.title = "changed"
    new.remove(id: 7)
    new.append(Item(id: 20_000))
    new.swapAt(0, 1)
    var changed: Set<Int> = []
    new.forEachChangedID(since: old) { changed.insert($0) }
    #expect(changed == [42, 7, 20_000])
    var none: [Int] = []
    old.forEachChangedID(since: old) { none.append($0) }
    #expect(none.isEmpty)
  }

  @Test func codableRoundTripsAndRejectsDuplicateIDs() throws {
    let array: IdentifiedArray<Item> = [Item(id: 2, title: "b"), Item(id: 1, title: "a")]
    let data = try JSONEncoder().encode(array)
    #expect(try JSONDecoder().decode(IdentifiedArray<Item>.self, from: data) == array)
    let duplicate = Data(#"[{"id": 1, "title": ""}, {"id": 1, "title": ""}]"#.utf8)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(IdentifiedArray<Item>.self, from: duplicate)
    }
  }

  @Test func descriptionListsTheElements() {
    let array: IdentifiedArray<Item> = [Item(id: 1)]
    #expect(array.description == [Item(id: 1)].description)
  }

  @Test func randomOperationsMatchAReferenceModel() {
    var generator = SplitMix64(seed: 42)
    var array = IdentifiedArray<Item>()
    var ids: [Int] = []
    var titles: [Int: String] = [:]
    var snapshots: [(IdentifiedArray<Item>, [Int], [Int: String])] = []
    for step in 0..<4_000 {
      let id = generator.int(in: 0..<600)
      switch generator.int(in: 0..<5) {
      case 0, 1:
        let inserted = array.insert(
          Item(id: id, title: "\(step)"), at: generator.int(in: 0...ids.count)
        ).inserted
        #expect(inserted == (titles[id] == nil))
        if inserted {
          ids.insert(id, at: array.index(id: id)!)
          titles[id] = "\(step)"
        }
      case 2:
        let removed = array.remove(id: id)
        #expect((removed != nil) == (titles.removeValue(forKey: id) != nil))
        ids.removeAll { $0 == id }
      case 3:
        if titles[id] != nil {
          array[id: id]?.title = "edited \(step)"
          titles[id] = "edited \(step)"
        }
      default:
        snapshots.append((array, ids, titles))
      }
    }
    #expect(Array(array.ids) == ids)
    #expect(array.map(\.title) == ids.map { titles[$0]! })
    for (snapshot, ids, titles) in snapshots {
      #expect(Array(snapshot.ids) == ids)
      #expect(snapshot.map(\.title) == ids.map { titles[$0]! })
    }
  }
}
