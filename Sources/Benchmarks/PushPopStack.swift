import Core

/// A stack `depth` deep (the pushed screen included), every screen's store observed, for the
/// push/pop cases: one ``pushAndPop()`` pushes a screen and pops it.
@MainActor
final class PushPopStack {
  let depth: Int
  private let root: Store<Navigation.State, Navigation.Action>
  private var notifications = 0
  private var depthAfter = 0
  private var subscriptions: [StoreSubscription] = []

  init(depth: Int) {
    self.depth = depth
    let state = Navigation.State(depth: depth - 1)
    root = Store(initialState: state) { Navigation() }
    subscriptions.append(
      root.observe { [unowned self] in
        notifications += 1
        depthAfter = $0.path.count
      })
    subscriptions += NavigationCases.observeScreens(root, state.path.ids) { [unowned self] in
      notifications += 1
    }
  }

  func pushAndPop() {
    root.send(.push)
    root.send(.pop)
  }

  /// Stops the run if the last pop left the stack another depth.
  func check() {
    precondition(depthAfter == depth - 1, "stack push/pop: the stack did not pop")
  }

  /// Ends the observations (the subscriptions hold this object's observers).
  func end() {
    for subscription in subscriptions { subscription.cancel() }
    subscriptions = []
  }
}
