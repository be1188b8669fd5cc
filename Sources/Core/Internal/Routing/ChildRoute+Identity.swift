extension ChildRoute {
  /// The route `embed(child)` takes from the parent to the child: part of the identity of a
  /// key-path `Scope`'s child. `nil` when the parent is not an enum.
  ///
  /// A constructor route reads its proven shape; an explicit route locates the child in what
  /// its `embed` builds, by declared types, once. A route that fixes no value beside the child
  /// is the same for every child, and is kept after the first time.
  func route(embedding child: Child) -> ActionRoute? {
    if let constant = constantRoute.load() { return constant.route }
    if proof.load(ordering: .acquiring) & Self.identity != 0 {
      return ActionRoute(cases: [], fixed: [])
    }
    guard let metadata = metadata ?? EnumMetadata(Parent.self) else { return nil }
    let parent = embed(child)
    guard let shape = shape.load() ?? embeddedShape(of: parent, metadata: metadata),
      case .reached(_, let tuples) = shape.walk(parent)
    else {
      // Not located by declared types (several payloads could hold it): the outermost case.
      return ActionRoute(cases: [metadata.tag(of: parent)], fixed: [])
    }
    let route = ActionRoute(shape, tuples: tuples)
    if !shape.hasFixedElements { _ = constantRoute.storeIfNil(ActionRoute.Box(route)) }
    return route
  }

  /// Where `embed` put the child in `parent`, located once by declared types.
  private func embeddedShape(of parent: Parent, metadata: EnumMetadata) -> CaseShape? {
    if let known = embeddedShape.load() { return known }
    guard case .found(_, let steps) = locate(parent, in: metadata, steps: []) else { return nil }
    return embeddedShape.storeIfNil(CaseShape(steps))
  }
}
