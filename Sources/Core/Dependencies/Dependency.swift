/// Reads a dependency from the values in force where it is used.
///
/// ```swift
/// public struct ProfileEditor: Reducer {
///   ...
///   @Dependency(\.profileClient) var profileClient
///   ...
///       .run { [profileClient] send in
///         try await profileClient.save(details)
///         await send(.saveSucceeded(details))
///       }
///   ...
/// }
/// ```
///
/// In a reducer it reads the store's dependencies; in an effect, the dependencies captured
/// when the reducer returned the effect (even after the effect hops threads).
@propertyWrapper
public struct Dependency<Value>: Sendable {
  private let keyPath: any KeyPath<DependencyValues, Value> & Sendable

  /// Creates a reader for the dependency at `keyPath`.
  public init(_ keyPath: any KeyPath<DependencyValues, Value> & Sendable) {
    self.keyPath = keyPath
  }

  /// The dependency's current value.
  public var wrappedValue: Value {
    DependencyValues.current[keyPath: keyPath]
  }
}
