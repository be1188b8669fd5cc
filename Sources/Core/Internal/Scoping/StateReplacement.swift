/// Replaces a scoped store's state with the value just derived from its parent, and says
/// whether the two differ by `==`.
///
/// Built by the inlinable `scope` operators, where the state type is known, so that the
/// comparison and the copy are specialized code. Done by a source in `Core`'s unspecialized
/// code, they are value-witness and protocol-witness calls, per store per change.
@usableFromInline
typealias StateReplacement<State> = (_ current: inout State, _ new: State) -> Bool

/// The ``StateReplacement`` for `State`. The parent's copy is kept even when equal, so that
/// later comparisons of values that share storage short-circuit.
@inlinable
func replacement<State: Equatable>(of _: State.Type) -> StateReplacement<State> {
  { current, new in
    let isChanged = new != current
    current = new
    return isChanged
  }
}
