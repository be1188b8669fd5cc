import Core

/// Matches an action by its enum case, given the case's constructor (`Action.loaded`) or an
/// explicit ``AnyCasePath``, with the routing `Scope` uses: the case matches exactly when the
/// constructor's case carries a payload (whatever it is), and a shape routing refuses is
/// reported.
struct ActionCase<Action, Value>: Sendable {
  private let route: ChildRoute<Action, Value>

  init(_ embed: @escaping @Sendable (Value) -> Action) {
    route = ChildRoute(embed)
  }

  init(_ path: AnyCasePath<Action, Value>) {
    route = ChildRoute(path)
  }

  /// Whether `action` is the case.
  func matches(_ action: Action) -> Bool {
    route.extract(action) != nil
  }
}
