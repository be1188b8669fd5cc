/// The store of a feature, named by its reducer: `StoreOf<ProfileFeature>` is
/// `Store<ProfileFeature.State, ProfileFeature.Action>`.
///
/// ```swift
/// func render(_ store: StoreOf<ProfileFeature>) {
///   ...
/// }
/// ```
public typealias StoreOf<R: Reducer> = Store<R.State, R.Action>
