/// The screens of a navigation stack, in order, each with an id the framework generates.
///
/// A parent holds it next to a ``StackAction`` case and integrates the screens with
/// ``Reducer/forEach(_:action:destination:fileID:filePath:line:column:)``:
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
/// Elements live in an ``IdentifiedArray``: pushing and popping the top are O(log₃₂ n), changing
/// one screen copies only O(log₃₂ n) small nodes, and comparing two versions costs what differs
/// between them. So an action for the top screen of a stack 1,000 deep costs about what it costs
/// on a stack one deep.
public struct StackState<Element> {
  /// The elements, each with its id.
  var components: IdentifiedArray<StackComponent<Element>>

  /// Creates an empty stack.
  public init() {
    components = []
  }

  /// Creates a stack of `elements`, bottom first, each given a new id.
  public init(_ elements: some Sequence<Element>) {
    self.init()
    for element in elements { append(element) }
  }

  /// The ids of the elements, bottom first.
  ///
  /// - Complexity: O(n).
  public var ids: [StackElementID] { Array(components.ids) }

  /// The element with `id`, or `nil`. Setting `nil` pops that element alone (the elements above
  /// it stay); setting an element for an absent id pushes it with that id.
  ///
  /// - Complexity: O(log₃₂ n) to read or replace; O(n) to remove.
  public subscript(id id: StackElementID) -> Element? {
    get { components[id: id]?.element }
    set {
      guard let newValue else {
        components.remove(id: id)
        return
      }
      if components.contains(id: id) {
        components[id: id]!.element = newValue
      } else {
        DependencyValues.current.stackElementIDs.reserve(id)
        components.append(StackComponent(id: id, element: newValue))
      }
    }
  }

  /// Pushes `element` with the next id of the store's counter.
  ///
  /// ```swift
  /// state.path.append(.detail(OrderDetail.State(orderID: id)))
  /// ```
  ///
  /// - Complexity: Amortized O(log₃₂ n).
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
  /// - Complexity: O(log₃₂ n).
  @discardableResult
  public mutating func popLast() -> Element? {
    guard !components.ids.isEmpty else { return nil }
    return components.remove(at: components.ids.count - 1).element
  }

  /// Pops the element with `id` and every element above it.
  ///
  /// - Returns: Whether an element has `id` (when not, nothing is popped).
  /// - Complexity: O(n) to find `id`, plus O(log₃₂ n) per popped element.
  @discardableResult
  public mutating func pop(from id: StackElementID) -> Bool {
    guard let index = components.index(id: id) else { return false }
    removeElements(from: index)
    return true
  }

  /// Pops every element above the element with `id`, which becomes the top.
  ///
  /// - Returns: Whether an element has `id` (when not, nothing is popped).
  /// - Complexity: O(n) to find `id`, plus O(log₃₂ n) per popped element.
  @discardableResult
  public mutating func pop(to id: StackElementID) -> Bool {
    guard let index = components.index(id: id) else { return false }
    removeElements(from: index + 1)
    return true
  }

  /// Pops every element.
  public mutating func removeAll() {
    components = []
  }

  private mutating func removeElements(from index: Int) {
    while components.ids.count > index { components.remove(at: components.ids.count - 1) }
  }

  /// The ids of the elements of `before` that are not in `after`.
  ///
  /// - Complexity: O(1) when nothing changed; otherwise proportional to the elements that
  ///   differ, times O(log n). The ids come bottom first.
  static func removedIDs(
    from before: IdentifiedArray<StackComponent<Element>>,
    to after: IdentifiedArray<StackComponent<Element>>
  ) -> [StackElementID] {
    if after.isIdentical(to: before) { return [] }
    var removed: [(index: Int, id: StackElementID)] = []
    after.forEachRemovedID(since: before) { removed.append((before.index(id: $0) ?? 0, $0)) }
    return removed.sorted { $0.index < $1.index }.map(\.id)  // bottom first, as they were
  }
}

/// An element of a ``StackState`` with its id.
struct StackComponent<Element>: Identifiable {
  let id: StackElementID
  var element: Element
}

extension StackComponent: Equatable where Element: Equatable {}
extension StackComponent: Hashable where Element: Hashable {}
extension StackComponent: Sendable where Element: Sendable {}

extension StackState: RandomAccessCollection {
  public var startIndex: Int { 0 }
  public var endIndex: Int { components.ids.count }

  /// The number of elements.
  ///
  /// - Complexity: O(1).
  public var count: Int { components.ids.count }

  /// Whether the stack has no elements.
  ///
  /// - Complexity: O(1).
  public var isEmpty: Bool { components.ids.isEmpty }

  /// The element at `position`, counted from the bottom of the stack.
  ///
  /// - Complexity: O(log₃₂ n).
  public subscript(position: Int) -> Element {
    components[position].element
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
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.components == rhs.components
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
  }
}

extension StackState: Decodable where Element: Decodable {
  /// Decodes the elements and gives each a new id from the counter in force, so restored
  /// screens never share an id with screens pushed later.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    self.init(try container.decode([Element].self))
  }
}

extension StackState: CustomReflectable {
  /// Reflects as its elements labelled by id (`#0`, `#1`, ...), so test diffs name the
  /// screen that differs.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: components.map { (label: "\($0.id)", value: $0.element as Any) },
      displayStyle: .dictionary)
  }
}

extension StackState: CustomStringConvertible {
  public var description: String {
    "[" + components.map { "\($0.id): \($0.element)" }.joined(separator: ", ") + "]"
  }
}
