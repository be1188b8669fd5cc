/// The effects started by one ``Store/send(_:)``.
///
/// ```swift
/// let task = store.send(.refreshButtonTapped)
/// await task.finish()   // every effect it started (and their feedback) has finished
/// ```
public struct StoreTask: Hashable, Sendable {
  let batch: EffectBatch?

  init(batch: EffectBatch?) {
    self.batch = batch
  }

  /// The task of a send that started nothing.
  package static var empty: Self { Self(batch: nil) }

  /// Whether ``cancel()`` was called on this task.
  ///
  /// Effects ended another way (by `.cancel(id:)`, by dismissing or removing the child that
  /// started them, or by releasing the store) leave it `false`; ``finish()`` returns once they
  /// have ended, however they ended.
  @MainActor
  public var isCancelled: Bool { batch?.isCancelled ?? false }

  /// Cancels the effects this send started.
  @MainActor
  public func cancel() {
    batch?.cancel()
  }

  /// Waits until every effect this send started has finished, including effects started by
  /// the actions they fed back.
  @MainActor
  public func finish() async {
    await batch?.finish()
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.batch === rhs.batch
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(batch.map(ObjectIdentifier.init))
  }
}
