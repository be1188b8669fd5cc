import TestSupport
import Testing

@testable import Core

/// Counts the `Tracked` instances alive.
final class LiveCounter: @unchecked Sendable {
  var live = 0
}

/// A value that reports its lifetime to a counter.
final class Tracked {
  let counter: LiveCounter

  init(_ counter: LiveCounter) {
    self.counter = counter
    counter.live += 1
  }

  deinit { counter.live -= 1 }
}

@Suite struct HashTrieTests {
  /// A key whose hash is only `bucket`, to force full-hash collisions.
  struct CollidingKey: Hashable {
    let value: Int
    var bucket: Int { value % 3 }

    func hash(into hasher: inout Hasher) {
      hasher.combine(bucket)
    }
  }

  @Test func collidingKeysAreKeptApart() {
    var trie = HashTrie<CollidingKey, Int>()
    for value in 0..<30 { trie.update(value * 10, forKey: CollidingKey(value: value)) }
    #expect(trie.count == 30)
    for value in 0..<30 { #expect(trie[CollidingKey(value: value)] == value * 10) }
    #expect(trie[CollidingKey(value: 31)] == nil)
    let inserted = trie.update(0, forKey: CollidingKey(value: 4))
    #expect(!inserted)
    #expect(trie[CollidingKey(value: 4)] == 0)
    for value in 0..<29 {
      let removed = trie.remove(CollidingKey(value: value))
      #expect(removed == value * 10 || (value == 4 && removed == 0))
    }
    #expect(trie.count == 1)
    #expect(trie[CollidingKey(value: 29)] == 290)
    let removedAgain = trie.remove(CollidingKey(value: 0))
    #expect(removedAgain == nil)
  }

  @Test func layoutIsCanonicalWhateverTheHistory() {
    var forward = HashTrie<Int, String>()
    for key in 0..<3_000 { forward.update("\(key)", forKey: key) }
    var backward = HashTrie<Int, String>()
    for key in (0..<6_000).reversed() { backward.update("\(key)", forKey: key) }
    for key in 3_000..<6_000 { backward.remove(key) }
    #expect(forward == backward)
    #expect(nodeCount(forward.root) == nodeCount(backward.root))
    backward.update("changed", forKey: 17)
    #expect(forward != backward)
  }

  @Test func collisionNodesCompareAsSets() {
    var lhs = HashTrie<CollidingKey, Int>()
    var rhs = HashTrie<CollidingKey, Int>()
    for value in [0, 3, 6, 9] { lhs.update(value, forKey: CollidingKey(value: value)) }
    for value in [9, 6, 3, 0] { rhs.update(value, forKey: CollidingKey(value: value)) }
    #expect(lhs == rhs)
    rhs.update(-1, forKey: CollidingKey(value: 6))
    #expect(lhs != rhs)
    var changed: [Int] = []
    rhs.forEachDifference(from: lhs) { changed.append($0.value) }
    #expect(changed == [6])
  }

  @Test func changingOneEntryCopiesOnlyItsPath() {
    var old = HashTrie<Int, Int>()
    for key in 0..<100_000 { old.update(key, forKey: key) }
    var new = old
    new.update(-1, forKey: 54_321)
    let oldNodes = nodeIdentifiers(old.root)
    let fresh = nodeIdentifiers(new.root).subtracting(oldNodes)
    // One node per level: 100,000 keys need at most four levels of 32 slots.
    #expect(fresh.count <= 5)
    #expect(old[54_321] == 54_321)
    #expect(new[54_321] == -1)
  }

  @Test func differencesListAddedRemovedAndChangedKeysOnly() {
    var old = HashTrie<Int, Int>()
    for key in 0..<5_000 { old.update(key, forKey: key) }
    var new = old
    new.update(0, forKey: 10)
    new.remove(20)
    new.update(1, forKey: 9_999)
    new.update(30, forKey: 30)  // the same value: bit-for-bit unchanged
    var changed: Set<Int> = []
    new.forEachDifference(from: old) { changed.insert($0) }
    #expect(changed == [10, 20, 9_999])
  }

  @Test func anEmptyTrieHasNoRootUntilItsFirstUpdate() {
    var trie = HashTrie<Int, Int>()
    #expect(trie.rootBase == nil)
    #expect(trie[1] == nil && !trie.contains(1) && trie.remove(1) == nil)
    #expect(trie.rootBase == nil)  // removing from it made no root either
    #expect(trie.isIdentical(to: HashTrie()))
    trie.update(7, forKey: 1)
    #expect(trie.rootBase != nil && trie[1] == 7 && trie.count == 1)
    trie.remove(1)
    // Emptied, it keeps its root, and is equal to one that never had any.
    #expect(trie == HashTrie<Int, Int>() && HashTrie<Int, Int>() == trie)
    #expect(!trie.isIdentical(to: HashTrie()))
  }

  @Test func differencesFromAndToAnEmptyTrieListEveryKey() {
    var full = HashTrie<Int, Int>()
    for key in 0..<100 { full.update(key, forKey: key) }
    var added: Set<Int> = []
    full.forEachDifference(from: HashTrie()) { added.insert($0) }
    var removed: Set<Int> = []
    HashTrie<Int, Int>().forEachDifference(from: full) { removed.insert($0) }
    #expect(added == Set(0..<100) && removed == Set(0..<100))
  }

  @Test func differencesCoverEveryRandomChange() {
    var generator = SplitMix64(seed: 7)
    var old = HashTrie<Int, Int>()
    for key in 0..<3_000 { old.update(key, forKey: key) }
    for _ in 0..<50 {
      var new = old
      for _ in 0..<generator.int(in: 1...20) {
        let key = generator.int(in: 0..<4_000)
        if generator.chance(50) {
          new.update(generator.int(in: 0..<3), forKey: key)
        } else {
          new.remove(key)
        }
      }
      var reported: Set<Int> = []
      new.forEachDifference(from: old) { reported.insert($0) }
      let changed = Set((0..<4_000).filter { old[$0] != new[$0] })
      #expect(changed.isSubset(of: reported))
      // Conservative only where a value was rewritten or an entry moved between levels.
      #expect(reported.count <= changed.count + 20)
      old = new
    }
  }

  @Test func everyValueIsReleasedExactlyOnce() {
    let counter = LiveCounter()
    do {
      var trie = HashTrie<CollidingKey, Tracked>()
      var plain = HashTrie<Int, Tracked>()
      for value in 0..<2_000 {
        trie.update(Tracked(counter), forKey: CollidingKey(value: value % 40))
        plain.update(Tracked(counter), forKey: value)
      }
      let copy = plain
      for value in stride(from: 0, to: 2_000, by: 3) { plain.remove(value) }
      for value in stride(from: 1, to: 2_000, by: 7) {
        plain.update(Tracked(counter), forKey: value)
      }
      for value in 0..<20 { trie.remove(CollidingKey(value: value)) }
      #expect(counter.live == 40 - 20 + copy.count + plain.count - sharedCount(plain, copy))
    }
    #expect(counter.live == 0)
  }

  private func sharedCount(_ lhs: HashTrie<Int, Tracked>, _ rhs: HashTrie<Int, Tracked>) -> Int {
    (0..<2_000).filter { key in
      guard let left = lhs[key], let right = rhs[key] else { return false }
      return left === right
    }.count
  }

  private func nodeCount<Key, Value>(_ node: TrieNode<Key, Value>) -> Int {
    (0..<node.childCount).reduce(1) {
      unsafe $0 + nodeCount(TrieNode<Key, Value>.node(node.children[$1]))
    }
  }

  private func nodeIdentifiers<Key, Value>(_ node: TrieNode<Key, Value>) -> Set<ObjectIdentifier> {
    (0..<node.childCount).reduce([ObjectIdentifier(node)]) {
      unsafe $0.union(nodeIdentifiers(TrieNode<Key, Value>.node(node.children[$1])))
    }
  }
}
