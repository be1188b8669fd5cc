import Core

/// Case 10: inserting and removing elements of a large `IdentifiedArray` in an observed store.
///
/// A store observing the whole list keeps the previous state to compare with, so the array's
/// storage is shared when the reducer changes it: with a plain array of ids every insertion or
/// removal would copy all of them. Each action removes one element and inserts another, so the
/// count stays `n`; the cost per action should not grow with `n`. Ids are `String`s, whose
/// copies are not free.
@MainActor
enum ListEditCases {
  static let sizes = [1_000, 10_000, 100_000]

  static func run(_ run: BenchmarkRun) {
    guard run.wants("list edits") else { return }
    for (variant, action) in [
      ("append, remove first", EditedList.Action.rotate),
      ("insert, remove in the middle", .shuffleMiddle),
    ] {
      let lists = sizes.map { (count: $0, edits: edits(count: $0, action: action)) }
      for list in lists {
        run.time("list edits", variant: variant, parameter: list.count, list.edits.operation)
      }
      // The target, timed in alternating samples (see `BenchmarkRun.compare`).
      if let largest = lists.last, let smallest = lists.first {
        run.compare(
          "list edits: 100,000 / 1,000 rows (\(variant))", largest.edits.operation,
          to: smallest.edits.operation)
      }
      for list in lists { list.edits.check() }
    }
  }

  /// An observed store of `count` rows, sent `action` again and again; the check stops the
  /// program if an edit lost a row or a notification.
  private static func edits(count: Int, action: EditedList.Action) -> TimedCase {
    let root = Store(initialState: EditedList.State(count: count)) { EditedList() }
    var notifications = 0
    let subscription = root.observe { _ in notifications += 1 }
    notifications = 0
    var sent = 0
    return TimedCase(
      operation: {
        root.send(action)
        sent += 1
      },
      check: {
        precondition(
          root.state.rows.count == count,
          "list edits: \(root.state.rows.count) rows after \(sent) edits of \(count)")
        precondition(
          notifications == sent, "list edits: \(notifications) notifications for \(sent)")
        subscription.cancel()
      })
  }
}

/// A list whose actions each remove one row and insert a new one.
struct EditedList: Reducer {
  struct Row: Equatable, Identifiable, Sendable {
    let id: String
    var title: String
  }

  struct State: Equatable, Sendable {
    var rows: IdentifiedArray<Row>
    var nextID: Int

    init(count: Int) {
      rows = IdentifiedArray(uniqueElements: (0..<count).map(Self.row))
      nextID = count
    }

    static func row(_ number: Int) -> Row {
      Row(id: "row-\(number)", title: "Row \(number)")
    }

    mutating func makeRow() -> Row {
      defer { nextID += 1 }
      return Self.row(nextID)
    }
  }

  enum Action: Equatable, Sendable {
    /// Removes the first row and appends a new one.
    case rotate
    /// Removes the row in the middle (by id) and inserts a new one there.
    case shuffleMiddle
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .rotate:
      state.rows.remove(at: 0)
      state.rows.append(state.makeRow())
    case .shuffleMiddle:
      let middle = state.rows.count / 2
      state.rows.remove(id: state.rows[middle].id)
      state.rows.insert(state.makeRow(), at: middle)
    }
    return .none
  }
}
