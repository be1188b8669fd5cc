import Synchronization

/// Tells presentations apart: whether the state in a presentation slot after the parent reduced
/// is still the feature that was presented before (its effects keep running) or another one
/// (the old one's effects are cancelled), and whether it is a dialog that closes once its
/// action was sent.
///
/// Two presented states are the same presentation when they are the same enum case (for an
/// enum of destinations) with the same `id` (when the state is `Identifiable`).
///
/// Thread-safe: the cache of which enum cases hold dialogs is two atomics.
final class PresentationIdentity<State>: Sendable {
  private let metadata: EnumMetadata?
  private let isIdentifiable: Bool
  /// Bit `tag` set: case `tag` (< 64) is known to hold an ``EphemeralState``.
  private let ephemeralCases = Atomic<UInt64>(0)
  /// Bit `tag` set: case `tag` (< 64) is known not to.
  private let lastingCases = Atomic<UInt64>(0)

  init() {
    metadata = State.self is any EphemeralState.Type ? nil : EnumMetadata(State.self)
    isIdentifiable = State.self is any Identifiable.Type
  }

  /// Whether `lhs` and `rhs` (both presented) are the same presentation.
  func isSame(_ lhs: State, _ rhs: State) -> Bool {
    if let metadata, metadata.tag(of: lhs) != metadata.tag(of: rhs) { return false }
    guard isIdentifiable else { return true }
    return id(of: lhs) == id(of: rhs)
  }

  private func id(of state: State) -> AnyHashable? {
    func open<Value: Identifiable>(_ value: Value) -> AnyHashable { AnyHashable(value.id) }
    return (state as? any Identifiable).map { open($0) }
  }

  /// Whether `state` is a dialog, or an enum case holding one.
  func isEphemeral(_ state: State) -> Bool {
    if state is any EphemeralState { return true }
    guard let metadata else { return false }
    let tag = metadata.tag(of: state)
    guard tag < 64 else { return payloadIsEphemeral(state) }
    let bit = UInt64(1) << UInt64(tag)
    if ephemeralCases.load(ordering: .relaxed) & bit != 0 { return true }
    if lastingCases.load(ordering: .relaxed) & bit != 0 { return false }
    let isEphemeral = payloadIsEphemeral(state)
    if isEphemeral {
      ephemeralCases.bitwiseOr(bit, ordering: .relaxed)
    } else {
      lastingCases.bitwiseOr(bit, ordering: .relaxed)
    }
    return isEphemeral
  }

  private func payloadIsEphemeral(_ state: State) -> Bool {
    Mirror(reflecting: state).children.first?.value is any EphemeralState
  }
}
