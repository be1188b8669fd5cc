import Synchronization

/// Tells presentations apart: whether the state in a presentation slot after the parent reduced
/// is still the feature that was presented before (its effects keep running) or another one
/// (the old one's effects are cancelled), and whether it is a dialog that closes once its
/// action was sent.
///
/// Two presented states are the same presentation when they are the same enum case (for an
/// enum of destinations) with the same `id` (when the state, or the case's payload, is
/// `Identifiable`).
final class PresentationIdentity<State>: Sendable {
  private let metadata: EnumMetadata?
  private let isIdentifiable: Bool
  /// Which enum cases hold an ``EphemeralState``.
  private let ephemeralCases = CaseFlags()
  /// Which enum cases hold an `Identifiable` payload.
  private let identifiableCases = CaseFlags()

  init() {
    metadata = State.self is any EphemeralState.Type ? nil : EnumMetadata(State.self)
    isIdentifiable = State.self is any Identifiable.Type
  }

  /// Whether `lhs` and `rhs` (both presented) are the same presentation.
  func isSame(_ lhs: State, _ rhs: State) -> Bool {
    if isIdentifiable { return Self.id(of: lhs) == Self.id(of: rhs) }
    guard let metadata else { return true }
    let tag = metadata.tag(of: lhs)
    guard tag == metadata.tag(of: rhs) else { return false }
    let hasIdentifiablePayload = identifiableCases.value(of: tag) {
      Self.payload(of: lhs) is any Identifiable
    }
    guard hasIdentifiablePayload else { return true }
    return Self.id(of: Self.payload(of: lhs)) == Self.id(of: Self.payload(of: rhs))
  }

  /// Whether `state` is a dialog, or an enum case holding one.
  func isEphemeral(_ state: State) -> Bool {
    if state is any EphemeralState { return true }
    guard let metadata else { return false }
    return ephemeralCases.value(of: metadata.tag(of: state)) {
      Self.payload(of: state) is any EphemeralState
    }
  }

  private static func payload(of state: State) -> Any? {
    Mirror(reflecting: state).children.first?.value
  }

  private static func id(of value: Any?) -> AnyHashable? {
    func open<Value: Identifiable>(_ value: Value) -> AnyHashable { AnyHashable(value.id) }
    return (value as? any Identifiable).map { open($0) }
  }
}

/// A yes-or-no property of each case of an enum, worked out once per case (for the first 64
/// cases; later ones every time).
///
/// Thread-safe: two atomics.
private final class CaseFlags: Sendable {
  /// Bit `tag` set: case `tag` has the property.
  private let yes = Atomic<UInt64>(0)
  /// Bit `tag` set: case `tag` does not.
  private let no = Atomic<UInt64>(0)

  /// Whether case `tag` has the property, from `compute` the first time.
  func value(of tag: UInt32, _ compute: () -> Bool) -> Bool {
    guard tag < 64 else { return compute() }
    let bit = UInt64(1) << UInt64(tag)
    if yes.load(ordering: .relaxed) & bit != 0 { return true }
    if no.load(ordering: .relaxed) & bit != 0 { return false }
    let value = compute()
    if value {
      yes.bitwiseOr(bit, ordering: .relaxed)
    } else {
      no.bitwiseOr(bit, ordering: .relaxed)
    }
    return value
  }
}
