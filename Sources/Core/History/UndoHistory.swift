/// The bounded undo and redo history of a value in a feature's state, kept by
/// ``Reducer/undoable(_:history:action:limit:group:forget:)``.
///
/// Store it beside the value it tracks:
///
/// ```swift
/// struct State: Equatable {
///   var document = Document()
///   var history = UndoHistory<Document>()
/// }
/// ```
///
/// Each step keeps the value as it was before the step. The state's containers are
/// persistent (an `IdentifiedArray` or a `StackState` shares the parts two versions have in
/// common), so a step costs memory in proportion to what it changed, not to the whole value.
///
/// Two histories always compare equal: a history is bookkeeping beside the value it tracks, so
/// it never makes a state distinct on its own and a `TestStore` test asserts the value, not the
/// history (read ``canUndo`` and ``undoCount`` to check it). An observer is therefore not
/// called for a change of the history alone, such as ``removeAll()``.
public struct UndoHistory<Value> {
  /// How the steps that follow are grouped.
  enum Grouping: Equatable {
    /// The next change is a step of its own.
    case none
    /// The last step came from an action of this group key: the next one with the same key
    /// joins it.
    case key(String)
    /// Inside `beginGroup`/`endGroup`, nested `depth` deep; `hasStep` once a change was made.
    case explicit(depth: Int, hasStep: Bool)
  }

  /// The value before each step, oldest first.
  var past: [Value] = []
  /// The value after each undone step, the next to redo last.
  var future: [Value] = []
  var grouping = Grouping.none
  /// Why the steps before the last forgetting were forgotten (see ``forget(because:)``).
  public private(set) var forgottenReason: String?

  /// An empty history.
  public init() {}

  /// Whether there is a step to undo.
  public var canUndo: Bool { !past.isEmpty }
  /// Whether there is a step to redo.
  public var canRedo: Bool { !future.isEmpty }
  /// How many steps can be undone.
  public var undoCount: Int { past.count }
  /// How many steps can be redone.
  public var redoCount: Int { future.count }

  /// Forgets every step: what happened so far can no longer be undone (after a change that
  /// left the app, such as an order sent).
  public mutating func removeAll() {
    past.removeAll()
    future.removeAll()
    grouping = .none
  }

  /// Forgets every step, noting why in ``forgottenReason``; inside a group, the rest of the
  /// group is not a step either.
  public mutating func forget(because reason: String) {
    past.removeAll()
    future.removeAll()
    forgottenReason = reason
    if case .explicit(let depth, _) = grouping {
      grouping = .explicit(depth: depth, hasStep: true)
    } else {
      grouping = .none
    }
  }

  /// Records that `old` was the value before a change made by an action of group `key`.
  mutating func recordChange(from old: Value, key: String?, limit: Int) {
    future.removeAll()
    switch grouping {
    case .explicit(let depth, let hasStep):
      if !hasStep { push(old, limit: limit) }
      grouping = .explicit(depth: depth, hasStep: true)
    case .key(let last) where key == last:
      break
    default:
      push(old, limit: limit)
      grouping = key.map(Grouping.key) ?? .none
    }
  }

  private mutating func push(_ old: Value, limit: Int) {
    past.append(old)
    if past.count > limit { past.removeFirst(past.count - limit) }
  }

  /// Swaps `value` with the value before the last step; `false` when there is none.
  mutating func undo(_ value: inout Value) -> Bool {
    guard let previous = past.popLast() else { return false }
    future.append(value)
    value = previous
    closeOpenStep()
    return true
  }

  /// Swaps `value` with the value after the last undone step; `false` when there is none.
  mutating func redo(_ value: inout Value) -> Bool {
    guard let next = future.popLast() else { return false }
    past.append(value)
    value = next
    closeOpenStep()
    return true
  }

  mutating func beginGroup() {
    if case .explicit(let depth, let hasStep) = grouping {
      grouping = .explicit(depth: depth + 1, hasStep: hasStep)
    } else {
      grouping = .explicit(depth: 1, hasStep: false)
    }
  }

  mutating func endGroup() {
    if case .explicit(let depth, let hasStep) = grouping, depth > 1 {
      grouping = .explicit(depth: depth - 1, hasStep: hasStep)
    } else {
      grouping = .none
    }
  }

  /// Ends the step being made, after an undo or a redo moved past it: the next change starts
  /// a new one, inside a group too (the group's step so far is the one just undone or redone).
  private mutating func closeOpenStep() {
    switch grouping {
    case .key: grouping = .none
    case .explicit(let depth, _): grouping = .explicit(depth: depth, hasStep: false)
    case .none: break
    }
  }
}

extension UndoHistory: Equatable {
  /// Always `true`: a history never makes a state distinct (see ``UndoHistory``).
  public static func == (lhs: Self, rhs: Self) -> Bool { true }
}

extension UndoHistory: Sendable where Value: Sendable {}

extension UndoHistory: CustomReflectable {
  /// No children: like `==`, a state's diff, a test failure and a printed state show the
  /// value a history tracks, never the steps it keeps (read ``undoCount`` and ``redoCount``).
  public var customMirror: Mirror {
    Mirror(self, children: [], displayStyle: .struct)
  }
}

extension UndoHistory: Codable where Value: Codable {
  private enum CodingKeys: String, CodingKey {
    case past, future
  }

  /// Decodes the steps; grouping starts afresh.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    past = try container.decode([Value].self, forKey: .past)
    future = try container.decode([Value].self, forKey: .future)
  }

  /// Encodes the steps (the grouping in progress is not kept).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(past, forKey: .past)
    try container.encode(future, forKey: .future)
  }
}
