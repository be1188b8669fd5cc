import Synchronization

/// Extracts a child action (or a child state) from a parent enum, given only the enum case
/// constructor that embeds one in the other (`AppAction.profile`), or an explicit `extract`
/// closure.
///
/// It is exact: it returns a child only when embedding that child gives back the parent's case,
/// and it reads a payload only as the type its case *declares*:
/// - The case's declared payload type comes from the enum's runtime metadata (never from the
///   payload's dynamic type, never from a `CustomReflectable` mirror).
/// - The first time a parent of a case that could hold the child arrives (a case whose declared
///   payload is the child type, an existential, a class, a tuple, or an enum that leads to one),
///   the payload is read as its declared type and cast to `Child`, descending through nested
///   enums for embeds such as `{ .wrapper(.leaf($0)) }`. The candidate is kept only if
///   embedding it again yields the same chain of cases (and, when the parent is `Equatable`, an
///   equal value). That chain is remembered; every other case is then rejected by one tag
///   comparison.
/// - When the constructor's case declares exactly `Child` (or a tuple of the same elements with
///   other labels), extraction compares the tag and reads the payload in place. Otherwise (an
///   existential, `Any`, a superclass, a nested enum) it reads the payload as declared and
///   casts, so a `.child(Label())` never reaches a `Square` reducer.
/// - A shape it cannot decide (a non-enum parent, an embed that is not a case constructor) is
///   reported once, naming the types, and extracts nothing: pass an explicit `extract` closure.
///
/// Thread-safe: the hot path reads two atomics; learning happens under a mutex. `package` so
/// that the Benchmarks executable can time extraction on its own.
@usableFromInline
package final class ActionExtractor<Parent, Child>: Sendable {
  private let embed: @Sendable (Child) -> Parent
  private let explicit: (@Sendable (Parent) -> Child?)?
  @usableFromInline
  let metadata: EnumMetadata?
  /// The matching case: `none`, or `known | tag | fast? | indirect?`.
  @usableFromInline
  let match = Atomic<UInt64>(0)
  /// Bit `tag` set: case `tag` (< 64) is known not to match.
  @usableFromInline
  let rejected = Atomic<UInt64>(0)
  private let knowledge = Mutex(Knowledge())

  @inlinable
  static var known: UInt64 { 1 << 63 }
  @inlinable
  static var fast: UInt64 { 1 << 62 }
  @inlinable
  static var indirect: UInt64 { 1 << 61 }

  /// An extractor deriving extraction from `embed`, an enum case constructor (or a composition
  /// of them, such as `{ .wrapper(.leaf($0)) }`).
  package init(embed: @escaping @Sendable (Child) -> Parent) {
    self.embed = embed
    self.explicit = nil
    self.metadata = EnumMetadata(Parent.self)
  }

  /// An extractor that calls `extract`, for shapes a case constructor cannot describe.
  package init(
    embed: @escaping @Sendable (Child) -> Parent,
    extract: @escaping @Sendable (Parent) -> Child?
  ) {
    self.embed = embed
    self.explicit = extract
    self.metadata = nil
  }

  @usableFromInline
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
  @inlinable
  package func route(_ parent: Parent) -> ExtractionRoute {
    guard let metadata else { return .slow }
    let match = match.load(ordering: .relaxed)
    if match & Self.known == 0 {
      let tag = metadata.tag(of: parent)
      if tag < 64, rejected.load(ordering: .relaxed) & (1 << UInt64(tag)) != 0 { return .none }
      return .slow
    }
    guard UInt32(truncatingIfNeeded: match) == metadata.tag(of: parent) else { return .none }
    guard match & Self.fast != 0 else { return .slow }
    return .payload(indirect: match & Self.indirect != 0)
  }

  /// The child action of `parent`, after `route(_:)` returned `.payload(indirect:)`: the
  /// case's declared payload type is `Child` (checked when the case was learned).
  @inlinable
  package func payload(of parent: Parent, indirect: Bool) -> Child {
    guard let metadata else { preconditionFailure("'payload' follows a '.payload' route") }
    return metadata.payload(of: parent, as: Child.self, indirect: indirect)
  }

  private func extractSlowly(_ parent: Parent) -> Child? {
    if let explicit { return explicit(parent) }
    // Worked on outside the lock (whose result must be sendable), then stored back: two
    // threads learning at once learn the same thing.
    var knowledge = knowledge.withLock { $0 }
    if knowledge.isRefused { return nil }
    if let path = knowledge.path { return follow(path, in: parent) }
    if knowledge.isIdentity { return parent as? Child }
    let child = learn(from: parent, &knowledge)
    self.knowledge.withLock { $0 = knowledge }
    return child
  }

  private func learn(from parent: Parent, _ knowledge: inout Knowledge) -> Child? {
    guard let metadata else { return extractIdentity(parent, &knowledge) }
    let tag = metadata.tag(of: parent)
    let candidates = knowledge.candidates ?? analyse(metadata, &knowledge)
    guard candidates.contains(tag) || Child.self == Parent.self else { return nil }
    return probe(parent, metadata: metadata, &knowledge)
  }

  /// Which cases could hold a child at all, judged from their declared payload types; the
  /// others are rejected for good.
  private func analyse(_ metadata: EnumMetadata, _ knowledge: inout Knowledge) -> Set<UInt32> {
    var reachable: [ObjectIdentifier: Bool] = [:]
    var candidates = Set<UInt32>()
    var rejectedTags: UInt64 = 0
    for tag in 0..<metadata.caseCount {
      if let type = metadata.payloadType(tag: tag), canHoldChild(type, &reachable) {
        candidates.insert(tag)
      } else if tag < 64 && Child.self != Parent.self {
        rejectedTags |= 1 << UInt64(tag)
      }
    }
    knowledge.candidates = candidates
    rejected.bitwiseOr(rejectedTags, ordering: .relaxed)
    return candidates
  }

  /// Whether a payload declared as `type` can hold a `Child`, directly or through the cases of
  /// nested enums.
  private func canHoldChild(_ type: Any.Type, _ reachable: inout [ObjectIdentifier: Bool]) -> Bool {
    if haveSameLayout(type, Child.self) { return true }
    switch metadataKind(of: type) {
    case 0x303, 0x306, 0x307:  // existential, existential metatype, extended existential
      return true
    case 0x301:  // tuples cast element by element
      return metadataKind(of: Child.self) == 0x301
    default:
      break
    }
    if type is AnyObject.Type { return Child.self is AnyObject.Type }
    guard let nested = EnumMetadata(type) else { return false }
    let key = ObjectIdentifier(type)
    if let known = reachable[key] { return known }
    reachable[key] = false  // a recursive enum leads nowhere new through itself
    for tag in 0..<nested.caseCount {
      if let payload = nested.payloadType(tag: tag), canHoldChild(payload, &reachable) {
        reachable[key] = true
        return true
      }
    }
    return false
  }

  /// Finds out whether `parent`'s case is the constructor's, and learns it if so.
  private func probe(
    _ parent: Parent, metadata: EnumMetadata, _ knowledge: inout Knowledge
  ) -> Child? {
    var sawOtherValue = false
    if let (child, path) = search(
      parent, in: parent, metadata: metadata, path: [], sawOtherValue: &sawOtherValue)
    {
      learn(path)
      knowledge.path = path
      return child
    }
    // A case that declares exactly `Child` always yields a candidate: if embedding it gave
    // another case, this case is not the constructor's, whatever its payload.
    let tag = metadata.tag(of: parent)
    if let type = metadata.payloadType(tag: tag), haveSameLayout(type, Child.self) {
      knowledge.candidates?.remove(tag)
      if tag < 64 { rejected.bitwiseOr(1 << UInt64(tag), ordering: .relaxed) }
    }
    if Child.self == Parent.self { return extractIdentity(parent, &knowledge) }
    if sawOtherValue {
      refuse(
        """
        embedding the payload of '\(parent)' did not give back an equal action, so the \
        'action' closure is not an enum case constructor
        """)
      knowledge.isRefused = true
    }
    return nil
  }

  /// Reads `value`'s payload as declared and casts it to `Child`, or descends into it when it
  /// is an enum; a candidate counts only if embedding it reproduces the chain of cases.
  private func search(
    _ value: Any, in parent: Parent, metadata: EnumMetadata, path: [CaseLevel],
    sawOtherValue: inout Bool
  ) -> (Child, [CaseLevel])? {
    let tag = metadata.tag(ofAny: value)
    guard let type = metadata.payloadType(tag: tag), let indirect = metadata.isIndirect(tag: tag)
    else { return nil }
    let level = CaseLevel(metadata: metadata, tag: tag, payloadType: type, indirect: indirect)
    let path = path + [level]
    let payload = metadata.payload(ofAny: value, type: type, indirect: indirect)
    if let child = payload as? Child,
      reproduces(parent, from: child, through: path, sawOtherValue: &sawOtherValue)
    {
      return (child, path)
    }
    guard let nested = EnumMetadata(type) else { return nil }
    return search(
      payload, in: parent, metadata: nested, path: path, sawOtherValue: &sawOtherValue)
  }

  /// Whether `embed(child)` takes the cases of `path`, and equals `parent` when it is
  /// `Equatable` (`sawOtherValue` is set when only the value differed).
  private func reproduces(
    _ parent: Parent, from child: Child, through path: [CaseLevel], sawOtherValue: inout Bool
  ) -> Bool {
    let embedded = embed(child)
    var value: Any = embedded
    for (index, level) in path.enumerated() {
      guard level.metadata.tag(ofAny: value) == level.tag else { return false }
      if index < path.count - 1 {
        value = level.metadata.payload(
          ofAny: value, type: level.payloadType, indirect: level.indirect)
      }
    }
    if let isEqual = equality(of: Parent.self), !isEqual(embedded, parent) {
      sawOtherValue = true
      return false
    }
    return true
  }

  /// Remembers the constructor's case; a direct payload of `Child`'s layout takes the fast
  /// path from now on.
  private func learn(_ path: [CaseLevel]) {
    let first = path[0]
    var match = Self.known | UInt64(first.tag)
    if path.count == 1, haveSameLayout(first.payloadType, Child.self) {
      match |= Self.fast | (first.indirect ? Self.indirect : 0)
    }
    self.match.store(match, ordering: .relaxed)
  }

  /// The child along a learned chain of cases (the first tag was checked by `route`).
  private func follow(_ path: [CaseLevel], in parent: Parent) -> Child? {
    var value: Any = parent
    for level in path {
      guard level.metadata.tag(ofAny: value) == level.tag else { return nil }
      value = level.metadata.payload(
        ofAny: value, type: level.payloadType, indirect: level.indirect)
    }
    return value as? Child
  }

  /// `parent` itself when `embed` is the identity (`Scope(state: \.x, action: { $0 })`).
  private func extractIdentity(_ parent: Parent, _ knowledge: inout Knowledge) -> Child? {
    guard Child.self == Parent.self, let child = parent as? Child else {
      refuse("'\(Parent.self)' is not an enum, so no case constructor can be read from it")
      knowledge.isRefused = true
      return nil
    }
    if let isEqual = equality(of: Parent.self) {
      guard isEqual(embed(child), parent) else { return nil }
      knowledge.isIdentity = true
    } else if let metadata {
      guard metadata.tag(of: embed(child)) == metadata.tag(of: parent) else { return nil }
      // Without `==`, the identity is told apart from a constructor only when no case can hold
      // the enum itself.
      knowledge.isIdentity = knowledge.candidates?.isEmpty == true
    } else {
      knowledge.isIdentity = true
    }
    return child
  }

  private func refuse(_ reason: String) {
    IssueReporting.report(
      """
      Cannot extract '\(Child.self)' from '\(Parent.self)': \(reason). No action was routed.

      To fix, pass an enum case constructor such as 'Action.child' as 'action:', or pass an \
      explicit 'extract:' closure ('{ if case let .child(value) = $0 { value } else { nil } }').
      """)
  }
}

/// What ``ActionExtractor/route(_:)`` decided.
@usableFromInline
package enum ExtractionRoute {
  /// The action is not the child's case.
  case none
  /// The child action is the case's payload, stored inline or (when `indirect`) boxed.
  case payload(indirect: Bool)
  /// Use ``ActionExtractor/extract(_:)``.
  case slow
}

/// One step of a chain of enum cases from a parent to a child: the case's tag, its declared
/// payload type and whether it is indirect.
struct CaseLevel: @unchecked Sendable {
  // `@unchecked` only for `payloadType`: metatypes are immutable.
  let metadata: EnumMetadata
  let tag: UInt32
  let payloadType: Any.Type
  let indirect: Bool
}

/// What an ``ActionExtractor`` learned, guarded by its mutex.
private struct Knowledge {
  /// The cases whose declared payload could hold the child; `nil` until analysed.
  var candidates: Set<UInt32>?
  /// The chain of cases of the constructor, once learned.
  var path: [CaseLevel]?
  /// Whether the embed is the identity (the child is the parent).
  var isIdentity = false
  /// Whether the shape was refused (and reported).
  var isRefused = false
}
