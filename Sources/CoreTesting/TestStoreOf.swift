import Core

/// The test store of a feature's reducer: `TestStoreOf<ProfileFeature>` is
/// `TestStore<ProfileFeature.State, ProfileFeature.Action>`.
///
/// Spares spelling both types where a test keeps a store in a property or returns one from a
/// helper:
///
/// ```swift
/// @MainActor
/// func makeStore(clock: TestClock) -> TestStoreOf<SearchFeature> {
///   TestStore(initialState: SearchFeature.State()) {
///     SearchFeature()
///   } withDependencies: {
///     $0.clock = clock
///   }
/// }
/// ```
public typealias TestStoreOf<R: Reducer> = TestStore<R.State, R.Action>
where R.State: Equatable
