/// Reads a scoped store's optional state out of its parent's state and takes it: `.vanished`
/// when it is `nil` (leaving `current` as it was), otherwise whether it changed by `==`.
///
/// Built by the inlinable `scope` operators, where both state types are known, so that the
/// read, the comparison and the copy run specialized. Done in `Core`'s unspecialized code, a
/// read through the key path of a presented child (`\.$sheet.wrappedValue`: two computed
/// components) made run-time metadata look-ups for each component on every change.
@usableFromInline
typealias OptionalStateRead<Parent, State> = (_ parent: inout Parent, _ current: inout State)
  -> ScopeRead

/// The ``OptionalStateRead`` through `keyPath`: in place at its offset when it is a path of
/// stored properties (see ``withStoredProperty(at:of:as:_:)``), through the key path otherwise.
@inlinable
func optionalStateRead<Parent, State: Equatable>(
  _ keyPath: KeyPath<Parent, State?>
) -> OptionalStateRead<Parent, State> {
  guard let offset = MemoryLayout<Parent>.offset(of: keyPath) else {
    return { parent, current in takeIfPresent(parent[keyPath: keyPath], into: &current) }
  }
  return { parent, current in
    withStoredProperty(at: offset, of: &parent, as: State?.self) {
      takeIfPresent($0, into: &current)
    }
  }
}

/// The ``OptionalStateRead`` of the child a ``PresentationState`` presents, compared in its
/// box.
@inlinable
func presentedStateRead<Parent, State: Equatable>(
  _ keyPath: KeyPath<Parent, PresentationState<State>>
) -> OptionalStateRead<Parent, State> {
  guard let offset = MemoryLayout<Parent>.offset(of: keyPath) else {
    return { parent, current in takeIfPresent(parent[keyPath: keyPath].box?.value, into: &current) }
  }
  return { parent, current in
    withStoredProperty(at: offset, of: &parent, as: PresentationState<State>.self) {
      takeIfPresent($0.box?.value, into: &current)
    }
  }
}

/// Takes `value` into `current` unless it is `nil`; says what changed.
@inlinable @inline(__always)
func takeIfPresent<State: Equatable>(_ value: State?, into current: inout State) -> ScopeRead {
  guard let value else { return .vanished }
  let isChanged = value != current
  current = value
  return isChanged ? .changed : .unchanged
}
