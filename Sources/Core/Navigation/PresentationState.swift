/// The optional state of a presented child feature (a sheet, an alert, a pushed detail), held
/// on the heap.
///
/// Use it as a property wrapper in the parent's state, next to a
/// `PresentationAction` case in its action, and integrate the child with
/// ``Reducer/ifLet(_:action:destination:fileID:filePath:line:column:)-(_,(PresentationAction<DestinationAction>)->Action,_,_,_,_,_)``:
///
/// ```swift
/// struct State: Equatable {
///   @PresentationState var destination: Destination.State?
/// }
/// ...
/// Reduce { state, action in
///   ...
/// }
/// .ifLet(\.$destination, action: Action.destination) { Destination() }
/// ```
///
/// `destination` reads and writes the child state (`nil` while nothing is presented);
/// `$destination` is the `PresentationState` itself, which the reducer operator and
/// `Store.scope(state:action:)` take.
///
/// Give the property an initial `nil` (`@PresentationState var editor: Editor.State? = nil`)
/// for the memberwise initializer to take the child state, `State(editor: Editor.State())`;
/// without one, it takes the `PresentationState` itself, and `State()` still presents nothing.
///
/// The child state lives in an immutable heap box shared by copies and replaced on write, so a
/// large child state costs its parent one reference, whatever its size, and copying the parent
/// does not copy the child.
@propertyWrapper
public struct PresentationState<State> {
  @usableFromInline
  var box: PresentationBox<State>?

  /// Creates a slot presenting `wrappedValue`, or nothing when it is `nil`.
  public init(wrappedValue: State?) {
    box = wrappedValue.map(PresentationBox.init)
  }

  /// Creates a slot that presents nothing.
  public init() {
    box = nil
  }

  /// The presented child state, or `nil` when nothing is presented.
  ///
  /// - Complexity: O(1) to read; a write allocates a new box. A change in place takes the
  ///   child state out of its box first, so a box no other copy holds hands its storage over
  ///   and the child changes in place too.
  public var wrappedValue: State? {
    @inlinable
    get { box?.value }
    @inlinable
    set { box = newValue.map(PresentationBox.init) }
    @inlinable
    _modify {
      var value = box?.value
      box = nil
      defer { box = value.map(PresentationBox.init) }
      yield &value
    }
  }

  /// This value: `$destination` in the parent.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
    _modify { yield &self }
  }

  /// Whether a child is presented, answered without reading it.
  @inlinable
  var isPresented: Bool { box != nil }

  /// Whether both present the same box, so they are equal without comparing the states.
  @inlinable
  func isIdentical(to other: Self) -> Bool {
    box === other.box
  }
}

/// The heap storage of a ``PresentationState``: immutable, so that copies share it safely and
/// reading it needs no exclusivity check (a `var` in a class is checked at run time on every
/// access).
@usableFromInline
final class PresentationBox<State> {
  @usableFromInline
  let value: State

  @inlinable
  init(_ value: State) {
    self.value = value
  }
}

extension PresentationBox: Sendable where State: Sendable {}

extension PresentationState: Equatable where State: Equatable {
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    // The states are compared in their boxes: `wrappedValue` would copy each out first.
    guard let left = lhs.box, let right = rhs.box else { return lhs.box == nil && rhs.box == nil }
    return left === right || left.value == right.value
  }
}

extension PresentationState: Hashable where State: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(wrappedValue)
  }
}

extension PresentationState: Sendable where State: Sendable {}

extension PresentationState: Encodable where State: Encodable {
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(wrappedValue)
  }
}

extension PresentationState: Decodable where State: Decodable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    self.init(wrappedValue: container.decodeNil() ? nil : try container.decode(State.self))
  }
}

extension KeyedDecodingContainer {
  /// Decodes a presentation that may be absent: a state saved before the feature presented
  /// anything (an older file, a recording's header) decodes with nothing presented, as an
  /// optional property does. The decoding a state's `Codable` conformance synthesizes calls it.
  public func decode<State: Decodable>(
    _ type: PresentationState<State>.Type, forKey key: Key
  ) throws -> PresentationState<State> {
    try decodeIfPresent(type, forKey: key) ?? PresentationState(wrappedValue: nil)
  }
}

extension PresentationState: CustomReflectable {
  /// Reflects as the optional child state, so dumps and test diffs show the child, not the box.
  public var customMirror: Mirror {
    Mirror(reflecting: wrappedValue as Any)
  }
}

extension PresentationState: WrappedStateReflecting {
  /// What a state diff shows: the optional child state.
  var reflectedWrappedValue: Any { wrappedValue as Any }
}
