import Core

/// Case 9: extracting a child action from a parent action with the enum case constructor and
/// with an explicit case path, against the hand-written `switch` they replace.
@MainActor
enum ExtractionCases {
  static func run(_ run: BenchmarkRun) {
    guard run.wants("action extraction") else { return }
    let toChild = ChildRoute(Level5.Action.child)
    let matching = Level5.Action.child(.incremented)
    let other = Level5.Action.siblingChanged
    // Each iteration reads its action at an index the previous one computed, so that no
    // extraction, the `switch` included, can be hoisted out of the timing loop.
    let matchings = [matching, matching]
    let others = [other, other]
    var found = 0
    run.time("action extraction", variant: "hand-written switch") {
      if handWritten(matchings[found & 1]) != nil { found += 1 }
    }
    run.time("action extraction", variant: "case constructor, match") {
      if toChild.extract(matchings[found & 1]) != nil { found += 1 }
    }
    run.time("action extraction", variant: "case constructor, other case") {
      if toChild.extract(others[found & 1]) != nil { found += 1 }
    }
    let explicit = ChildRoute(
      AnyCasePath(
        embed: Level5.Action.child,
        extract: { if case .child(let action) = $0 { action } else { nil } }))
    run.time("action extraction", variant: "explicit case path, match") {
      if explicit.extract(matchings[found & 1]) != nil { found += 1 }
    }
    run.time("action extraction", variant: "explicit case path, other case") {
      if explicit.extract(others[found & 1]) != nil { found += 1 }
    }
    run.compare(
      "action extraction: explicit case path / hand-written switch",
      { if explicit.extract(matchings[found & 1]) != nil { found += 1 } },
      to: { if handWritten(matchings[found & 1]) != nil { found += 1 } })
    let toRow = ChildRoute(Tree.ModuleAction.row)
    let row = Tree.ModuleAction.row(id: 7, action: .incremented)
    run.time("action extraction", variant: "case constructor, (id, action) payload") {
      if let (id, _) = toRow.extract(row) { found += id }
    }
    let toRowSeven = ChildRoute({ Tree.ModuleAction.row(id: 7, action: $0) })
    run.time("action extraction", variant: "case constructor, { .row(id: 7, action: $0) }") {
      if toRowSeven.extract(row) != nil { found += 1 }
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
