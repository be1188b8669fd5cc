import Synchronization

/// Extracts a child action from a parent action, given only the enum case constructor that
/// embeds one in the other (`AppAction.profile`).
///
/// The first time a parent action of an unknown case arrives, `Mirror` finds its payload; if
/// the payload is a `Child` and embedding it again gives the same case, that case is the
/// constructor's and is remembered. From then on extraction compares the case tag (a value
/// witness call) and, on a match, reads the payload straight out of the value. Cases that did
/// not match are remembered too, so `Mirror` runs at most once per case. Payloads whose layout
/// cannot be proven equal to `Child`'s (an existential payload, say) always go through `Mirror`,
/// slower but correct.
///
/// Thread-safe: the cache is two atomics. `package` so that the Benchmarks executable can time
/// extraction on its own.
package final class ActionExtractor<Parent, Child>: Sendable {
  private let embed: @Sendable (Child) -> Parent
  private let metadata: EnumMetadata?
  /// The matching case: `none`, or `known | tag | fast? | indirect?`.
  private let match = Atomic<UInt64>(0)
  /// Bit `tag` set: case `tag` (< 64) is known not to match.
  private let rejected = Atomic<UInt64>(0)

  private static var known: UInt64 { 1 << 63 }
  private static var fast: UInt64 { 1 << 62 }
  private static var indirect: UInt64 { 1 << 61 }

  package init(embed: @escaping @Sendable (Child) -> Parent) {
    self.embed = embed
    self.metadata = EnumMetadata(Parent.self)
  }

  package func extract(_ parent: Parent) -> Child? {
    switch route(parent) {
    case .none: return nil
    case .payload(let indirect): return payload(of: parent, indirect: indirect)
    case .slow: return extractSlowly(parent)
    }
  }

  /// How to extract the child action from `parent`, decided without building an
  /// `Optional<Child>`: in unspecialized generic code that optional costs a run-time metadata
  /// look-up (several hundred instructions) on every call, once per `Scope` level per action.
  ///
  /// `.payload` means `payload(of:indirect:)` returns exactly what `extract(_:)` would;
  /// `.slow` means call `extract(_:)`.
  package func route(_ parent: Parent) -> ExtractionRoute {
    guard let metadata else { return .slow }
    let match = match.load(ordering: .relaxed)
    guard match & Self.known != 0 else { return .slow }
    guard UInt32(truncatingIfNeeded: match) == metadata.tag(of: parent) else { return .none }
    guard match & Self.fast != 0 else { return .slow }
    return .payload(indirect: match & Self.indirect != 0)
  }

  /// The child action of `parent`, after `route(_:)` returned `.payload(indirect:)`.
  package func payload(of parent: Parent, indirect: Bool) -> Child {
    guard let metadata else { preconditionFailure("'payload' follows a '.payload' route") }
    return metadata.payload(of: parent, as: Child.self, indirect: indirect)
  }

  /// The paths `route(_:)` leaves to `extract(_:)`: a parent that is not an enum, a case whose
  /// payload goes through `Mirror`, or a case not probed yet.
  private func extractSlowly(_ parent: Parent) -> Child? {
    guard let metadata else { return mirrorPayload(of: parent) }
    // Known by now (perhaps learned by another thread meanwhile): `mirrorPayload` checks the
    // case itself.
    if match.load(ordering: .relaxed) & Self.known != 0 { return mirrorPayload(of: parent) }
    let tag = metadata.tag(of: parent)
    if tag < 64, rejected.load(ordering: .relaxed) & (1 << UInt64(tag)) != 0 { return nil }
    return probe(parent, tag: tag, metadata: metadata)
  }

  /// Finds out, once, whether case `tag` is the constructor's.
  private func probe(_ parent: Parent, tag: UInt32, metadata: EnumMetadata) -> Child? {
    guard
      let payload = Mirror(reflecting: parent).children.first?.value,
      let child = payload as? Child,
      metadata.tag(of: embed(child)) == tag
    else {
      if tag < 64 { rejected.bitwiseOr(1 << UInt64(tag), ordering: .relaxed) }
      return nil
    }
    var match = Self.known | UInt64(tag)
    if haveSameLayout(type(of: payload), Child.self), let indirect = metadata.isIndirect(tag: tag) {
      match |= Self.fast | (indirect ? Self.indirect : 0)
    }
    self.match.store(match, ordering: .relaxed)
    return child
  }

  private func mirrorPayload(of parent: Parent) -> Child? {
    guard
      let payload = Mirror(reflecting: parent).children.first?.value,
      let child = payload as? Child
    else { return nil }
    if let metadata, metadata.tag(of: embed(child)) != metadata.tag(of: parent) { return nil }
    return child
  }
}

/// What ``ActionExtractor/route(_:)`` decided.
package enum ExtractionRoute {
  /// The action is not the child's case.
  case none
  /// The child action is the case's payload, stored inline or (when `indirect`) boxed.
  case payload(indirect: Bool)
  /// Use ``ActionExtractor/extract(_:)``.
  case slow
}
