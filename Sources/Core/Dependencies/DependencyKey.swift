/// Declares a dependency: its type and the values used by a live ``Store`` and in tests.
///
/// ```swift
/// struct NumberClient: Sendable { var fetch: @Sendable () async throws -> Int }
///
/// enum NumberClientKey: DependencyKey {
///   static let liveValue = NumberClient { Int.random(in: 1...100) }
///   static let testValue = NumberClient { 42 }
/// }
///
/// extension DependencyValues {
///   var number: NumberClient {
///     get { self[NumberClientKey.self] }
///     set { self[NumberClientKey.self] = newValue }
///   }
/// }
/// ```
///
/// > Important: A key without a `testValue` falls back to `liveValue` under a `TestStore`, and
/// > reports a test failure naming the key each time it is used, so a test never silently
/// > reaches the real world. Override it in the test's `withDependencies:`.
public protocol DependencyKey {
  /// The type of the dependency.
  associatedtype Value: Sendable
  /// The value used by a ``Store`` (the real world).
  static var liveValue: Value { get }
  /// The value used by a `TestStore` unless the test overrides it.
  static var testValue: Value { get }
}

extension DependencyKey {
  /// Reports that the key has no test value, then falls back to ``liveValue``.
  public static var testValue: Value {
    IssueReporting.report(
      """
      Dependency '\(Self.self)' has no 'testValue' and was used under a test store; its live \
      value was used instead.

      To fix, override it in the test: 'withDependencies: { $0[\(Self.self).self] = ... }', \
      or give '\(Self.self)' a 'testValue'.
      """)
    return liveValue
  }
}
