/// An action that sets one field of a feature's state, so that a form needs one action case
/// instead of one per field.
///
/// A feature adopts ``BindableAction`` with a `binding` case, and places a ``BindingReducer``
/// in its body, which applies the change:
///
/// ```swift
/// struct SettingsFeature: Reducer {
///   struct State: Equatable {
///     var nickname = ""
///     var notificationsOn = false
///   }
///   enum Action: BindableAction, Equatable {
///     case binding(BindingAction<State>)
///   }
///
///   var body: some Reducer<State, Action> {
///     BindingReducer()
///     Reduce { state, action in
///       switch action {
///       case .binding(\.notificationsOn):
///         // React to one field after BindingReducer set it.
///         return .none
///       case .binding:
///         return .none
///       }
///     }
///   }
/// }
/// ...
/// store.send(.binding(.set(\.nickname, "Ada")))
/// ```
///
/// Two binding actions are equal when they set the same field to equal values, so a
/// `TestStore` asserts them like any other action.
public struct BindingAction<Root>: Sendable {
  /// The field this action sets.
  public let keyPath: any PartialKeyPath<Root> & Sendable
  /// The new value of the field.
  public let value: any Sendable
  let apply: @Sendable (inout Root) -> Void
  private let isEqualValue: @Sendable (any Sendable) -> Bool

  /// An action that sets the field at `keyPath` to `value`.
  ///
  /// ```swift
  /// store.send(.binding(.set(\.email, "ada@example.org")))
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The field to set.
  ///   - value: Its new value.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: any WritableKeyPath<Root, Value> & Sendable, _ value: Value
  ) -> Self {
    Self(
      keyPath: keyPath,
      value: value,
      apply: { $0[keyPath: keyPath] = value },
      isEqualValue: { ($0 as? Value) == value })
  }

  /// Sets the field in `root`.
  ///
  /// ``BindingReducer`` calls it; a feature rarely needs to.
  public func apply(to root: inout Root) {
    apply(&root)
  }

  /// Whether this action sets the field at `keyPath`: lets a reducer match one field with
  /// `case .binding(\.name):`.
  public static func ~= <Value>(keyPath: WritableKeyPath<Root, Value>, action: Self) -> Bool {
    keyPath as AnyKeyPath == action.keyPath as AnyKeyPath
  }
}

extension BindingAction: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.keyPath as AnyKeyPath == rhs.keyPath as AnyKeyPath && lhs.isEqualValue(rhs.value)
  }
}

extension BindingAction: CustomDebugStringConvertible {
  /// `.set(\State.name, "Ada")`.
  public var debugDescription: String {
    var value = ""
    debugPrint(self.value, terminator: "", to: &value)
    return ".set(\(keyPath), \(value))"
  }
}
