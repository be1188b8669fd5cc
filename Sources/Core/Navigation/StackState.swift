/// The screens of a navigation stack, in order, each with an id the framework generates.
///
/// A parent holds it next to a ``StackAction`` case and integrates the screens with
/// ``Reducer/forEach(_:action:destination:fileID:filePath:line:column:)-(_,(StackAction<DestinationState,DestinationAction>)->Action,_,_,_,_,_)``:
///
/// ```swift
/// struct State: Equatable {
///   var path = StackState<Path.State>()
/// }
/// enum Action {
///   case path(StackAction<Path.State, Path.Action>)
///   case orderTapped(Order.ID)
/// }
/// ...
/// case let .orderTapped(id):
///   state.path.append(.detail(OrderDetail.State(orderID: id)))
/// ```
///
/// Pushing (``append(_:)``) gives the new element the next ``StackElementID`` of the store's
/// counter; ids are never reused while the store lives, so an action or effect meant for a
/// popped screen can never reach another one. The element type is usually an enum of the
/// features the stack can show.
///
/// It is a random-access collection of its elements, bottom of the stack first, and reads or
/// writes an element by id with ``subscript(id:)``.
///
/// ## Performance
/// The top elements (up to 32) live in a small array, and those below them in an
/// ``IdentifiedArray``, which they join 32 at a time as the stack grows. So pushing and popping
/// the top cost about the same at any depth, changing one screen copies at most the top
/// elements plus O(log₃₂ n) small nodes, and comparing two versions costs what differs between
/// them. So an action for the top screen of a stack 1,000 deep costs about what it costs on a
/// stack one deep.
public struct StackState<Element> {
  /// The elements, each with its id.
  @usableFromInline
  var components: StackStorage<Element>

  /// Creates an empty stack.
  public init() {
    components = StackStorage()
  }

  /// Creates a stack of `elements`, bottom first, each given a new id.
  public init(_ elements: some Sequence<Element>) {
    self.init()
    for element in elements { append(element) }
  }

  /// The ids of the elements, bottom first.
  ///
  /// - Complexity: O(n).
  public var ids: [StackElementID] { components.ids }

  /// The element with `id`, or `nil`. Setting `nil` pops that element alone (the elements above
  /// it stay); setting an element for an absent id pushes it with that id.
  ///
  /// - Complexity: O(log₃₂ n) to read, replace or remove, after a scan of the top 32 elements
  ///   (O(1) for those); amortized O(log₃₂ n) to push.
  public subscript(id id: StackElementID) -> Element? {
    get { components[id: id]?.element }
    set {
      if newValue != nil && !components.contains(id: id) {
        DependencyValues.current.stackElementIDs.reserve(id)
      }
      components[id: id] = newValue.map { StackComponent(id: id, element: $0) }
    }
  }

  /// Pushes `element` with the next id of the store's counter.
  ///
  /// ```swift
  /// state.path.append(.detail(OrderDetail.State(orderID: id)))
  /// ```
  ///
  /// - Complexity: O(log₃₂ n) to check that the id is unused, plus a copy of at most the top 32
  ///   elements. When 32 are on top, they first move below the others, O(log₃₂ n) each: once
  ///   per 32 pushes as the stack grows, never when pushes follow pops.
  public mutating func append(_ element: Element) {
    let ids = DependencyValues.current.stackElementIDs
    var id = ids.makeID()
    // Only a stack built under another counter (before a test store existed, say) can hold
    // ids this counter has not given yet.
    while components.contains(id: id) { id = ids.makeID() }
    components.append(StackComponent(id: id, element: element))
  }

  /// Pops the top element and returns it, or returns `nil` when the stack is empty.
  ///
  /// - Complexity: O(1) for one of the top elements, which are the last pushed (up to 32);
  ///   O(log₃₂ n) below them.
  @discardableResult
  public mutating func popLast() -> Element? {
    guard !components.isEmpty else { return nil }
    return components.removeLast()
  }

  /// Pops the element with `id` and every element above it.
  ///
  /// - Returns: Whether an element has `id` (when not, nothing is popped).
  /// - Complexity: O(log₃₂ n) to find `id`, plus O(log₃₂ n) per popped element (O(1) for one
  ///   of the top 32).
  @discardableResult
  public mutating func pop(from id: StackElementID) -> Bool {
    guard let index = components.index(id: id) else { return false }
    removeElements(from: index)
    return true
  }

  /// Pops every element above the element with `id`, which becomes the top.
  ///
  /// - Returns: Whether an element has `id` (when not, nothing is popped).
  /// - Complexity: O(log₃₂ n) to find `id`, plus O(log₃₂ n) per popped element (O(1) for one
  ///   of the top 32).
  @discardableResult
  public mutating func pop(to id: StackElementID) -> Bool {
    guard let index = components.index(id: id) else { return false }
    removeElements(from: index + 1)
    return true
  }

  /// Pops every element.
  ///
  /// - Complexity: O(1), plus O(n) to free the storage when no copy shares it.
  public mutating func removeAll() {
    components = StackStorage()
  }

  private mutating func removeElements(from index: Int) {
    while components.count > index { components.removeLast() }
  }
}

/// An element of a ``StackState`` with its id.
@usableFromInline
struct StackComponent<Element>: Identifiable {
  @usableFromInline
  let id: StackElementID
  @usableFromInline
  var element: Element
}

extension StackComponent: Equatable where Element: Equatable {}
extension StackComponent: Hashable where Element: Hashable {}
extension StackComponent: Sendable where Element: Sendable {}

extension StackState: RandomAccessCollection {
  public var startIndex: Int { 0 }
  public var endIndex: Int { components.count }

  /// The number of elements.
  ///
  /// - Complexity: O(1).
  public var count: Int { components.count }

  /// Whether the stack has no elements.
  ///
  /// - Complexity: O(1).
  public var isEmpty: Bool { components.isEmpty }

  /// The element at `position`, counted from the bottom of the stack.
  ///
  /// - Complexity: O(1) for the top 32 elements; O(log₃₂ n) below them.
  public subscript(position: Int) -> Element {
    components.element(at: position)
  }
}

extension StackState: ExpressibleByArrayLiteral {
  /// A stack of the listed elements, bottom first, each given a new id.
  public init(arrayLiteral elements: Element...) {
    self.init(elements)
  }
}

extension StackState: Equatable where Element: Equatable {
  /// Whether both hold equal elements with the same ids, in the same order.
  ///
  /// - Complexity: O(1) when one is an unchanged copy of the other; usually proportional to
  ///   the elements that differ, plus a comparison of the top 32; at most O(n log₃₂ n).
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.components.isIdentical(to: rhs.components) || lhs.components == rhs.components
  }
}

extension StackState: Hashable where Element: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(components)
  }
}

extension StackState: Sendable where Element: Sendable {}

extension StackState: Encodable where Element: Encodable {
  /// Encodes the elements alone, bottom first: ids belong to the store that generated them.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(Array(self))
    (encoder.userInfo[RecordedStackIDs.key] as? RecordedStackIDs)?.note(ids)
  }
}

extension StackState: Decodable where Element: Decodable {
  /// Decodes the elements and gives each a new id from the counter in force, so restored
  /// screens never share an id with screens pushed later. (A recording's initial state is the
  /// exception: its header holds the ids its screens had, and they get those back.)
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let elements = try container.decode([Element].self)
    guard let recorded = decoder.userInfo[RecordedStackIDs.key] as? RecordedStackIDs else {
      self.init(elements)
      return
    }
    // A recording's initial state: the elements get back the ids they had in the session.
    self.init()
    for (id, element) in zip(
      try recorded.take(elements.count, codingPath: decoder.codingPath), elements)
    {
      components.append(StackComponent(id: id, element: element))
    }
  }
}

extension StackState: CustomReflectable {
  /// Reflects as its elements labelled by id (`#0`, `#1`, ...), so test diffs name the
  /// screen that differs.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: zip(ids, self).map { (label: "\($0)", value: $1) as Mirror.Child },
      displayStyle: .dictionary)
  }
}

extension StackState: CustomStringConvertible {
  public var description: String {
    "[" + zip(ids, self).map { "\($0): \($1)" }.joined(separator: ", ") + "]"
  }
}
