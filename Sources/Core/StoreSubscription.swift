/// A running observation of a store, returned by ``Store/observe(_:)``.
///
/// Keep it for as long as you want updates; it ends when cancelled or released.
@MainActor
public final class StoreSubscription {
  private var onCancel: (@MainActor () -> Void)?

  init(onCancel: @escaping @MainActor () -> Void) {
    self.onCancel = onCancel
  }

  /// Whether the subscription has ended.
  public var isCancelled: Bool { onCancel == nil }

  /// Ends the subscription; later changes are not delivered. Calling it again does nothing.
  public func cancel() {
    let onCancel = onCancel
    self.onCancel = nil
    onCancel?()
  }

  isolated deinit {
    cancel()
  }
}
