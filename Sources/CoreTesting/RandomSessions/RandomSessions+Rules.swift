extension RandomSessions {
  /// Adds a rule that every state of every session must satisfy: the initial state, and the
  /// state after each action, sent or fed back by an effect.
  ///
  /// ```swift
  /// sessions.invariant("total is never negative") { $0.total >= .zero }
  /// ```
  ///
  /// A failure names the rule, the step, and what the breaking action changed.
  ///
  /// - Parameters:
  ///   - name: What the rule says, for failures.
  ///   - holds: Whether a state satisfies the rule.
  public func invariant(_ name: String, _ holds: @escaping (_ state: State) -> Bool) {
    rules.append(.invariant(name, holds))
  }

  /// Adds a rule over each change: the state before, the action, and the state after, for
  /// every action, sent or fed back.
  ///
  /// For rules an invariant cannot say, about what may change and what causes it:
  ///
  /// ```swift
  /// sessions.transition("only a submission changes the status") { before, action, after in
  ///   guard before.status != after.status else { return true }
  ///   if case .submitTapped = action { return true }
  ///   return false
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - name: What the rule says, for failures.
  ///   - holds: Whether `action`'s change from `before` to `after` satisfies the rule.
  public func transition(
    _ name: String,
    _ holds: @escaping (_ before: State, _ action: Action, _ after: State) -> Bool
  ) {
    rules.append(.transition(name, holds))
  }

  /// Adds a rule over each change, the state before and after: a rule that does not need the
  /// action.
  @available(
    *, deprecated,
    message: "Write the closure with three parameters: '{ before, action, after in ... }'."
  )
  public func transition(
    _ name: String, _ holds: @escaping (_ before: State, _ after: State) -> Bool
  ) {
    rules.append(.transition(name) { before, _, after in holds(before, after) })
  }

  /// Adds a reference model: a plain value that `update` changes with each action, compared
  /// after every action with `projection` of the state.
  ///
  /// The model says simply what the feature does in a complicated way; a difference fails the
  /// run with a diff of the model and the projection:
  ///
  /// ```swift
  /// sessions.model("the counts", initial: [Int: Int]()) { counts, action in
  ///   if case let .added(id) = action { counts[id, default: 0] += 1 }
  /// } projection: { state in
  ///   state.rows.reduce(into: [:]) { $0[$1.id] = $1.count }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - name: What the model is, for failures.
  ///   - initial: The model of the initial state.
  ///   - update: Changes the model for an action, sent or fed back by an effect.
  ///   - projection: The part of the state the model describes, in the model's terms.
  public func model<Model: Equatable>(
    _ name: String, initial: Model,
    update: @escaping (_ model: inout Model, _ action: Action) -> Void,
    projection: @escaping (_ state: State) -> Model
  ) {
    rules.append(
      .model(name, initial: initial, update: update, expected: { $0 }, projection: projection))
  }

  /// Adds a reference model of its own type: `update` changes it with each action, and what
  /// it expects (`expected`) is compared after every action with `projection` of the state.
  ///
  /// The model keeps what it needs to say what to expect (an undo stack, the next id), and
  /// only `expected` of it is compared and shown in a failure's diff:
  ///
  /// ```swift
  /// struct Names {
  ///   var names: [String] = []
  ///   var undone: [[String]] = []
  /// }
  /// sessions.model("the names", initial: Names()) { model, action in
  ///   switch action {
  ///   case let .added(name):
  ///     model.undone.append(model.names)
  ///     model.names.append(name)
  ///   case .undoTapped:
  ///     if let last = model.undone.popLast() { model.names = last }
  ///   }
  /// } expected: {
  ///   $0.names
  /// } projection: { state in
  ///   state.rows.map(\.name)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - name: What the model is, for failures.
  ///   - initial: The model of the initial state.
  ///   - update: Changes the model for an action, sent or fed back by an effect.
  ///   - expected: What the model expects the projection of the state to be.
  ///   - projection: The part of the state the model describes.
  public func model<Model, Projection: Equatable>(
    _ name: String, initial: Model,
    update: @escaping (_ model: inout Model, _ action: Action) -> Void,
    expected: @escaping (_ model: Model) -> Projection,
    projection: @escaping (_ state: State) -> Projection
  ) {
    rules.append(
      .model(
        name, initial: initial, update: update, expected: expected, projection: projection))
  }

  /// Lets steps report issues whose message `isAllowed` accepts, instead of failing the run.
  ///
  /// By default any issue reported during a step fails the run: an action for a child that is
  /// gone, a dependency without a test value, an effect's error nobody handled.
  ///
  /// ```swift
  /// sessions.allowIssues { $0.contains("OrdersClient.submit") }
  /// ```
  public func allowIssues(where isAllowed: @escaping (_ message: String) -> Bool) {
    self.isAllowed = isAllowed
  }
}
