import Core

/// What `dismiss()` does when a test store's root feature calls it: it dismisses the test store
/// itself (see ``TestStore/dismissByRootFeature()``).
///
/// A presented or stacked child's effects run under their own, nearer dismissal, which sends
/// its parent the dismissing action instead.
@MainActor
final class RootDismissal {
  /// What the test store does when dismissed.
  var handler: (() -> Void)?

  nonisolated init() {}

  /// The dismissal the root feature's effects run with.
  nonisolated var dismissal: Dismissal {
    Dismissal { [weak self] in await self?.dismiss() }
  }

  private func dismiss() {
    handler?()
  }
}
