@testable import Core

/// An action enum shape for the routing matrix: a case constructor (composed as users write
/// them) to route with, the hand-written `extract` of the same case, and actions of the same
/// enum that must not route.
protocol ActionShape: Sendable {
  associatedtype Payload: Sendable
  /// The name of the case the constructor builds, as a refusal names it.
  static var caseName: String { get }
  /// Whether routing by the constructor refuses this shape (loudly) instead of routing it.
  static var refusesConstructor: Bool { get }
  static func embed(_ payload: Payload) -> Self
  static func extract(_ action: Self) -> Payload?
  /// Actions of the same type that do not carry `payload` for this constructor.
  static func others(_ payload: Payload) -> [Self]
}

extension ActionShape {
  static var caseName: String { "child" }
  static var refusesConstructor: Bool { false }
  /// The explicit case path of the same case.
  static var casePath: AnyCasePath<Self, Payload> {
    AnyCasePath(embed: { embed($0) }, extract: { extract($0) })
  }
}

/// `case child(P)`, beside a case of the same payload type.
enum PlainShape<P: Sendable>: ActionShape {
  case child(P)
  case other(P)
  static func embed(_ payload: P) -> Self { .child(payload) }
  static func extract(_ action: Self) -> P? { if case .child(let p) = action { p } else { nil } }
  static func others(_ payload: P) -> [Self] { [.other(payload)] }
}

/// `case child(action: P)`: one labelled payload.
enum LabelledShape<P: Sendable>: ActionShape {
  case child(action: P)
  case other(action: P)
  static func embed(_ payload: P) -> Self { .child(action: payload) }
  static func extract(_ action: Self) -> P? {
    if case .child(let p) = action { p } else { nil }
  }
  static func others(_ payload: P) -> [Self] { [.other(action: payload)] }
}

/// `case child(P, flag: Bool = false)`, embedded with the default.
enum DefaultedShape<P: Sendable>: ActionShape {
  case child(P, flag: Bool = false)
  case other
  static func embed(_ payload: P) -> Self { .child(payload) }
  static func extract(_ action: Self) -> P? {
    if case .child(let p, false) = action { p } else { nil }
  }
  static func others(_ payload: P) -> [Self] { [.child(payload, flag: true), .other] }
}

/// `case row(id: Int, action: P)`, embedded as `{ .row(id: 7, action: $0) }`.
enum FixedShape<P: Sendable>: ActionShape {
  case row(id: Int, action: P)
  static var caseName: String { "row" }
  static func embed(_ payload: P) -> Self { .row(id: 7, action: payload) }
  static func extract(_ action: Self) -> P? {
    if case .row(7, let p) = action { p } else { nil }
  }
  static func others(_ payload: P) -> [Self] { [.row(id: 8, action: payload)] }
}

/// `{ .wrapper(.leaf($0)) }`: a case of a nested enum.
enum NestedShape<P: Sendable>: ActionShape {
  enum Inner: Sendable {
    case leaf(P)
    case twig(P)
  }
  case wrapper(Inner)
  case other
  static var caseName: String { "wrapper" }
  static func embed(_ payload: P) -> Self { .wrapper(.leaf(payload)) }
  static func extract(_ action: Self) -> P? {
    if case .wrapper(.leaf(let p)) = action { p } else { nil }
  }
  static func others(_ payload: P) -> [Self] { [.wrapper(.twig(payload)), .other] }
}

/// A recursive (`indirect`) action.
indirect enum RecursiveShape<P: Sendable>: ActionShape {
  case node(RecursiveShape)
  case child(P)
  case other
  static func embed(_ payload: P) -> Self { .child(payload) }
  static func extract(_ action: Self) -> P? { if case .child(let p) = action { p } else { nil } }
  static func others(_ payload: P) -> [Self] { [.node(.child(payload)), .other] }
}

/// Two cases named `child`, told apart by their labels.
enum OverloadedShape<P: Sendable>: ActionShape {
  case child(action: P)
  case child(other: P)
  static func embed(_ payload: P) -> Self { .child(action: payload) }
  static func extract(_ action: Self) -> P? {
    // Swift 6.3's patterns cannot tell overloaded cases apart (`.child(action: let p)` is
    // ambiguous, `Self.child(action:)(let p)` matches the other one), so this reads the tag.
    let metadata = EnumMetadata(Self.self)!
    guard metadata.tag(of: action) == 0 else { return nil }  // `child(action:)`, declared first
    return metadata.payload(of: action, as: P.self, tag: 0, indirect: false)
  }
  static func others(_ payload: P) -> [Self] { [.child(other: payload)] }
}

/// `case child(P?)`, embedded with a non-optional child.
enum OptionalShape<P: Sendable>: ActionShape {
  case child(P?)
  case other
  static func embed(_ payload: P) -> Self { .child(payload) }
  static func extract(_ action: Self) -> P? {
    if case .child(let p?) = action { p } else { nil }
  }
  static func others(_ payload: P) -> [Self] { [.child(nil), .other] }
}

/// `case child(any Sendable)`: the payload is cast to the child type.
enum ExistentialShape<P: Sendable>: ActionShape {
  case child(any Sendable)
  case other
  static func embed(_ payload: P) -> Self { .child(payload) }
  static func extract(_ action: Self) -> P? {
    if case .child(let p as P) = action { p } else { nil }
  }
  static func others(_ payload: P) -> [Self] { [.child("not a child"), .other] }
}

/// `case child(P, backup: P)`: which payload the constructor fills cannot be told.
enum AmbiguousShape<P: Sendable>: ActionShape {
  case child(P, backup: P)
  case other
  static var refusesConstructor: Bool { true }
  static func embed(_ payload: P) -> Self { .child(payload, backup: payload) }
  static func extract(_ action: Self) -> P? {
    if case .child(let p, _) = action { p } else { nil }
  }
  static func others(_ payload: P) -> [Self] { [.other] }
}

/// `case child(P, done: () -> Void)`: the constructor fixes a closure, which has no `==`.
enum ClosureShape<P: Sendable>: ActionShape {
  case child(P, done: @Sendable () -> Void)
  case other
  static var refusesConstructor: Bool { true }
  static func embed(_ payload: P) -> Self { .child(payload, done: {}) }
  static func extract(_ action: Self) -> P? {
    if case .child(let p, _) = action { p } else { nil }
  }
  static func others(_ payload: P) -> [Self] { [.other] }
}

/// `case child(P, kind: Int.Type)`: a value type's metatype, which an enum stores in no bytes.
enum MetatypeShape<P: Sendable>: ActionShape {
  case child(P, kind: Int.Type)
  case other
  static var refusesConstructor: Bool { true }
  static func embed(_ payload: P) -> Self { .child(payload, kind: Int.self) }
  static func extract(_ action: Self) -> P? {
    if case .child(let p, _) = action { p } else { nil }
  }
  static func others(_ payload: P) -> [Self] { [.other] }
}
