/// Runs `operation` with dependencies changed by `update`.
///
/// Stores created and effects started inside `operation` keep the changed values.
///
/// ```swift
/// let store = withDependencies {
///   $0.profileClient = ProfileClient(save: { _ in })
/// } operation: {
///   Store(initialState: ProfileFeature.State()) { ProfileFeature() }
/// }
/// ```
public func withDependencies<R>(
  _ update: (inout DependencyValues) throws -> Void,
  operation: () throws -> R
) rethrows -> R {
  var values = DependencyValues.current
  try values.override(with: update)
  return try DependencyValues.$current.withValue(values, operation: operation)
}

/// Runs the asynchronous `operation` with dependencies changed by `update`.
public func withDependencies<R>(
  isolation: isolated (any Actor)? = #isolation,
  _ update: (inout DependencyValues) throws -> Void,
  operation: () async throws -> R
) async rethrows -> R {
  var values = DependencyValues.current
  try values.override(with: update)
  return try await DependencyValues.$current.withValue(values, operation: operation)
}
