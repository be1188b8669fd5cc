import Core
import Foundation
import Profile

/// The Orders module's view for a text interface: renders the orders as lines of text each
/// time they change, and sends the user's intents.
///
/// It is handed a store scoped to ``OrdersModuleState`` and never sees the app's state. It
/// renders only what it shows (see ``Content``): the orders, and the name and default address
/// from the profile. Editing the profile's draft or earning points changes the module state
/// but not the content, so the panel does not re-render for it.
///
/// ```swift
/// let panel = OrdersPanel(store: appStore.scope(state: \.ordersModule, action: AppAction.orders))
/// panel.send(.newOrderButtonTapped)
/// panel.lines  // ["#1  draft      $0.00    (empty)", ...]
/// ```
@MainActor
public final class OrdersPanel {
  /// The panel's title.
  public static let title = "Orders"

  /// What the panel shows; it re-renders exactly when this changes.
  public struct Content: Equatable, Sendable {
    /// The orders and the last problem.
    public var orders: OrdersFeature.Orders
    /// The profile's saved name.
    public var name: String
    /// The profile's default shipping address.
    public var defaultAddress: ShippingAddress

    /// The content of `state`.
    public init(_ state: OrdersModuleState) {
      orders = state.orders
      name = state.profile.name
      defaultAddress = state.profile.address
    }
  }

  /// The lines of the last render.
  public private(set) var lines: [String] = []
  /// How many times the panel rendered, including the first render at creation.
  public private(set) var renderCount = 0
  /// Called after each render except the first.
  public var onRender: (@MainActor () -> Void)?

  private let store: Store<OrdersModuleState, OrdersFeature.Action>
  private var subscription: StoreSubscription?

  /// Creates the panel and renders the current orders.
  public init(store: Store<OrdersModuleState, OrdersFeature.Action>) {
    self.store = store
    subscription = store.scope(state: \.panelContent).observe { [weak self] content in
      guard let self else { return }
      lines = Self.render(content)
      renderCount += 1
      if renderCount > 1 { onRender?() }
    }
  }

  /// Sends a user intent to the orders store.
  @discardableResult
  public func send(_ intent: OrdersFeature.Action.View) -> StoreTask {
    store.send(.view(intent))
  }

  /// The orders as lines of text: one line per order, a detail line where there is more to
  /// say (progress, confirmation, failure, an address of its own), then the last problem.
  public static func render(_ content: Content) -> [String] {
    var lines: [String] = []
    let shipsTo =
      content.defaultAddress.isEmpty ? "no default address yet" : content.defaultAddress.formatted
    lines.append("Ships to \(content.name.isEmpty ? "(no name yet)" : content.name), \(shipsTo)")
    if content.orders.list.isEmpty { lines.append("No orders yet.") }
    for order in content.orders.list {
      let number = "#\(order.id)".padding(toLength: 5, withPad: " ", startingAt: 0)
      let status = order.status.name.padding(toLength: 11, withPad: " ", startingAt: 0)
      let total = "\(order.total)".padding(toLength: 10, withPad: " ", startingAt: 0)
      let items =
        order.lines.isEmpty
        ? "(empty)"
        : order.lines.map { "\($0.quantity) × \($0.product.sku)" }.joined(separator: ", ")
      lines.append(number + status + total + items)
      lines += details(of: order).map { "       " + $0 }
    }
    if let problem = content.orders.problem { lines.append("! \(problem)") }
    return lines
  }

  private static func details(of order: Order) -> [String] {
    var details: [String] = []
    switch order.status {
    case .draft, .cancelled:
      break
    case let .submitted(progress):
      let filled = max(0, min(10, progress / 10))
      details.append(
        "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: 10 - filled)
          + "] \(progress)% submitting")
    case let .confirmed(code):
      details.append("confirmation \(code), earned \(order.loyaltyPoints) points")
    case let .failed(reason):
      details.append(reason)
    }
    if order.status.isEditable, let address = order.shippingAddress {
      details.append("ships to its own address: \(address.formatted)")
    } else if !order.status.isEditable, let recipient = order.recipient {
      details.append("to \(recipient.name), \(recipient.address.formatted)")
    }
    return details
  }
}

extension OrdersModuleState {
  var panelContent: OrdersPanel.Content { OrdersPanel.Content(self) }
}
