import Foundation
import TestSupport
import Testing

@testable import Core

/// `IdentifiedArray` against a plain `[Element]` under seeded random operations: every
/// operation must do what it does to the array, and copies taken along the way must not change.
@Suite struct IdentifiedArrayModelTests {
  struct Item: Equatable, Identifiable, Sendable {
    let id: Int
    var title = ""
  }

  @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
  func randomOperationsMatchAnArrayModel(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    var array = IdentifiedArray<Item>()
    var model: [Item] = []
    var snapshots: [(IdentifiedArray<Item>, [Item])] = []
    for step in 0..<3_000 {
      let item = Item(id: generator.int(in: 0..<300), title: "\(step)")
      let present = model.firstIndex { $0.id == item.id }
      switch generator.int(in: 0..<18) {
      case 0, 1:
        let result = array.append(item)
        #expect(result.inserted == (present == nil))
        #expect(result.index == present ?? model.count)
        if present == nil { model.append(item) }
      case 2:
        let position = generator.int(in: 0...model.count)
        let result = array.insert(item, at: position)
        #expect(result == (present == nil, present ?? position))
        if present == nil { model.insert(item, at: position) }
      case 3:
        #expect(array.remove(id: item.id) == present.map { model.remove(at: $0) })
      case 4 where !model.isEmpty:
        let position = generator.int(in: 0..<model.count)
        #expect(array.remove(at: position) == model.remove(at: position))
      case 5 where !model.isEmpty:
        switch generator.int(in: 0..<3) {
        case 0: #expect(array.removeFirst() == model.removeFirst())
        case 1: #expect(array.removeLast() == model.removeLast())
        default: #expect(array.popLast() == model.popLast())
        }
      case 6 where !model.isEmpty:
        let i = generator.int(in: 0..<model.count)
        let j = generator.int(in: 0..<model.count)
        array.swapAt(i, j)
        model.swapAt(i, j)
      case 7 where !model.isEmpty:
        let position = generator.int(in: 0..<model.count)
        if present == nil || present == position {
          // A new id replaces the element there; the same id changes it.
          array[position] = item
          model[position] = item
        } else {
          array[position].title = item.title
          model[position].title = item.title
        }
      case 8:
        array[id: item.id] = item
        if let present { model[present] = item } else { model.append(item) }
      case 9:
        // Sorting by a key with ties (the sort is not stable), then by id.
        let key = { (item: Item) in (item.title.count, item.id) }
        array.sort { key($0) < key($1) }
        model.sort { key($0) < key($1) }
      case 10 where !model.isEmpty:
        let source = randomOffsets(count: model.count, using: &generator)
        let destination = generator.int(in: 0...model.count)
        array.move(fromOffsets: source, toOffset: destination)
        let moved = source.map { model[$0] }
        let kept = model.indices.filter { !source.contains($0) }.map { model[$0] }
        let target = destination - source.count(in: 0..<destination)
        model = Array(kept[..<target]) + moved + kept[target...]
      case 11 where !model.isEmpty:
        let offsets = randomOffsets(count: model.count, using: &generator)
        array.remove(atOffsets: offsets)
        model = model.indices.filter { !offsets.contains($0) }.map { model[$0] }
      case 12:
        let lower = generator.int(in: 0...model.count)
        let upper = generator.int(in: lower...min(model.count, lower + 4))
        let used = Set(model.map(\.id))
        let fresh = (1_000 + step * 3..<1_000 + step * 3 + generator.int(in: 0...3))
          .filter { !used.contains($0) }.map { Item(id: $0, title: "new") }
        array.replaceSubrange(lower..<upper, with: fresh)
        model.replaceSubrange(lower..<upper, with: fresh)
      case 13:
        var copy = generator
        array.shuffle(using: &generator)
        model.shuffle(using: &copy)
      case 14:
        array.reverse()
        model.reverse()
      case 15:
        let isSecond = { (item: Item) in item.id.isMultiple(of: 3) }
        let pivot = array.partition(by: isSecond)
        model = model.filter { !isSecond($0) } + model.filter(isSecond)
        #expect(pivot == model.firstIndex(where: isSecond) ?? model.count)
      case 16:
        let modulus = generator.int(in: 5...20)
        array.removeAll { $0.id.isMultiple(of: modulus) }
        model.removeAll { $0.id.isMultiple(of: modulus) }
      default:
        snapshots.append((array, model))
      }
      if step.isMultiple(of: 50) { expectSame(array, model) }
    }
    expectSame(array, model)
    for (snapshot, model) in snapshots { expectSame(snapshot, model) }
  }

  /// Insertions that keep landing between the same neighbours exhaust the labels between
  /// them and make the array relabel its neighbourhood, again and again.
  @Test func repeatedInsertionsAtOnePlaceStayInOrder() {
    var array = IdentifiedArray(uniqueElements: (0..<1_000).map { Item(id: $0) })
    var model = Array(array)
    let copy = array
    for id in 1_000..<4_000 {
      let position = id.isMultiple(of: 2) ? 500 : 1
      array.insert(Item(id: id), at: position)
      model.insert(Item(id: id), at: position)
    }
    for id in 4_000..<4_500 {
      array.insert(Item(id: id), at: 0)
      model.insert(Item(id: id), at: 0)
      array.insert(Item(id: -id), at: array.count - 1)
      model.insert(Item(id: -id), at: model.count - 1)
    }
    expectSame(array, model)
    expectSame(copy, (0..<1_000).map { Item(id: $0) })
  }

  @Test func emptiedAndRefilledArraysStayConsistent() {
    var array = IdentifiedArray(uniqueElements: (0..<5_000).map { Item(id: $0) })
    var model = Array(array)
    var generator = SplitMix64(seed: 9)
    while !model.isEmpty {
      let position = generator.int(in: 0..<model.count)
      #expect(array.remove(at: position) == model.remove(at: position))
    }
    expectSame(array, model)
    array.append(contentsOf: (0..<100).map { Item(id: $0) })
    model.append(contentsOf: (0..<100).map { Item(id: $0) })
    expectSame(array, model)
  }

  private func randomOffsets(count: Int, using generator: inout SplitMix64) -> IndexSet {
    var offsets = IndexSet()
    for _ in 0..<generator.int(in: 1...4) {
      offsets.insert(generator.int(in: 0..<count))
    }
    return offsets
  }

  /// Checks every way of reading `array` against `model`, and the labels behind the ids.
  private func expectSame(
    _ array: IdentifiedArray<Item>, _ model: [Item],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    #expect(Array(array) == model, sourceLocation: sourceLocation)
    #expect(array.count == model.count, sourceLocation: sourceLocation)
    #expect(Array(array.ids) == model.map(\.id), sourceLocation: sourceLocation)
    #expect(array.elements.count == model.count, sourceLocation: sourceLocation)
    var previous: UInt64?
    for (position, item) in model.enumerated() {
      guard
        array[position] == item, array.ids[position] == item.id,
        array.index(id: item.id) == position, array[id: item.id] == item
      else {
        Issue.record(
          "position \(position) does not read as \(item)", sourceLocation: sourceLocation)
        return
      }
      let label = array.ids.order.label(at: position)
      #expect(array.ids.labels[item.id] == label, sourceLocation: sourceLocation)
      if let previous, previous >= label {
        Issue.record("labels do not increase at \(position)", sourceLocation: sourceLocation)
      }
      previous = label
    }
  }
}
