import Core

/// One screen of the Orders module's navigation stack: the details of one order.
///
/// The screen holds only the number of the order it shows; the order itself stays in
/// ``OrdersFeature/Orders/list``, so a detail screen never shows a stale copy. The parent pushes
/// screens onto ``OrdersFeature/Orders/path`` and pops them; a screen can also close itself:
///
/// ```swift
/// store.send(.view(.openButtonTapped(orderID: 3)))  // pushes OrderDetail.State(orderID: 3)
/// let id = store.state.orders.path.ids[0]
/// store.send(.path(.element(id: id, action: .view(.closeButtonTapped))))
/// // the screen calls `dismiss()`; the parent receives `.path(.popFrom(id: id))`
/// ```
public struct OrderDetail: Reducer {
  /// The screen's state: which order it shows.
  public struct State: Equatable, Sendable, Codable {
    /// The order the screen shows.
    public var orderID: Order.ID

    /// Creates the screen for order `orderID`.
    public init(orderID: Order.ID) {
      self.orderID = orderID
    }
  }

  /// What happens on the screen.
  public enum Action: Equatable, Sendable, Codable {
    /// Something the user did.
    case view(View)

    /// The user's intents.
    public enum View: Equatable, Sendable, Codable {
      /// Closes the screen: it dismisses itself from the stack.
      case closeButtonTapped
    }
  }

  @Dependency(\.dismiss) var dismiss

  /// Creates the reducer.
  public init() {}

  /// Closes the screen by dismissing itself.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .view(.closeButtonTapped):
      return .run { [dismiss] _ in await dismiss() }
    }
  }
}
