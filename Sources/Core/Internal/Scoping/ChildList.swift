/// The children a store visits after each change: its attached scoped stores and
/// element-scope groups, by depth, then in the order they were attached.
///
/// Attaching and detaching are O(1): each child remembers its slot, detaching
/// leaves a vacant slot, and the list is compacted (order kept) once half of it is vacant. A
/// parent with 10,000 key-path children so attaches and detaches them all in O(n), not
/// O(n²). A child is held strongly only while something else keeps it alive anyway (see
/// ``ChildSlot``), weakly otherwise: a released child's slot reads as vacant.
///
/// Its methods never call out to a child (a child's slot is set by the store, after the list
/// changed): so no access to a store's list can overlap another, which lets the compiler prove
/// the store's accesses to its list exclusive and leave out the run-time check.
@MainActor
struct ChildList {
  /// The slots; a slot's `store` is `nil` once its child was detached or released.
  private(set) var entries: [ChildSlot] = []
  /// Children attached and not detached (a released child counts until a compaction
  /// finds it gone).
  private(set) var count = 0
  private var vacant = 0

  /// Adds `entry` after every entry at its depth or above, so that a visit in slot order
  /// reaches a store before any store scoped from it; returns its slot. The entries after it
  /// moved up one slot.
  ///
  /// O(1) when no attached child is deeper, which is the usual case: a store is attached
  /// before the stores scoped from it. Otherwise O(n).
  mutating func insert(_ entry: ChildSlot) -> Int {
    var index = entries.count
    while index > 0 && entries[index - 1].depth > entry.depth { index -= 1 }
    entries.insert(entry, at: index)
    count += 1
    return index
  }

  /// The entry in `slot` when it holds `child`.
  func entry(_ slot: Int, holding child: any ScopedChild) -> ChildSlot? {
    guard slot >= 0, slot < entries.count, entries[slot].store === child else { return nil }
    return entries[slot]
  }

  /// Empties `slot` when it holds `child`; returns whether the list was compacted (the
  /// entries then moved to other slots).
  mutating func clear(_ slot: Int, holding child: any ScopedChild) -> Bool {
    guard let entry = entry(slot, holding: child) else { return false }
    entry.clear()
    count -= 1
    vacant += 1
    return compactIfMostlyVacant(vacant)
  }

  /// Compacts when most of the slots are vacant (`vacantSlots` of them, as a visit found);
  /// returns whether it did.
  mutating func compactIfMostlyVacant(_ vacantSlots: Int) -> Bool {
    guard vacantSlots > 16 && vacantSlots * 2 > entries.count else { return false }
    compact()
    return true
  }

  /// Drops vacant slots, keeping the order, and recounts (released children leave `count`).
  mutating func compact() {
    entries.removeAll { $0.store == nil }
    count = entries.count
    vacant = 0
  }
}

/// One slot of a ``ChildList``, or one member of an element-scope group: a child and its
/// depth.
///
/// The child is held strongly while ``ScopedChild/isKeptAliveElsewhere`` (a store with
/// observers, whose subscriptions hold it; an element-scope group, which its store holds), so
/// holding it here too changes no lifetime; otherwise weakly, so that a child its user released
/// stops being visited. A visit then reads an observed child without a weak load, and a child
/// never held weakly has no side table, so its retains and releases take the runtime's fast
/// path, once per observed child per change.
///
/// A class, so that visiting a slot reads its child in place: copying a struct with a `weak`
/// field out of the array costs a weak-reference copy and destruction per child per change.
@MainActor
final class ChildSlot {
  /// The child while it is kept alive elsewhere.
  private var retained: (any ScopedChild)?
  /// The child otherwise.
  private weak var unretained: (any ScopedChild)?
  /// The child's depth, kept for a slot whose child is gone.
  let depth: Int

  init(store: any ScopedChild, depth: Int) {
    self.depth = depth
    hold(store)
  }

  /// The child, or `nil` once it was detached or released.
  var store: (any ScopedChild)? { retained ?? unretained }

  /// Holds `child` strongly if it is kept alive elsewhere, weakly otherwise.
  func hold(_ child: any ScopedChild) {
    if child.isKeptAliveElsewhere {
      retained = child
    } else {
      unretained = child
      retained = nil
    }
  }

  /// Empties the slot.
  func clear() {
    retained = nil
    unretained = nil
  }
}
