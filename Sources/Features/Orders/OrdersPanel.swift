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
/// let lines = panel.lines  // ["Ships to ...", "#1   draft      $0.00     (empty)"]
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

  /// Sends the answer to the confirmation dialog: `true` sends its first button that is not a
  /// cancel button, `false` its cancel button (or dismisses it).
  ///
  /// - Returns: The store task, or `nil` when no dialog is presented.
  @discardableResult
  public func answer(_ yes: Bool) -> StoreTask? {
    guard let dialog = store.state.orders.confirmation else { return nil }
    let button = dialog.buttons.first { ($0.role == .cancel) != yes }
    guard let action = button?.action else { return store.send(.confirmation(.dismiss)) }
    return store.send(.confirmation(.presented(action)))
  }

  /// The orders as lines of text: with a detail screen open, the breadcrumb and that order's
  /// details (see ``renderDetail(_:)``); otherwise one line per order, a detail line where
  /// there is more to say (progress, confirmation, failure, an address of its own). Then a
  /// confirmation waiting for an answer, and the last problem.
  public static func render(_ content: Content) -> [String] {
    var lines = renderDetail(content) ?? renderList(content)
    if let dialog = content.orders.confirmation {
      let answers = dialog.buttons.map { "'\($0.role == .cancel ? "no" : "yes")': \($0.label)" }
      lines.append("? \(dialog.title) \(answers.joined(separator: " · "))")
    }
    if let problem = content.orders.problem { lines.append("! \(problem)") }
    return lines
  }

  /// The breadcrumb of the open screens (`Orders › #1 › #3`), then the top screen's order:
  /// its status, each line with its subtotal, the total, where it ships and what can be done;
  /// `nil` when no screen is open.
  public static func renderDetail(_ content: Content) -> [String]? {
    guard let top = content.orders.path.last else { return nil }
    let crumbs = content.orders.path.map { "#\($0.orderID)" }
    var lines = ["Orders › " + crumbs.joined(separator: " › ") + "   ('back' returns)"]
    guard let order = content.orders.list[id: top.orderID] else {
      lines.append("Order #\(top.orderID) is gone.")
      return lines
    }
    lines.append(
      "Order #\(order.id) · \(order.status.name) · \(order.itemCount) item\(order.itemCount == 1 ? "" : "s") · \(order.total)"
    )
    if order.lines.isEmpty { lines.append("  (no items yet)") }
    let skuWidth = max(8, (order.lines.map(\.product.sku.count).max() ?? 0) + 1)
    for line in order.lines {
      lines.append(
        "  \(line.quantity) × " + column(line.product.sku, skuWidth) + "\(line.subtotal)")
    }
    lines += details(of: order).map { "  " + $0 }
    if order.status.isEditable, order.shippingAddress == nil {
      let address = content.defaultAddress
      lines.append("  ships to \(address.isEmpty ? "no default address yet" : address.formatted)")
    }
    lines.append("Actions: " + actions(for: order).joined(separator: ", "))
    return lines
  }

  private static func actions(for order: Order) -> [String] {
    let id = order.id
    switch order.status {
    case .draft: return ["order add \(id) …", "order submit \(id)", "order delete \(id)"]
    case .submitted: return ["order cancel \(id)"]
    case .confirmed: return ["order delete \(id)"]
    case .failed, .cancelled: return ["order retry \(id)", "order delete \(id)"]
    }
  }

  private static func renderList(_ content: Content) -> [String] {
    var lines: [String] = []
    let shipsTo =
      content.defaultAddress.isEmpty ? "no default address yet" : content.defaultAddress.formatted
    lines.append("Ships to \(content.name.isEmpty ? "(no name yet)" : content.name), \(shipsTo)")
    if content.orders.list.isEmpty { lines.append("No orders yet.") }
    for order in content.orders.list {
      // As wide as the highest number given so far, so the rows line up, and each row reads
      // the same rendered alone (as the screen renders them) as in the whole list.
      let widest = max(content.orders.nextID - 1, order.id)
      let number = column("#\(order.id)", max(5, "#\(widest)".count + 1))
      let status = column(order.status.name, 11)
      let total = column("\(order.total)", 10)
      let items =
        order.lines.isEmpty
        ? "(empty)"
        : order.lines.map { "\($0.quantity) × \($0.product.sku)" }.joined(separator: ", ")
      lines.append(number + status + total + items)
      lines += details(of: order).map { "       " + $0 }
    }
    return lines
  }

  /// `text` padded with spaces to `width`, or followed by one space when it is that long
  /// already: a column is never cut short and never runs into the next.
  private static func column(_ text: String, _ width: Int) -> String {
    text.count < width ? text.padding(toLength: width, withPad: " ", startingAt: 0) : text + " "
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
