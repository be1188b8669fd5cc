/// The identities a child reducer saw during one pass, and the child instances that ended.
///
/// `ifLet` and `ifCaseLet` take the child's identity when the pass begins (`before`), after
/// the child reduced its own action (`mounted`: the child may have changed its own `id`), and
/// after the parent reduced (`after`). Every instance seen that is not `after` has ended: its
/// effects are cancelled.
struct ChildLifetime {
  let before: ChildComponent?
  var mounted: ChildComponent?

  init(before: ChildComponent?) {
    self.before = before
    self.mounted = before
  }

  /// Whether a child was there at any point of the pass, so the end needs a look.
  var wasMounted: Bool { before != nil || mounted != nil }

  /// The cancellations of the instances that ended, given the identity at the end of the pass.
  func endings<Action>(after: ChildComponent?) -> [Effect<Action>] {
    var ended: [Effect<Action>] = []
    if let before, before != after { ended.append(.cancelChild(before)) }
    if let mounted, mounted != before, mounted != after { ended.append(.cancelChild(mounted)) }
    return ended
  }
}
