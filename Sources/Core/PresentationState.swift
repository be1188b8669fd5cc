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
/// Reduce { state, action in ... }
///   .ifLet(\.$destination, action: Action.destination) { Destination() }
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
/// The child state lives in a heap box shared by copies and copied on write, so a large child
/// state costs its parent two references (the box, and a record of the presented child whose
/// effects are running), whatever its size, and copying the parent does not copy the child.
@propertyWrapper
public struct PresentationState<State> {
  @usableFromInline
  var box: PresentationBox<State>?
  /// The identity of the presented child whose effects the presentation reducer started, kept
  /// until it ends them: outside `==`, hash and `Codable`.
  @usableFromInline
  var mounted: MountRecord<ChildIdentity>?

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
  /// - Complexity: O(1) to read; a write copies the child state only when the box is shared
  ///   with another copy of this value.
  public var wrappedValue: State? {
    @inlinable
    get { box?.value }
    @inlinable
    set {
      guard let newValue else {
        box = nil
        return
      }
      if box != nil, isKnownUniquelyReferenced(&box!) {
        box!.value = newValue
      } else {
        box = PresentationBox(newValue)
      }
    }
    @inlinable
    _modify {
      guard box != nil else {
        var value: State? = nil
        defer { box = value.map(PresentationBox.init) }
        yield &value
        return
      }
      if !isKnownUniquelyReferenced(&box!) { box = PresentationBox(box!.value!) }
      defer { if box!.value == nil { box = nil } }
      yield &box!.value
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
  func isIdentical(to other: Self) -> Bool {
    box === other.box
  }
}

/// The heap storage of a ``PresentationState``.
///
/// `@unchecked Sendable` (when `State` is) is safe: a box is only mutated through a
/// `PresentationState` that holds the only reference to it (checked with
/// `isKnownUniquelyReferenced` before every write), so a box that two values, or two threads,
/// can see is never written.
@usableFromInline
final class PresentationBox<State> {
  /// Never `nil` once a write through `PresentationState` completes: a value set to `nil`
  /// drops its box.
  @usableFromInline
  var value: State?

  @inlinable
  init(_ value: State) {
    self.value = value
  }
}

extension PresentationBox: @unchecked Sendable where State: Sendable {}

extension PresentationState: Equatable where State: Equatable {
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.box === rhs.box || lhs.wrappedValue == rhs.wrappedValue
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

extension PresentationState: CustomReflectable {
  /// Reflects as the optional child state, so dumps and test diffs show the child, not the box.
  public var customMirror: Mirror {
    Mirror(reflecting: wrappedValue as Any)
  }
}
