/// A pure description of how a feature's state changes in response to an action, and of the
/// effect that follows.
///
/// Conform by implementing either ``reduce(into:action:)`` or ``body``, never both:
///
/// ```swift
/// struct CounterFeature: Reducer {
///   struct State: Equatable { var count = 0 }
///   enum Action { case incrementButtonTapped }
///
///   func reduce(into state: inout State, action: Action) -> Effect<Action> {
///     switch action {
///     case .incrementButtonTapped:
///       state.count += 1
///       return .none
///     }
///   }
/// }
/// ```
///
/// A reducer built from others declares a `body` with ``ReducerBuilder``:
///
/// ```swift
/// var body: some Reducer<State, Action> {
///   Scope(state: \.profile, action: Action.profile) { ProfileFeature() }
///   Reduce { state, action in .none }
/// }
/// ```
///
/// A store evaluates `body` once, when it is created, and keeps the resulting reducer, so
/// `body` must be a pure function of the reducer's own properties.
///
/// A feature may contain itself, as a folder presents a folder or a comment holds replies:
///
/// ```swift
/// var body: some Reducer<State, Action> {
///   Reduce { state, action in
///     ...
///   }
///   .ifLet(\.$subfolder, action: Action.subfolder) { Self() }
/// }
/// ```
///
/// Where a reducer's own type turns up again inside its `body`, that level is built the first
/// time an action reaches it, so building the store does not recurse without end.
public protocol Reducer<State, Action> {
  /// The state this reducer changes.
  associatedtype State
  /// The actions this reducer handles.
  associatedtype Action
  /// The type of ``body``; `Never` for reducers that implement ``reduce(into:action:)``.
  associatedtype Body = Never

  /// Changes `state` for `action` and returns the effect to run next.
  ///
  /// - Parameters:
  ///   - state: The current state, mutated in place.
  ///   - action: The action that happened.
  /// - Returns: The effect that follows, or ``Effect/none``.
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The reducer this one is composed of.
  @ReducerBuilder<State, Action>
  var body: Body { get }
}

extension Reducer where Body == Never {
  /// A reducer that implements ``reduce(into:action:)`` has no body; asking for it is a
  /// programming error.
  public var body: Body {
    fatalError(
      """
      '\(Self.self)' has no body. Implement either 'reduce(into:action:)' or 'body'.
      """
    )
  }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// Runs ``body``.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }
}

extension Reducer {
  /// This reducer with its `body` evaluated once, recursively, so a store does not rebuild the
  /// composition (and the caches it holds, such as action extractors) for every action.
  ///
  /// A feature that contains itself (a folder presenting a folder) is resolved one level at a
  /// time: where its own type turns up again inside its `body`, that occurrence becomes a
  /// ``LazyReducer``, resolved the first time it reduces an action.
  @usableFromInline
  func resolved() -> any Reducer<State, Action> {
    if self is CombineReducers<State, Action> || Body.self == Never.self { return self }
    guard let body = bodyUnlessRecursive() else { return LazyReducer(self) }
    return resolved(body: body)
  }

  /// The resolved form of this reducer, given its evaluated `body`.
  @usableFromInline
  func resolved(body: Body) -> any Reducer<State, Action> {
    if let body = body as? any Reducer<State, Action> { return body.resolved() }
    return self
  }

  /// The `reduce` of a ``LazyReducer`` of this reducer (see ``resolved()``).
  @usableFromInline
  func lazyReduceFunction() -> (inout State, Action) -> Effect<Action> {
    let lazy = LazyReducer(self)
    return { lazy.reduce(into: &$0, action: $1) }
  }

  /// ``body``, or `nil` when the body of a reducer of this type is being evaluated already,
  /// further up the same call: the feature contains itself, and evaluating its body now would
  /// never end.
  @usableFromInline
  func bodyUnlessRecursive() -> Body? {
    let type = ObjectIdentifier(Self.self)
    let evaluating = BodyEvaluation.typesInProgress
    if evaluating.contains(type) { return nil }
    return BodyEvaluation.$typesInProgress.withValue(evaluating.union([type])) { body }
  }

  /// This reducer's `reduce`, with its `body` evaluated once, as a function.
  ///
  /// Inlinable so that it is specialized where the reducer's type is known (the module that
  /// composes it): the function it returns then runs concrete code, not generic code through
  /// `any Reducer`. A `body` built with ``ReducerBuilder`` is a ``CombineReducers`` whose
  /// function was built the same way.
  @inlinable
  func reduceFunction() -> (inout State, Action) -> Effect<Action> {
    if let combined = self as? CombineReducers<State, Action> { return combined.run }
    if let reduce = self as? Reduce<State, Action> { return reduce.reduce }
    if Body.self == Never.self {
      // Through the existential, which carries the reducer's metadata: a closure calling a
      // generic reducer's non-inlinable `reduce` (such as `forEach`'s) would look up the
      // metadata of its concrete type on every call. `Scope` has its own builder overload.
      let reducer: any Reducer<State, Action> = self
      return { reducer.reduce(into: &$0, action: $1) }
    }
    guard let body = bodyUnlessRecursive() else { return lazyReduceFunction() }
    if let combined = body as? CombineReducers<State, Action> { return combined.run }
    let resolved = resolved(body: body)
    return { resolved.reduce(into: &$0, action: $1) }
  }
}
