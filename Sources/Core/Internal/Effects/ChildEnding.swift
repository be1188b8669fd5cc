/// A child reducer's request to end the work of its children that are no longer in the state
/// (``Effect/Operation/cancelChildren(_:)``): `ends` says which of the children at the path
/// where the store carries it out end.
///
/// A reducer returns the same request again while the child it keeps is the same (see
/// ``EndingCache``), and the request remembers where it was last carried out. Until a child
/// starts new work in that store, carrying the same request out again at the same path would
/// end nothing (work only ended since), so the store skips it: once a child has work running,
/// an action through its parent's operator costs a look-up here, not a new request and a walk
/// over the running children.
@usableFromInline
package final class ChildEnding: Sendable {
  /// Whether the child named by a component ends.
  package let ends: @Sendable (ChildComponent) -> Bool
  /// Where this request was last carried out: the registry's stamp then, and the path.
  private let lastAnswer = Locked<(stamp: UInt64, path: ChildPath)?>(nil)

  @usableFromInline
  package init(_ ends: @escaping @Sendable (ChildComponent) -> Bool) {
    self.ends = ends
  }

  /// Whether this request was carried out at `path` when the registry's stamp was `stamp`:
  /// no child has started work since, so carrying it out again would end nothing.
  func wasCarriedOut(at path: ChildPath, stamp: UInt64) -> Bool {
    lastAnswer.withLock { $0.map { $0.stamp == stamp && $0.path == path } ?? false }
  }

  /// Records that this request was carried out at `path` when the registry's stamp was
  /// `stamp`.
  func carriedOut(at path: ChildPath, stamp: UInt64) {
    lastAnswer.withLock { $0 = (stamp, path) }
  }
}

/// The last request a child reducer returned to end its children's work, as an effect, with
/// the children it kept, so that the reducer returns the same effect while they stay (see
/// ``ChildEnding``): nothing is allocated, and the store skips a request it carried out
/// already. Inlinable, so that it is specialized where the reducer is.
@usableFromInline
final class EndingCache<Kept: Equatable & Sendable, Action>: Sendable {
  /// A class, so that the lock guards one reference: an optional of a value holding `Kept`
  /// (itself often optional) is copied and tested through value witnesses in generic code, on
  /// every look-up.
  @usableFromInline
  final class Entry: Sendable {
    @usableFromInline
    let kept: Kept
    @usableFromInline
    let effect: EndingEffect<Action>

    @inlinable
    init(kept: Kept, effect: EndingEffect<Action>) {
      self.kept = kept
      self.effect = effect
    }
  }

  @usableFromInline
  let last = Locked<Entry?>(nil)

  @usableFromInline
  init() {}

  /// The effect requesting to end the children other than `kept`: the last one when it kept
  /// the same, else one with the request `make(kept)`.
  @inlinable
  func effect(keeping kept: Kept, _ make: (Kept) -> ChildEnding) -> Effect<Action> {
    let cached = last.withLock { entry -> EndingEffect<Action>? in
      guard let entry, entry.kept == kept else { return nil }
      return entry.effect
    }
    if let cached { return cached.effect }
    let made = EndingEffect<Action>(make(kept))
    last.withLock { $0 = Entry(kept: kept, effect: made) }
    return made.effect
  }
}

/// An effect that only requests to end children's work.
///
/// `@unchecked Sendable` is safe: its only content is a ``ChildEnding``, which is `Sendable`;
/// it holds no action and no work, whatever `Action` is.
@usableFromInline
struct EndingEffect<Action>: @unchecked Sendable {
  @usableFromInline
  let effect: Effect<Action>

  @inlinable
  init(_ request: ChildEnding) {
    effect = Effect(ending: request)
  }
}
