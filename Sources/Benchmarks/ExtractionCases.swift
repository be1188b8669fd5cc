import Core

/// Case 9: extracting a child action from a parent action with the enum case constructor,
/// against the hand-written `switch` it replaces.
@MainActor
enum ExtractionCases {
  static func run(_ run: BenchmarkRun) {
    guard run.wants("action extraction") else { return }
    let toChild = CaseRoute(embed: Level5.Action.child)
    let matching = Level5.Action.child(.incremented)
    let other = Level5.Action.siblingChanged
    var found = 0
    run.time("action extraction", variant: "hand-written switch") {
      if handWritten(matching) != nil { found += 1 }
    }
    run.time("action extraction", variant: "case constructor, match") {
      if toChild.extract(matching) != nil { found += 1 }
    }
    run.time("action extraction", variant: "case constructor, other case") {
      if toChild.extract(other) != nil { found += 1 }
    }
    let toRow = CaseRoute(embed: Tree.ModuleAction.row)
    let row = Tree.ModuleAction.row(id: 7, action: .incremented)
    run.time("action extraction", variant: "case constructor, (id, action) payload") {
      if let (id, _) = toRow.extract(row) { found += id }
    }
    blackHole(found)
  }

  @inline(never)
  private static func handWritten(_ action: Level5.Action) -> Counter.Action? {
    switch action {
    case let .child(child): child
    case .siblingChanged: nil
    }
  }
}
