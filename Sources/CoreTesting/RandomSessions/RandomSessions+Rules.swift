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

  /// Adds a rule over each change: the state before and after every action, sent or fed back.
  ///
  /// For rules an invariant cannot say, about what may change:
  ///
  /// ```swift
  /// sessions.transition("a submitted order never changes") { before, after in
  ///   before.orders.filter(\.isSubmitted).allSatisfy { after.orders[id: $0.id] == $0 }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - name: What the rule says, for failures.
  ///   - holds: Whether the change from `before` to `after` satisfies the rule.
  public func transition(
    _ name: String, _ holds: @escaping (_ before: State, _ after: State) -> Bool
  ) {
    rules.append(.transition(name, holds))
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
    rules.append(.model(name, initial: initial, update: update, projection: projection))
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
