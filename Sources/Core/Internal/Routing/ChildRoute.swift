import Synchronization

/// How an operator finds a child value in a parent value: through an explicit
/// ``AnyCasePath`` (or `extract:` closure), which is a compiled `switch` used as is, or through
/// an enum case constructor (`Action.child`, `{ .row(id: 7, action: $0) }`,
/// `{ .settings(.profile($0)) }`) proven at run time, which routes to the child the
/// constructor embedded, or to `nil` for another case, or refuses the shape loudly.
///
/// A constructor route is exact, or refused:
/// - Each case of the parent is classified by the payload type it *declares* (from the enum's
///   runtime metadata, never a payload's dynamic type or a `CustomReflectable` mirror):
///   a case that can hold the child, a case stored in a form generic code cannot read (a
///   function child, a value type's metatype), a tuple with several elements that could hold
///   the child, or another case, which is told apart by one tag comparison.
/// - The first action of a case that can hold the child proves the route: its payload is read
///   as declared and the child located in it (through nested enums, existential and class
///   casts, and one element of a tuple whose other elements are fixed by the constructor);
///   then `embed(child)` must take the same chain of cases and give every other tuple element
///   an equal value by that element's own `==`. The child itself and the parent are never
///   compared (a `Double.nan` or a custom `==` cannot make routing fail), except that a child
///   equal to itself must come back equal, which catches a closure that transforms its input.
/// - A shape that cannot be proven (no reflection metadata, an unreadable or ambiguous case, a
///   fixed element that is not `Equatable`, a closure that is not a case constructor, a parent
///   that is not an enum) is a ``RouteRefusal``: reported once, naming the case and the fix,
///   and nothing is routed.
///
/// Once proven, a case whose payload is laid out as the child (the child type, a tuple of the
/// same elements with other labels, or a one-element tuple `(action: Child)`) is read in place
/// after one atomic load and one tag comparison (``match(_:)``); other shapes take the general
/// read, which re-embeds to check fixed elements.
///
/// Thread-safe: what it learns is published through atomics; two threads proving at once prove
/// the same thing. `package` so that the Benchmarks executable can time it on its own.
@usableFromInline
package final class ChildRoute<Parent, Child>: Sendable {
  let embed: @Sendable (Child) -> Parent
  /// Whether this is an explicit route: its `extract` is ``explicitExtract``.
  @usableFromInline
  let isExplicit: Bool
  /// The explicit route's `extract`, called as is; one that returns `nil` for a constructor
  /// route. Not optional: calling a closure read from an optional costs a retain and a release
  /// of its context on every extraction.
  @usableFromInline
  let explicitExtract: @Sendable (Parent) -> Child?
  /// The parent's enum metadata for a constructor route (`nil` for an explicit one, or a
  /// parent that is not an enum).
  @usableFromInline
  let metadata: EnumMetadata?
  /// `0` while unproven; then ``proven`` with the case's tag (and ``inline``, ``indirect``),
  /// or ``refused``, or ``identity``.
  @usableFromInline
  let proof = Atomic<UInt64>(0)
  /// Bit `tag` set: case `tag` (< 64) is another case.
  @usableFromInline
  let otherCases = Atomic<UInt64>(0)
  /// The parent's cases, classified once.
  let table = AtomicLazyReference<CaseTable>()
  /// The proven chain of steps from the parent to the child, for the general read.
  let shape = AtomicLazyReference<CaseShape>()
  /// For an explicit route, where its `embed` puts the child, found once by declared types
  /// for the child's identity (see ``route(embedding:)``).
  let embeddedShape = AtomicLazyReference<CaseShape>()
  /// The route `embed` takes, once known to fix no value beside the child.
  let constantRoute = AtomicLazyReference<ActionRoute.Box>()

  @inlinable
  static var proven: UInt64 { 1 << 63 }
  @inlinable
  static var inline: UInt64 { 1 << 62 }
  @inlinable
  static var indirect: UInt64 { 1 << 61 }
  @inlinable
  static var refused: UInt64 { 1 << 60 }
  @inlinable
  static var identity: UInt64 { 1 << 59 }

  /// A route through `embed`, an enum case constructor or a composition of them.
  @usableFromInline
  package init(_ embed: @escaping @Sendable (Child) -> Parent) {
    self.embed = embed
    self.isExplicit = false
    self.explicitExtract = { _ in nil }
    self.metadata = EnumMetadata(Parent.self)
  }

  /// A route through an explicit case path.
  @usableFromInline
  package init(_ path: AnyCasePath<Parent, Child>) {
    self.embed = path.embedValue
    self.isExplicit = true
    self.explicitExtract = path.extractValue
    self.metadata = nil
  }

  /// A route through an explicit `extract` closure.
  @usableFromInline
  package convenience init(
    embed: @escaping @Sendable (Child) -> Parent, extract: @escaping @Sendable (Parent) -> Child?
  ) {
    self.init(AnyCasePath(embed: embed, extract: extract))
  }

  /// The child `parent` carries, or `nil` for another case (or a refused shape).
  ///
  /// An explicit route calls its `extract` here and nothing else: with the constructor route's
  /// code inlined beside it, the call paid that code's stack frame, a cost a hand-written
  /// `switch` called the same way does not have.
  @inlinable
  package func extract(_ parent: Parent) -> Child? {
    isExplicit ? explicitExtract(parent) : extractByConstructor(parent)
  }

  /// ``extract(_:)`` for a constructor route: specialized with the caller, called, not inlined.
  @inlinable @inline(never)
  func extractByConstructor(_ parent: Parent) -> Child? {
    switch match(parent) {
    case .otherCase: nil
    case .inline(let tag, let indirect): payload(of: parent, tag: tag, indirect: indirect)
    case .general: extractGenerally(parent)
    }
  }

  /// `body` of the child `parent` carries, or `otherwise()` for another case (or a refused
  /// shape). What operators route with: the child is passed on as read, without the optional
  /// that ``extract(_:)`` builds and unwraps on every action.
  @inlinable @inline(__always)
  func withChild<Result>(
    of parent: Parent, _ body: (Child) -> Result, otherwise: () -> Result
  ) -> Result {
    switch match(parent) {
    case .otherCase:
      return otherwise()
    case .inline(let tag, let indirect):
      return body(payload(of: parent, tag: tag, indirect: indirect))
    case .general:
      guard let child = extractGenerally(parent) else { return otherwise() }
      return body(child)
    }
  }

  /// How to extract the child from `parent`, decided without building an `Optional<Child>`:
  /// in unspecialized generic code that optional costs a run-time metadata look-up on every
  /// call. An explicit route is always `.general`. Always inlined: as a call it went through a
  /// thunk to the merged specializations at every `Scope` level.
  @inlinable @inline(__always)
  package func match(_ parent: Parent) -> CaseMatch {
    guard let metadata else { return .general }
    let proof = proof.load(ordering: .relaxed)
    guard proof & Self.proven != 0 else {
      if proof & Self.refused != 0 { return .otherCase }
      let tag = metadata.tag(of: parent)
      if tag < 64, otherCases.load(ordering: .relaxed) & (1 << UInt64(tag)) != 0 {
        return .otherCase
      }
      return .general
    }
    let tag = UInt32(truncatingIfNeeded: proof)
    guard tag == metadata.tag(of: parent) else { return .otherCase }
    guard proof & Self.inline != 0 else { return .general }
    return .inline(tag: tag, indirect: proof & Self.indirect != 0)
  }

  /// The child of `parent`, after ``match(_:)`` returned `.inline(tag:indirect:)`: the proven
  /// case's payload is laid out as `Child`.
  @inlinable @inline(__always)
  package func payload(of parent: Parent, tag: UInt32, indirect: Bool) -> Child {
    guard let metadata else { preconditionFailure("'.inline' is matched on enums only") }
    return metadata.payload(of: parent, as: Child.self, tag: tag, indirect: indirect)
  }

  /// The child of `parent` by the explicit path, or by the proven shape (proving it first if
  /// needed). Inlinable, so that an explicit path is called from specialized code.
  @inlinable
  func extractGenerally(_ parent: Parent) -> Child? {
    if isExplicit { return explicitExtract(parent) }
    return extractByProof(parent)
  }

  /// The child of `parent` by the proven shape, proving it first if needed.
  @usableFromInline
  func extractByProof(_ parent: Parent) -> Child? {
    let proof = proof.load(ordering: .acquiring)
    if proof & Self.refused != 0 { return nil }
    if proof & Self.identity != 0 { return parent as? Child }
    guard let metadata else {
      if Child.self == Parent.self { return publishIdentity(parent) }
      refuse(.notAnEnum)
      return nil
    }
    if let shape = shape.load() { return read(parent, along: shape) }
    return prove(parent, metadata: metadata)
  }

  /// Marks case `tag` as another case for the hot path.
  func markOtherCase(_ tag: UInt32) {
    if tag < 64 { otherCases.bitwiseOr(1 << UInt64(tag), ordering: .relaxed) }
  }

  /// Routes `parent` itself from now on (`embed` is the identity).
  func publishIdentity(_ parent: Parent) -> Child? {
    proof.bitwiseOr(Self.identity, ordering: .releasing)
    return parent as? Child
  }

  /// Refuses the route, reporting why the first time.
  func refuse(_ refusal: RouteRefusal) {
    let (old, _) = proof.bitwiseOr(Self.refused, ordering: .acquiringAndReleasing)
    guard old & Self.refused == 0 else { return }
    IssueReporting.report(refusal.message(parent: Parent.self, child: Child.self))
  }
}

/// What ``ChildRoute/match(_:)`` decided.
@usableFromInline
package enum CaseMatch {
  /// The parent is another case: no child.
  case otherCase
  /// The child is the payload of case `tag`, stored inline or (when `indirect`) boxed: read it
  /// with ``ChildRoute/payload(of:tag:indirect:)``.
  case inline(tag: UInt32, indirect: Bool)
  /// Use ``ChildRoute/extract(_:)``.
  case general
}
