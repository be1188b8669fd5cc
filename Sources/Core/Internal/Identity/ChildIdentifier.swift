import Synchronization

/// Reads the ``ChildIdentity`` of a child state: its enum case (for an enum of destinations or
/// screens) and its `id` (when the state, or the case's payload, is `Identifiable`).
///
/// The case and the payload are read through the enum's metadata (``EnumMetadata``), as the
/// cases are declared: a labelled payload (`case edit(state: Edit.State)`) counts, and a
/// `CustomReflectable` conformance changes nothing. The `id` is read through `Identifiable`.
@usableFromInline
final class ChildIdentifier<State>: Sendable {
  private let metadata: EnumMetadata?
  private let isIdentifiable: Bool
  /// Whether `State` itself is a dialog, worked out once rather than cast on every action.
  private let isEphemeralType: Bool
  /// What each case's declared payload is, worked out on first use.
  private let cases = Locked<[CaseInfo]?>(nil)
  /// Which cases declare an `Identifiable` payload, read without the lock once known.
  private let identifiableCases = CaseFlags()
  /// Which cases declare a dialog as their payload.
  private let ephemeralCases = CaseFlags()
  /// Whether a dialog whose action case cannot be told apart was reported.
  private let reportedAmbiguousDialog = Atomic(false)
  /// The action cases of each dialog's state case, by action type and state case, worked out
  /// on the first action a dialog of that case receives.
  private let dialogActions = Locked<[DialogCaseKey: [UInt32]]>([:])

  private struct DialogCaseKey: Hashable {
    let actions: ObjectIdentifier
    let stateTag: UInt32
  }

  /// What an enum case's declared payload is.
  private struct CaseInfo: Sendable {
    let type: Any.Type?
    let isIndirect: Bool
    let isEphemeral: Bool
    /// The type of the dialog's actions, when the payload is a dialog.
    let dialogAction: Any.Type?
  }

  /// Whether a state of this type can be a dialog (see ``closesDialog(_:on:)``): a dialog
  /// type, or an enum, one of whose cases may be.
  @usableFromInline
  let mayBeDialog: Bool

  init() {
    isIdentifiable = State.self is any Identifiable.Type
    isEphemeralType = State.self is any EphemeralState.Type
    metadata = isIdentifiable || isEphemeralType ? nil : EnumMetadata(State.self)
    mayBeDialog = isEphemeralType || metadata != nil
  }

  /// The identity of `state`.
  @usableFromInline
  func identity(of state: State) -> ChildIdentity {
    if isIdentifiable { return ChildIdentity(tag: nil, id: Self.id(of: state)) }
    guard let metadata else { return .plain }
    let tag = metadata.tag(of: state)
    let hasID = identifiableCases.value(of: tag) {
      payload(of: state, tag: tag).map { Self.id(of: $0) != nil } ?? false
    }
    guard hasID, let payload = payload(of: state, tag: tag) else {
      return ChildIdentity(tag: tag, id: nil)
    }
    return ChildIdentity(tag: tag, id: Self.id(of: payload))
  }

  /// Whether `state` is a dialog, or an enum case declaring one as its payload.
  func isEphemeral(_ state: State) -> Bool {
    if isEphemeralType { return true }
    guard let metadata else { return false }
    let tag = metadata.tag(of: state)
    return ephemeralCases.value(of: tag) { info(tag: tag)?.isEphemeral ?? false }
  }

  /// Whether `action`, sent to the presented `state`, closes it: `state` is a dialog, or an
  /// enum case declaring one, and `action` is of that dialog's case (see
  /// ``dialogActionCases(of:in:)``). An action of another destination's case leaves the
  /// dialog presented.
  @usableFromInline
  func closesDialog<ChildAction>(_ state: State, on action: ChildAction) -> Bool {
    if isEphemeralType { return true }
    guard isEphemeral(state), let metadata else { return false }
    let stateTag = metadata.tag(of: state)
    guard let actions = EnumMetadata(ChildAction.self) else { return true }
    let key = DialogCaseKey(actions: ObjectIdentifier(ChildAction.self), stateTag: stateTag)
    let cases =
      dialogActions.withLock { $0[key] }
      ?? {
        let cases = dialogActionCases(of: stateTag, in: actions)
        dialogActions.withLock { $0[key] = cases }
        return cases
      }()
    return cases.contains(actions.tag(of: action))
  }

  /// The cases of the action enum `actions` that carry the actions of the dialog in state case
  /// `stateTag`: of the cases declaring the dialog's action type as their payload, the one
  /// named like the state case (`case deleteAlert(AlertState<Choice>)` and `case
  /// deleteAlert(Choice)`), or else the only one. Several, none named like the state case,
  /// cannot be told apart: each of them closes the dialog, and that is reported once.
  private func dialogActionCases(of stateTag: UInt32, in actions: EnumMetadata) -> [UInt32] {
    guard let metadata, let dialogAction = info(tag: stateTag)?.dialogAction else { return [] }
    let candidates = (0..<actions.caseCount).filter { tag in
      actions.payloadType(tag: tag).map { ObjectIdentifier($0) == ObjectIdentifier(dialogAction) }
        ?? false
    }
    guard candidates.count > 1 else { return candidates }
    let name = metadata.caseName(tag: stateTag)
    if let named = candidates.first(where: { actions.caseName(tag: $0) == name }) {
      return [named]
    }
    if !reportedAmbiguousDialog.exchange(true, ordering: .relaxed) {
      let names = candidates.compactMap { actions.caseName(tag: $0) }.map { "'\($0)'" }
      IssueReporting.report(
        """
        The dialog in case '\(name ?? "?")' of '\(State.self)' has its actions in one of \
        several cases of the action enum (\(names.joined(separator: ", "))), none of them named \
        '\(name ?? "?")': an action of any of them closes it.

        To fix, name the action case that carries the dialog's actions like its state case.
        """)
    }
    return candidates
  }

  /// The payload of `state`'s case `tag`, read as the case declares it; `nil` for a case
  /// without one.
  private func payload(of state: State, tag: UInt32) -> Any? {
    guard let metadata, let info = info(tag: tag), let type = info.type else { return nil }
    return metadata.payload(ofAny: state, as: type, indirect: info.isIndirect)
  }

  private func info(tag: UInt32) -> CaseInfo? {
    cases.withLock { cases in
      if cases == nil, let metadata { cases = Self.readCases(metadata) }
      guard let cases, Int(tag) < cases.count else { return nil }
      return cases[Int(tag)]
    }
  }

  private static func readCases(_ metadata: EnumMetadata) -> [CaseInfo] {
    (0..<metadata.caseCount).map { tag in
      let type = metadata.payloadType(tag: tag)
      return CaseInfo(
        type: type, isIndirect: metadata.isIndirect(tag: tag) ?? false,
        isEphemeral: type.map { $0 is any EphemeralState.Type } ?? false,
        dialogAction: (type as? any EphemeralState.Type)?.dialogAction)
    }
  }

  /// The `id` of `value` when it is `Identifiable`, or a one-element tuple (the payload of a
  /// case with one labelled value, `case edit(state: Edit.State)`) of an `Identifiable`.
  private static func id(of value: Any) -> HashableValue? {
    func open<Value: Identifiable>(_ value: Value) -> HashableValue {
      HashableValue(IdentityValue(value.id))
    }
    if let identifiable = value as? any Identifiable { return open(identifiable) }
    // A tuple cannot conform to `CustomReflectable`: its mirror lists its elements as they are.
    let tuple = Mirror(reflecting: value)
    guard tuple.displayStyle == .tuple, tuple.children.count == 1,
      let identifiable = tuple.children.first?.value as? any Identifiable
    else { return nil }
    return open(identifiable)
  }
}

/// A value that is part of a child's identity, compared and hashed as an `AnyHashable`: the
/// `id` of an `Identifiable` child, or a value an action route fixes beside the child (see
/// ``ActionRoute``).
///
/// `@unchecked Sendable` is safe: the wrapped value is never mutated, and only hashed and
/// compared, by the child reducers and the store's effect registry, which all run in the
/// store's isolation (the main actor). `Identifiable` does not require `ID: Sendable`, nor an
/// action its payloads, so the checker cannot see this.
struct IdentityValue: Hashable, @unchecked Sendable {
  let value: AnyHashable

  init(_ value: some Hashable) {
    self.value = AnyHashable(value)
  }
}

/// A yes-or-no property of each case of an enum, worked out once per case (for the first 64
/// cases; later ones every time).
///
/// Thread-safe: two atomics.
private final class CaseFlags: Sendable {
  /// Bit `tag` set: case `tag` has the property.
  private let yes = Atomic<UInt64>(0)
  /// Bit `tag` set: case `tag` does not.
  private let no = Atomic<UInt64>(0)

  /// Whether case `tag` has the property, from `compute` the first time.
  func value(of tag: UInt32, _ compute: () -> Bool) -> Bool {
    guard tag < 64 else { return compute() }
    let bit = UInt64(1) << UInt64(tag)
    if yes.load(ordering: .relaxed) & bit != 0 { return true }
    if no.load(ordering: .relaxed) & bit != 0 { return false }
    let value = compute()
    if value {
      yes.bitwiseOr(bit, ordering: .relaxed)
    } else {
      no.bitwiseOr(bit, ordering: .relaxed)
    }
    return value
  }
}
