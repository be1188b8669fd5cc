import Core

/// The app's own view: the recent events the modules reported through their delegate
/// actions, rendered from a read-only store scoped to ``AppState/activity``.
@MainActor
final class ActivityPanel {
  static let title = "Activity"

  private(set) var lines: [String] = []
  private(set) var renderCount = 0
  var onRender: (@MainActor () -> Void)?
  private var subscription: StoreSubscription?

  init(store: Store<[String], AppAction>) {
    subscription = store.observe { [weak self] activity in
      guard let self else { return }
      lines =
        activity.isEmpty ? ["Nothing yet: events such as confirmed orders show here."] : activity
      renderCount += 1
      if renderCount > 1 { onRender?() }
    }
  }
}
