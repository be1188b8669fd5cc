import TestSupport
import Testing

@testable import Core

/// The B-tree behind `IdentifiedArray`'s order: balanced, consistent, and sharing storage with
/// its copies.
@Suite struct OrderTreeTests {
  @Test func randomEditsKeepTheTreeBalancedAndConsistent() {
    var generator = SplitMix64(seed: 7)
    var ids = OrderedIDs<Int>()
    var model: [Int] = []
    var copies: [(OrderedIDs<Int>, [Int])] = []
    for step in 0..<20_000 {
      if model.isEmpty || generator.chance(model.count < 3_000 ? 60 : 40) {
        let position = generator.int(in: 0...model.count)
        ids.insert(step, at: position)
        model.insert(step, at: position)
      } else {
        let position = generator.int(in: 0..<model.count)
        #expect(ids.remove(at: position) == model.remove(at: position))
      }
      if step.isMultiple(of: 2_000) {
        copies.append((ids, model))
        checkInvariants(ids.order.root, isRoot: true)
      }
    }
    while !model.isEmpty {
      let position = generator.int(in: 0..<model.count)
      #expect(ids.remove(at: position) == model.remove(at: position))
    }
    #expect(ids.order.root.isLeaf && ids.isEmpty)
    for (copy, model) in copies {
      #expect(Array(copy) == model)
      checkInvariants(copy.order.root, isRoot: true)
    }
  }

  @Test func equalIDsCompareEqualWhateverTheShape() {
    var built = OrderedIDs<Int>()
    for id in 0..<1_000 { built.insert(id, at: built.count) }
    for id in 1_000..<1_500 { built.insert(id, at: 0) }
    for _ in 0..<500 { built.remove(at: 0) }
    var duplicate: Int?
    let direct = OrderedIDs(Array(0..<1_000), duplicate: &duplicate)
    #expect(duplicate == nil)
    #expect(built == direct)
    #expect(built.hashValue == direct.hashValue)
    var changed = built
    changed.swapAt(10, 900)
    #expect(changed != built && changed != direct)
  }

  @Test(arguments: [0, 1, 24, 25, 33, 1_000, 100_000])
  func bulkBuiltTreesAreBalanced(count: Int) {
    var duplicate: Int?
    let ids = OrderedIDs(Array(0..<count), duplicate: &duplicate)
    #expect(Array(ids) == Array(0..<count))
    checkInvariants(ids.order.root, isRoot: true)
  }

  @Test func bulkBuildingStopsAtTheFirstDuplicate() {
    var duplicate: Int?
    let ids = OrderedIDs([4, 5, 6, 5, 7], duplicate: &duplicate)
    #expect(duplicate == 5)
    #expect(Array(ids) == [4, 5, 6])
  }

  /// Counts, largest labels and fill of every node under `node`; returns its ids and labels.
  @discardableResult
  private func checkInvariants(
    _ node: OrderNode<Int>, isRoot: Bool = false
  ) -> (count: Int, labels: [UInt64]) {
    if !isRoot {
      #expect(node.entryCount >= OrderNode<Int>.minEntries)
    }
    #expect(node.entryCount <= OrderNode<Int>.maxEntries)
    if node.isLeaf {
      #expect(node.count == node.ids.count && node.labels.count == node.ids.count)
      #expect(zip(node.labels, node.labels.dropFirst()).allSatisfy { $0 < $1 })
      return (node.count, node.labels)
    }
    var labels: [UInt64] = []
    var count = 0
    for (index, child) in node.children.enumerated() {
      let (childCount, childLabels) = checkInvariants(child)
      #expect(node.counts[index] == childCount)
      #expect(node.labels[index] == childLabels.last)
      labels += childLabels
      count += childCount
    }
    #expect(node.count == count)
    #expect(zip(labels, labels.dropFirst()).allSatisfy { $0 < $1 })
    return (count, labels)
  }
}
