import Synchronization

/// The elements of a ``StackState`` with their ids, bottom first: the bulk in an
/// ``IdentifiedArray`` (`base`), and the top (the tail, at most 32) in plain arrays, of ids and
/// of elements, held by one immutable object.
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
/// Core's generic code runs unspecialized, which shapes the tail: its ids are kept apart, so
/// that looking one up is a loop over plain integers, without a generic type to look up at run
/// time; and both arrays sit in one object, so that copying the storage (as a store does with
/// each state) is one retain until the base is first used (an ``IdentifiedArray`` created empty
/// holds no objects) and three after, and two versions compare in O(1) when the tail is
/// shared.
@usableFromInline
struct StackStorage<Element> {
  typealias Component = StackComponent<Element>

  /// The ids and elements of a tail, replaced as a whole when it changes.
  @usableFromInline
  final class Tail {
    @usableFromInline
    let ids: [StackElementID]
    @usableFromInline
    let elements: [Element]
    /// This tail's number, unique in the process (never 0, which stands for no tail).
    @usableFromInline
    let generation: UInt64
    /// How this tail was made, when it was made from another by adding, removing or writing
    /// one component.
    @usableFromInline
    let edit: TailEdit?

    @inlinable
    init(ids: [StackElementID], elements: [Element], edit: TailEdit?) {
      self.ids = ids
      self.elements = elements
      self.generation = tailGenerations.wrappingAdd(1, ordering: .relaxed).newValue
      self.edit = edit
    }
  }

  /// The most components the tail holds.
  static var tailCapacity: Int { 32 }

  /// The components below the tail, bottom first.
  @usableFromInline
  private(set) var base: IdentifiedArray<StackComponent<Element>> = IdentifiedArray()
  /// The components above the base, or `nil` for none.
  @usableFromInline
  private(set) var tail: Tail?

  @usableFromInline
  init() {}

  /// The ids of the tail, bottom first.
  @inlinable
  var tailIDs: [StackElementID] { tail?.ids ?? [] }
  /// The elements of the tail, in the order of `tailIDs`.
  @inlinable
  var tailElements: [Element] { tail?.elements ?? [] }

  /// - Complexity: O(1).
  var count: Int { baseCount + (tail?.ids.count ?? 0) }

  /// The number of components in the base: its elements' stored count, read in place. Asking
  /// the base (`base.count`) is a call into `IdentifiedArray`'s generic code, which looks up
  /// `StackComponent<Element>`'s metadata first, and a push and a pop count several times.
  private var baseCount: Int { base.elements.count }

  /// - Complexity: O(1).
  var isEmpty: Bool { tail == nil && baseCount == 0 }

  /// The ids, bottom first.
  ///
  /// - Complexity: O(n).
  var ids: [StackElementID] { Array(base.ids) + tailIDs }

  /// The ids, as a value that answers whether it holds an id and can be sent to other tasks.
  ///
  /// - Complexity: O(1).
  var idSnapshot: IDs { IDs(base: base.ids, tail: tailIDs) }

  /// A stack's ids at one moment (see ``idSnapshot``).
  @usableFromInline
  struct IDs: Equatable, Sendable {
    let base: OrderedIDs<StackElementID>
    let tail: [StackElementID]

    func contains(_ id: StackElementID) -> Bool {
      tail.contains(id) || base.contains(id)
    }
  }

  /// The element at `position`, counted from the bottom.
  ///
  /// - Complexity: O(1) in the tail; O(log₃₂ n) in the base.
  func element(at position: Int) -> Element {
    let baseCount = baseCount
    return position < baseCount ? base[position].element : tailElements[position - baseCount]
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
      requireContract(newValue.id == id, "A stack component changed its id")
      if !updateElement(id: id, { $0 = newValue.element }) { append(newValue) }
    }
  }

  /// Calls `body` with the element with `id` to change it in place.
  ///
  /// - Returns: Whether an element has `id` (when not, `body` is not called).
  /// - Complexity: O(log₃₂ n), after a scan of the tail (O(1) for an element of the tail).
  ///   Inlinable, so that an action to a screen near the top, the usual case, runs
  ///   specialized.
  @inlinable
  mutating func updateElement(id: StackElementID, _ body: (inout Element) -> Void) -> Bool {
    guard let index = tail?.ids.lastIndex(of: id) else { return updateBaseElement(id: id, body) }
    let ids = tail!.ids
    var elements = tail!.elements
    let edit = TailEdit(parent: tail!.generation, id: id)
    tail = nil  // so that the array changes in place when nothing else holds it
    body(&elements[index])
    tail = Tail(ids: ids, elements: elements, edit: edit)
    return true
  }

  /// ``updateElement(id:_:)`` for an element below the tail.
  @usableFromInline
  mutating func updateBaseElement(id: StackElementID, _ body: (inout Element) -> Void) -> Bool {
    guard var component = base[id: id] else { return false }
    body(&component.element)
    base[id: id] = component
    return true
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
    return baseCount + index
  }

  /// Pushes `component`, whose id must be absent.
  ///
  /// - Complexity: O(1), plus O(log₃₂ n) amortized over the pushes that filled the tail.
  mutating func append(_ component: Component) {
    if let tail, tail.ids.count == Self.tailCapacity {
      for index in tail.ids.indices {
        base.append(Component(id: tail.ids[index], element: tail.elements[index]))
      }
      self.tail = nil
    }
    changeTail(editing: component.id) {
      $0.append(component.id)
      $1.append(component.element)
    }
  }

  /// Pops the top element, which must exist.
  ///
  /// - Complexity: O(1) from the tail; O(log₃₂ n) from the base.
  @discardableResult
  mutating func removeLast() -> Element {
    guard tail != nil else { return base.removeLast().element }
    var element: Element?
    changeTail(editing: tail!.ids.last!) {
      $0.removeLast()
      element = $1.removeLast()
    }
    return element!
  }

  /// Removes the component with `id`, if any.
  ///
  /// - Complexity: O(log₃₂ n), after a scan of the tail (O(1) for one of the tail).
  private mutating func remove(id: StackElementID) {
    if let index = tailIDs.lastIndex(of: id) {
      changeTail(editing: id) {
        $0.remove(at: index)
        $1.remove(at: index)
      }
    } else {
      base.remove(id: id)
    }
  }

  /// Replaces the tail with its arrays as `body` changes them, which adds, removes or writes
  /// the component with `id` and no other.
  private mutating func changeTail(
    editing id: StackElementID, _ body: (inout [StackElementID], inout [Element]) -> Void
  ) {
    var ids = tailIDs
    var elements = tailElements
    let edit = TailEdit(parent: tail?.generation ?? 0, id: id)
    tail = nil  // so that the arrays change in place when nothing else holds them
    body(&ids, &elements)
    tail = ids.isEmpty ? nil : Tail(ids: ids, elements: elements, edit: edit)
  }

  /// Whether both share all their storage, so that they are equal without comparing elements.
  ///
  /// - Complexity: O(1).
  @inlinable
  func isIdentical(to other: Self) -> Bool {
    tail === other.tail && base.isIdentical(to: other.base)
  }

  /// Calls `body` with the tail position and id of each component of `old`'s tail that is gone.
  private func forEachTailIDGone(since old: Self, _ body: (Int, StackElementID) -> Void) {
    let ids = tailIDs
    let oldIDs = old.tailIDs
    guard tail !== old.tail, ids != oldIDs else { return }
    for (offset, id) in oldIDs.enumerated()
    where Self.index(of: id, in: ids, near: offset) == nil && !base.contains(id: id) {
      body(offset, id)
    }
  }

  /// The position of `id` in `ids`: `hint` when it is there, else looked for from the end.
  private static func index(
    of id: StackElementID, in ids: [StackElementID], near hint: Int
  ) -> Int? {
    hint < ids.count && ids[hint] == id ? hint : ids.lastIndex(of: id)
  }
}

extension StackStorage: ElementStorage where Element: Equatable {
  /// Calls `body` with the id of every component that may differ from `old`: added, removed or
  /// changed. A component of the tail is listed only when it is not equal to the one before;
  /// one moved from the tail into the base, only when it changed too.
  ///
  /// - Complexity: O(1) for a tail shared with `old`, otherwise at most 32 calls of `==`; plus,
  ///   unless the bases are shared, time proportional to the components of the bases that
  ///   differ times O(log₃₂ n).
  ///   Inlinable, so that the usual change, one edit of the tail, is found in specialized code.
  @inlinable
  func forEachChangedID(since old: Self, _ body: (StackElementID) -> Void) {
    // Made from `old` by one edit of the tail (a push, a pop, an action to a screen near the
    // top): that edit's component is the only one that may differ, and a written one differs
    // only if its element does.
    guard let tail, let edit = tail.edit, edit.parent == (old.tail?.generation ?? 0),
      base.isIdentical(to: old.base)
    else {
      return forEachChangedComponentID(since: old, body)
    }
    if let index = tail.ids.lastIndex(of: edit.id),
      let oldTail = old.tail, let oldIndex = oldTail.ids.lastIndex(of: edit.id),
      tail.elements[index] == oldTail.elements[oldIndex]
    {
      return
    }
    body(edit.id)
  }

  /// ``forEachChangedID(since:_:)`` when `self` was not made from `old` by one edit of the
  /// tail: compares the tails component by component, and the bases where they differ.
  @usableFromInline
  func forEachChangedComponentID(since old: Self, _ body: (StackElementID) -> Void) {
    let (ids, elements) = (tailIDs, tailElements)
    let (oldIDs, oldElements) = (old.tailIDs, old.tailElements)
    if !base.isIdentical(to: old.base) {
      base.forEachChangedID(since: old.base) { id in
        guard !ids.contains(id) else { return }  // compared below
        if let index = oldIDs.lastIndex(of: id), let new = base[id: id],
          new.element == oldElements[index]
        {
          return  // moved down from the tail unchanged
        }
        body(id)
      }
    }
    guard tail !== old.tail else { return }
    for (offset, id) in ids.enumerated() {
      if let index = Self.index(of: id, in: oldIDs, near: offset) {
        if !(elements[offset] == oldElements[index]) { body(id) }
      } else if let before = old.base[id: id], before.element == elements[offset] {
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
  /// - Complexity: O(1) when one is an unchanged copy of the other; with equally large bases,
  ///   as ``IdentifiedArray``'s `==` plus at most 32 calls of `==` for the tails; otherwise
  ///   O(n log₃₂ n).
  ///   Inlinable, so that the usual case, a change near the top, compares specialized.
  @inlinable
  static func == (lhs: Self, rhs: Self) -> Bool {
    if lhs.isIdentical(to: rhs) { return true }
    if hasEqualTailIDs(lhs.tail, rhs.tail)
      && (lhs.base.isIdentical(to: rhs.base) || lhs.base == rhs.base)
    {
      return hasEqualTailElements(lhs.tail, rhs.tail)
    }
    return hasEqualComponents(lhs, rhs)
  }

  /// Whether two tails hold equal ids (a missing tail holds none), compared in the tails: the
  /// arrays are not copied out, a retain and a release of each per comparison.
  @inlinable
  static func hasEqualTailIDs(_ lhs: Tail?, _ rhs: Tail?) -> Bool {
    switch (lhs, rhs) {
    case (nil, nil): true
    case (let lhs?, let rhs?): lhs === rhs || lhs.ids == rhs.ids
    case (let tail?, nil), (nil, let tail?): tail.ids.isEmpty
    }
  }

  /// Whether two tails hold equal elements, compared as ``hasEqualTailIDs(_:_:)`` compares
  /// ids. Its twin rather than one function taking the part as a closure (or a key path): a
  /// closure returns each array owned, retained and released again, on every action to a
  /// screen.
  @inlinable
  static func hasEqualTailElements(_ lhs: Tail?, _ rhs: Tail?) -> Bool {
    switch (lhs, rhs) {
    case (nil, nil): true
    case (let lhs?, let rhs?): lhs === rhs || lhs.elements == rhs.elements
    case (let tail?, nil), (nil, let tail?): tail.elements.isEmpty
    }
  }

  /// `==` for stacks whose tails hold different ids or whose bases differ.
  @usableFromInline
  static func hasEqualComponents(_ lhs: Self, _ rhs: Self) -> Bool {
    guard lhs.count == rhs.count, lhs.baseCount != rhs.baseCount else { return false }
    let count = lhs.count
    return lhs.ids == rhs.ids
      && (0..<count).allSatisfy { lhs.element(at: $0) == rhs.element(at: $0) }
  }
}

extension StackStorage: Hashable where Element: Hashable {
  /// Hashes the components in order, however they are split.
  @usableFromInline
  func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for component in base { hasher.combine(component) }
    let (ids, elements) = (tailIDs, tailElements)
    for index in ids.indices {
      hasher.combine(ids[index])  // as `StackComponent` hashes itself
      hasher.combine(elements[index])
    }
  }
}

extension StackStorage: Sendable where Element: Sendable {}
extension StackStorage.Tail: Sendable where Element: Sendable {}

/// The numbers of the tails made so far (see ``StackStorage/Tail/generation``).
@usableFromInline
let tailGenerations = Atomic<UInt64>(0)

/// How a tail was made from its parent tail: by adding, removing or writing the component
/// with `id`.
@usableFromInline
struct TailEdit: Sendable {
  /// The parent tail's ``StackStorage/Tail/generation``, or 0 for none (an empty tail).
  @usableFromInline
  let parent: UInt64
  @usableFromInline
  let id: StackElementID

  @inlinable
  init(parent: UInt64, id: StackElementID) {
    self.parent = parent
    self.id = id
  }
}
