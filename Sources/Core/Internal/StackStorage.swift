/// The elements of a ``StackState`` with their ids, bottom first: the bulk in an
/// ``IdentifiedArray`` (`base`), and the top (the tail, at most 32) in two plain arrays, of ids
/// and of elements.
///
/// A push appends to the tail; when the tail is full, its components first move into the base,
/// all at once. A pop takes from the tail, or from the base once the tail is empty. Components
/// never move back from the base, so pushes and pops around a boundary do not move them to and
/// fro. So pushing and popping the top of a deep stack cost about what they cost on a shallow
/// one, and a change deep in the stack still copies only O(log₃₂ n) small nodes.
///
/// Two storages holding equal components in the same order are equal and hash alike, however
/// their components are split between base and tail.
///
/// Core's generic code runs unspecialized, so the tail keeps its ids apart: looking an id up
/// among them is a loop over plain integers, without a generic type to look up at run time.
struct StackStorage<Element> {
  typealias Component = StackComponent<Element>

  /// The most components the tail holds.
  static var tailCapacity: Int { 32 }

  /// The components below the tail, bottom first.
  private(set) var base = IdentifiedArray<Component>()
  /// The ids of the tail, bottom first.
  private(set) var tailIDs: [StackElementID] = []
  /// The elements of the tail, in the order of `tailIDs`.
  private(set) var tailElements: [Element] = []

  init() {}

  /// - Complexity: O(1).
  var count: Int { base.count + tailIDs.count }

  /// - Complexity: O(1).
  var isEmpty: Bool { tailIDs.isEmpty && base.isEmpty }

  /// The ids, bottom first.
  ///
  /// - Complexity: O(n).
  var ids: [StackElementID] { Array(base.ids) + tailIDs }

  /// The element at `position`, counted from the bottom.
  ///
  /// - Complexity: O(1) in the tail; O(log₃₂ n) in the base.
  func element(at position: Int) -> Element {
    position < base.count ? base[position].element : tailElements[position - base.count]
  }

  /// The component with `id`, or `nil`. Setting `nil` removes it; setting a component whose id
  /// is absent pushes it.
  ///
  /// - Complexity: O(log₃₂ n), after a scan of the tail.
  subscript(id id: StackElementID) -> Component? {
    get {
      guard let index = tailIDs.lastIndex(of: id) else { return base[id: id] }
      return Component(id: id, element: tailElements[index])
    }
    set {
      guard let newValue else { return remove(id: id) }
      precondition(newValue.id == id, "A stack component changed its id")
      if !updateElement(id: id, { $0 = newValue.element }) { append(newValue) }
    }
  }

  /// Calls `body` with the element with `id` to change it in place.
  ///
  /// - Returns: Whether an element has `id` (when not, `body` is not called).
  /// - Complexity: O(log₃₂ n), after a scan of the tail (O(1) for an element of the tail).
  mutating func updateElement(id: StackElementID, _ body: (inout Element) -> Void) -> Bool {
    if let index = tailIDs.lastIndex(of: id) {
      body(&tailElements[index])
      return true
    }
    guard var component = base[id: id] else { return false }
    body(&component.element)
    base[id: id] = component
    return true
  }

  /// Removes the component with `id`, if any.
  ///
  /// - Complexity: O(log₃₂ n), after a scan of the tail (O(1) for one of the tail).
  private mutating func remove(id: StackElementID) {
    if let index = tailIDs.lastIndex(of: id) {
      tailIDs.remove(at: index)
      tailElements.remove(at: index)
    } else {
      base.remove(id: id)
    }
  }

  /// Whether a component has `id`.
  ///
  /// - Complexity: O(log₃₂ n), after a scan of the tail.
  func contains(id: StackElementID) -> Bool {
    tailIDs.contains(id) || base.contains(id: id)
  }

  /// The position of the component with `id`.
  ///
  /// - Complexity: O(log₃₂ n), after a scan of the tail.
  func index(id: StackElementID) -> Int? {
    guard let index = tailIDs.lastIndex(of: id) else { return base.index(id: id) }
    return base.count + index
  }

  /// Pushes `component`, whose id must be absent.
  ///
  /// - Complexity: O(1), plus O(log₃₂ n) amortized over the pushes that filled the tail.
  mutating func append(_ component: Component) {
    if tailIDs.count == Self.tailCapacity {
      for index in tailIDs.indices {
        base.append(Component(id: tailIDs[index], element: tailElements[index]))
      }
      tailIDs.removeAll(keepingCapacity: true)
      tailElements.removeAll(keepingCapacity: true)
    }
    tailIDs.append(component.id)
    tailElements.append(component.element)
  }

  /// Pops the top element, which must exist.
  ///
  /// - Complexity: O(1) from the tail; O(log₃₂ n) from the base.
  @discardableResult
  mutating func removeLast() -> Element {
    guard tailIDs.popLast() != nil else { return base.removeLast().element }
    return tailElements.removeLast()
  }

  /// The ids of the components of `old` that are not here, bottom first.
  ///
  /// - Complexity: O(1) for a base shared with `old`, otherwise proportional to the components
  ///   of the bases that differ times O(log₃₂ n); plus O(32) for the tails.
  func removedIDs(since old: Self) -> [StackElementID] {
    var removed: [(position: Int, id: StackElementID)] = []
    if !base.isIdentical(to: old.base) {
      base.forEachRemovedID(since: old.base) { id in
        if !tailIDs.contains(id) { removed.append((old.base.index(id: id) ?? 0, id)) }
      }
    }
    forEachTailIDGone(since: old) { removed.append((old.base.count + $0, $1)) }
    if removed.isEmpty { return [] }
    return removed.sorted { $0.position < $1.position }.map(\.id)
  }

  /// Calls `body` with the tail position and id of each component of `old`'s tail that is gone.
  private func forEachTailIDGone(since old: Self, _ body: (Int, StackElementID) -> Void) {
    guard tailIDs != old.tailIDs else { return }
    for (offset, id) in old.tailIDs.enumerated()
    where tailIndex(of: id, near: offset) == nil && !base.contains(id: id) {
      body(offset, id)
    }
  }

  /// The position of `id` in the tail: `hint` when it is there, else looked for from the top.
  private func tailIndex(of id: StackElementID, near hint: Int) -> Int? {
    hint < tailIDs.count && tailIDs[hint] == id ? hint : tailIDs.lastIndex(of: id)
  }
}

extension StackStorage: ElementStorage where Element: Equatable {
  /// Whether both certainly hold the same components: the same base storage and equal tails.
  ///
  /// - Complexity: O(1) when one is an unchanged copy of the other; otherwise at most the
  ///   comparison of the tails.
  func isIdentical(to other: Self) -> Bool {
    base.isIdentical(to: other.base) && tailIDs == other.tailIDs
      && tailElements == other.tailElements
  }

  /// Calls `body` with the id of every component that may differ from `old`: added, removed or
  /// changed. A component of the tail is listed only when it is not equal to the one before;
  /// one moved from the tail into the base, only when it changed too.
  ///
  /// - Complexity: Proportional to the components of the bases that differ times
  ///   O(log₃₂ n), plus the comparison of the tails, which may call `==` 32 times.
  func forEachChangedID(since old: Self, _ body: (StackElementID) -> Void) {
    if !base.isIdentical(to: old.base) {
      base.forEachChangedID(since: old.base) { id in
        guard !tailIDs.contains(id) else { return }  // compared below
        if let index = old.tailIDs.lastIndex(of: id), let new = base[id: id],
          new.element == old.tailElements[index]
        {
          return
        }
        body(id)
      }
    }
    for (offset, id) in tailIDs.enumerated() {
      if let index = old.tailIndex(of: id, near: offset) {
        if !(tailElements[offset] == old.tailElements[index]) { body(id) }
      } else if let before = old.base[id: id], before.element == tailElements[offset] {
        continue
      } else {
        body(id)
      }
    }
    forEachTailIDGone(since: old) { body($1) }
  }
}

extension StackStorage: Equatable where Element: Equatable {
  /// Whether both hold equal components in the same order, however they are split.
  ///
  /// - Complexity: O(1) when one is an unchanged copy of the other or the counts differ; with
  ///   equally large bases, as ``IdentifiedArray``'s `==` plus the comparison of the tails;
  ///   otherwise O(n log₃₂ n).
  static func == (lhs: Self, rhs: Self) -> Bool {
    if lhs.tailIDs == rhs.tailIDs && (lhs.base.isIdentical(to: rhs.base) || lhs.base == rhs.base) {
      return lhs.tailElements == rhs.tailElements
    }
    guard lhs.count == rhs.count, lhs.base.count != rhs.base.count else { return false }
    let count = lhs.count
    return lhs.ids == rhs.ids
      && (0..<count).allSatisfy { lhs.element(at: $0) == rhs.element(at: $0) }
  }
}

extension StackStorage: Hashable where Element: Hashable {
  /// Hashes the components in order, however they are split.
  func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for component in base { hasher.combine(component) }
    for index in tailIDs.indices {
      hasher.combine(tailIDs[index])  // as `StackComponent` hashes itself
      hasher.combine(tailElements[index])
    }
  }
}

extension StackStorage: Sendable where Element: Sendable {}
