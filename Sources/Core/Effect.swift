/// The work that follows an action: nothing, an action delivered at once, or asynchronous work
/// that feeds actions back into the store.
///
/// A reducer returns an effect; the store runs it. Effects compose with `merge`, `concatenate`
/// and ``map(_:)``, and can be cancelled by id.
///
/// ```swift
/// state.saveStatus = .saving
/// state.closesWhenSaved = closing
/// return .merge(
///   .cancel(id: CancelID.autosave),
///   .run { [profileClient] send in
///     try await profileClient.save(details)
///     await send(.saveSucceeded(details))
///   } catch: { error, send in
///     await send(.saveFailed(String(describing: error)))
///   }
///   .cancellable(id: CancelID.save, cancelInFlight: true))
/// ```
public struct Effect<Action> {
  @usableFromInline
  package enum Operation {
    case none
    case send(Action)
    /// Asynchronous work: its priority, where it was created (`nil` for work the framework
    /// makes), and its body.
    case run(TaskPriority?, SourceLocation?, @Sendable (Send<Action>) async -> Void)
    case merge([Effect])
    case concatenate([Effect])
    indirect case cancellable(HashableValue, cancelInFlight: Bool, Effect)
    case cancel(HashableValue)
    /// The effect of the child instance `ChildComponent`, run under its path: its
    /// cancellation ids are scoped by it, and ``cancelChildren(_:)`` ends it.
    indirect case child(ChildStep, Effect)
    /// Cancels every effect that the child instances for which the request's predicate holds
    /// started, and those of their own children.
    case cancelChildren(ChildEnding)
    /// Cancels the work of every child, anywhere in the store, that the store's state no longer
    /// holds (after an undo put back an older value).
    case endMissingChildren
    /// The effect, throttled by the store that runs it (see `Effect+Throttle.swift`).
    indirect case throttle(Throttle, Effect)
  }

  /// The operation, boxed; `nil` for `.none`. Boxing makes an effect one reference whatever
  /// `Action` is, so reducers and stores, which run as unspecialized generic code, create,
  /// pass and test effects without looking up `Effect<Action>`'s metadata at run time (the
  /// most common effect, `.none`, costs nothing at all).
  @usableFromInline
  let box: EffectBox<Action>?

  package var operation: Operation { box?.operation ?? .none }

  package init(operation: Operation) {
    switch operation {
    case .none: box = nil
    case let .cancelChildren(request): box = EffectBox(operation, ending: request)
    default: box = EffectBox(operation)
    }
  }

  /// A request to end children's work.
  @inlinable
  init(ending request: ChildEnding) {
    box = EffectBox(.cancelChildren(request), ending: request)
  }

  @inlinable
  init(none: Void) {
    box = nil
  }

  /// The request to end children's work this effect is, if it is one: read without copying
  /// the operation, which in the store's unspecialized code looks up `Operation`'s metadata.
  var ending: ChildEnding? { box?.ending }

  @inlinable
  var isNone: Bool { box == nil }

  /// Whether the effect only delivers actions (`.send`, `.none`, and merges and
  /// concatenations of them): such an effect is delivered within the `send` that returned it.
  var isSynchronous: Bool {
    switch operation {
    case .none, .send: true
    case let .merge(effects), let .concatenate(effects): effects.allSatisfy(\.isSynchronous)
    case let .child(_, effect): effect.isSynchronous
    case .run, .cancellable, .cancel, .cancelChildren, .endMissingChildren, .throttle: false
    }
  }

  /// Whether this effect holds a request to end children that left the state.
  var requestsEndings: Bool {
    switch operation {
    case .none, .send, .run, .cancel, .endMissingChildren: false
    case .cancelChildren: true
    case let .merge(effects), let .concatenate(effects): effects.contains(where: \.requestsEndings)
    case let .cancellable(_, _, effect), let .child(_, effect), let .throttle(_, effect):
      effect.requestsEndings
    }
  }

  /// Merges without wrapping when there is at most one effect.
  @usableFromInline
  init(merging effects: [Effect]) {
    switch effects.count {
    case 0: self = .none
    case 1: self = effects[0]
    default: self.init(operation: .merge(effects))
    }
  }
}

extension Effect: Sendable where Action: Sendable {}
extension Effect.Operation: Sendable where Action: Sendable {}

/// The storage of a non-`none` ``Effect``.
@usableFromInline
final class EffectBox<Action> {
  @usableFromInline
  let operation: Effect<Action>.Operation
  /// The request, when `operation` is `.cancelChildren`.
  @usableFromInline
  let ending: ChildEnding?

  @inlinable
  init(_ operation: Effect<Action>.Operation, ending: ChildEnding? = nil) {
    self.operation = operation
    self.ending = ending
  }
}

extension EffectBox: Sendable where Action: Sendable {}

extension Effect {
  /// An effect that does nothing.
  @inlinable
  public static var none: Self { Self(none: ()) }

  /// An effect that delivers `action` to the store synchronously, before the `send` that
  /// produced it returns.
  ///
  /// Prefer sharing logic with a helper function over sending actions to yourself; use this
  /// for a child's delegate action that its parent should handle.
  public static func send(_ action: Action) -> Self {
    Self(operation: .send(action))
  }

  /// An effect that runs asynchronous work and may send actions back with `send`.
  ///
  /// The work sees the dependencies that were in force when the reducer returned the effect.
  /// An error thrown by `operation` goes to `handler`; without a handler it is reported as a
  /// runtime issue naming where the effect was created. A `CancellationError`, thrown because
  /// the effect was cancelled or because work it awaited was, ends the effect quietly; any
  /// other error is handled or reported, even after cancellation.
  ///
  /// ```swift
  /// return .run { send in
  ///   let orders = try await ordersClient.load()
  ///   await send(.ordersLoaded(orders))
  /// } catch: { error, send in
  ///   await send(.ordersFailedToLoad(error.localizedDescription))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - priority: The priority of the task that runs the work.
  ///   - operation: The work. Call `await send(action)` to feed actions back.
  ///   - handler: Called with any error other than `CancellationError` that `operation`
  ///     throws.
  ///   - fileID: Where the effect was created, for the unhandled-error report.
  ///   - filePath: Where the effect was created, for the unhandled-error report.
  ///   - line: Where the effect was created, for the unhandled-error report.
  ///   - column: Where the effect was created, for the unhandled-error report.
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    let dependencies = DependencyValues.current
    let location = SourceLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
    return Self(
      operation: .run(priority, location) { send in
        await DependencyValues.$current.withValue(dependencies) {
          do {
            try await operation(send)
          } catch {
            // A cancellation (of this effect, or of work it awaited) ends it quietly.
            if error is CancellationError { return }
            if let handler {
              await handler(error, send)
            } else {
              IssueReporting.report(
                """
                An effect created at \(location) threw an unhandled error: \(error)

                To fix, handle the error inside the effect, or pass 'catch:' to '.run' and \
                turn it into an action.
                """,
                at: location)
            }
          }
        }
      })
  }

  /// An effect that runs all `effects` at the same time.
  public static func merge(_ effects: Self...) -> Self {
    merge(effects)
  }

  /// `merge(first, second)` without the variadic version's arrays while at most one of them
  /// is not `.none`, which is what `ifLet` and `forEach` merge on almost every action.
  /// Inlinable, so that those checks run in the reducer's specialized code: called there,
  /// unspecialized code looks up `Operation`'s metadata first.
  @inlinable
  static func merged(_ first: Self, _ second: Self) -> Self {
    if first.isNone { return second }
    if second.isNone { return first }
    return Self(merging: [first, second])
  }

  /// An effect that runs all `effects` at the same time.
  public static func merge(_ effects: some Sequence<Self>) -> Self {
    Self(merging: effects.filter { !$0.isNone })
  }

  /// This effect and `other`, run at the same time.
  public func merge(with other: Self) -> Self {
    .merge(self, other)
  }

  /// An effect that runs `effects` one after another, each starting when the previous one
  /// (and every task it started) finished.
  ///
  /// When every effect only sends actions (`.send`, and merges and concatenations of them),
  /// the actions are delivered in order within the `send` that returned it, like a `.send`.
  public static func concatenate(_ effects: Self...) -> Self {
    concatenate(effects)
  }

  /// An effect that runs `effects` one after another.
  public static func concatenate(_ effects: some Sequence<Self>) -> Self {
    let effects = effects.filter { !$0.isNone }
    switch effects.count {
    case 0: return .none
    case 1: return effects[0]
    default: return Self(operation: .concatenate(effects))
    }
  }

  /// This effect, then `next`.
  public func concatenate(with next: Self) -> Self {
    .concatenate(self, next)
  }

  /// This effect, registered under `id` so that ``cancel(id:)`` can stop it.
  ///
  /// - Parameters:
  ///   - id: Any hashable value. Ids are local to the feature instance whose reducer returns
  ///     the effect and to its descendants: the same id used by two rows of a `forEach`, two
  ///     presentations of an `ifLet` child, or two `Scope`s names two different sets of
  ///     effects, and a parent's ``cancel(id:)`` also reaches the effects its children (and
  ///     theirs) started under that id.
  ///   - cancelInFlight: Cancel effects already running under `id` before starting this one.
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    if isNone && !cancelInFlight { return self }
    return Self(operation: .cancellable(HashableValue(id), cancelInFlight: cancelInFlight, self))
  }

  /// An effect that cancels every running effect registered under `id` by this feature
  /// instance or by any of its descendants (scoped, presented, stacked or element children,
  /// and theirs); a sibling's effects are never reached (see
  /// ``cancellable(id:cancelInFlight:)``).
  ///
  /// Removing a child's state (an `ifLet` child set to `nil`, a `forEach` element removed, a
  /// screen popped) cancels all of that child's effects, whatever their ids.
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(operation: .cancel(HashableValue(id)))
  }

  /// This effect with every action it sends transformed by `transform`.
  ///
  /// `Scope`, `ifLet` and `forEach` use it to lift a child's effects to the parent.
  public func map<NewAction>(
    _ transform: @escaping @Sendable (Action) -> NewAction
  ) -> Effect<NewAction> {
    mapOperation(transform)
  }

  /// A child's effect as its parent runs it: actions transformed by `transform`, and the
  /// whole effect run under the child instance `component`, which scopes its cancellation ids
  /// and lets ``Operation/cancelChildren(_:)`` end it.
  @usableFromInline
  func lift<NewAction>(
    _ transform: @escaping @Sendable (Action) -> NewAction, into component: ChildComponent,
    locator: ChildLocator? = nil
  ) -> Effect<NewAction> {
    if isNone { return .none }
    let step = ChildStep(component: component, locator: locator)
    return Effect<NewAction>(operation: .child(step, map(transform)))
  }

  private func mapOperation<NewAction>(
    _ transform: @escaping @Sendable (Action) -> NewAction
  ) -> Effect<NewAction> {
    switch operation {
    case .none:
      return .none
    case let .send(action):
      return .send(transform(action))
    case let .run(priority, location, run):
      return Effect<NewAction>(
        operation: .run(priority, location) { send in
          await run(Send { action in send(transform(action)) })
        })
    case let .merge(effects):
      return Effect<NewAction>(operation: .merge(effects.map { $0.map(transform) }))
    case let .concatenate(effects):
      return Effect<NewAction>(operation: .concatenate(effects.map { $0.map(transform) }))
    case let .cancellable(id, cancelInFlight, effect):
      return Effect<NewAction>(
        operation: .cancellable(id, cancelInFlight: cancelInFlight, effect.map(transform)))
    case let .cancel(id):
      return Effect<NewAction>(operation: .cancel(id))
    case let .child(component, effect):
      return Effect<NewAction>(operation: .child(component, effect.map(transform)))
    case let .cancelChildren(request):
      return Effect<NewAction>(ending: request)
    case .endMissingChildren:
      return Effect<NewAction>(operation: .endMissingChildren)
    case let .throttle(throttle, effect):
      return Effect<NewAction>(operation: .throttle(throttle, effect.map(transform)))
    }
  }
}
