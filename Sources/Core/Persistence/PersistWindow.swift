/// How ``Store/persist(_:to:)`` hands a store's changes to its ``PersistedState``: once per
/// coalescing window, on the main actor, rather than once per send.
///
/// A send that changes the store only marks the window open (the first one starts a
/// main-actor task that sleeps for the window); the hand-over then reads the part from the
/// store, compares it with the value handed over last, and gives the writer a new one to write
/// at once. So a send takes no lock and copies nothing; the store's value is read, and the
/// writer's lock taken, once per window.
///
/// Invariants:
/// - Everything here runs on the main actor: the store's observer, the task that ends the
///   window, ``PersistedState/flush(isolation:)`` called on the main actor, and the
///   subscription's cancellation.
/// - ``isOpen`` is true exactly when a change has not been handed over yet; the task that ends
///   the window, a flush on the main actor and the end of the subscription each close it,
///   whichever comes first. Closing a window cancels its task (``timer``), so a task that
///   wakes cancelled belongs to a window already closed, and hands nothing over.
/// - Once ``end()`` ran, nothing is handed over again: the subscription is gone.
@MainActor
@usableFromInline
final class PersistWindow {
  /// Whether a change waits for the hand-over. Private, so that the optimizer sees every access
  /// and checks their exclusivity at compile time, not on each send.
  private var isOpen = false
  /// The task that ends the open window; cancelled when the window closes sooner, so that no
  /// task sleeps on for a window already handed over (an hour-long one, say), nor closes the
  /// window opened after it.
  private var timer: Task<Void, Never>?
  /// The coalescing window's length.
  var windowNanoseconds = 0
  /// Reads the part from the store and gives it to the writer if it differs from the value
  /// handed over last; `nil` before the store's subscription starts and once it ended.
  var handOver: (@MainActor () -> Void)?

  @usableFromInline
  init() {}

  /// The store changed: hands it over at the end of the window, which this opens if none is.
  /// Called from the store's observer, compiled in the module that sends: not inlinable, so
  /// that ``isOpen`` stays private and its exclusivity is checked at compile time.
  @usableFromInline
  func changed() {
    if !isOpen { open() }
  }

  /// Opens a window: starts the main-actor task that closes it. Out of line, so that
  /// ``changed()`` stays a load and a branch in the store's observer.
  private func open() {
    isOpen = true
    let nanoseconds = UInt64(windowNanoseconds)
    timer = Task { @MainActor [weak self] in
      try? await Task.sleep(nanoseconds: nanoseconds)
      guard !Task.isCancelled, let self else { return }
      self.close()
    }
  }

  /// Hands the change over now, if one waits.
  func close() {
    guard isOpen else { return }
    isOpen = false
    timer?.cancel()
    timer = nil
    handOver?()
  }

  /// The subscription ends: what waits is handed over, and nothing after it.
  func end() {
    close()
    handOver = nil
  }
}
