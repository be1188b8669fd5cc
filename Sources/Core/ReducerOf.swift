/// The reducer protocol constrained to a feature's state and action: `some ReducerOf<Self>` is
/// `some Reducer<Self.State, Self.Action>`.
///
/// Spares repeating both types in a feature's `body`:
///
/// ```swift
/// struct CounterFeature: Reducer {
///   struct State: Equatable { var count = 0 }
///   enum Action { case incrementTapped }
///
///   var body: some ReducerOf<Self> {
///     Reduce { state, action in
///       state.count += 1
///       return .none
///     }
///   }
/// }
/// ```
public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>
