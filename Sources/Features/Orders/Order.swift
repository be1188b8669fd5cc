import Core
import Profile

/// An order: its lines, where it ships, and its status.
///
/// ```swift
/// var order = Order(id: 1)
/// order.lines.append(LineItem(product: Product.named("mug")!, quantity: 2))
/// let total = order.total  // $16.00
/// ```
public struct Order: Equatable, Identifiable, Sendable, Codable {
  /// The order number, unique and increasing; between 1 and ``maximumID``.
  public let id: Int

  /// The highest order number: once an order has it, no new order can be created.
  public static let maximumID = 1_000_000_000
  /// The lines, one per product, in the order they were added.
  public var lines: IdentifiedArray<LineItem>
  /// Where this order ships, or `nil` for the profile's default address.
  public var shippingAddress: ShippingAddress?
  /// Who and where it was sent to, recorded when it was submitted.
  public var recipient: Recipient?
  /// Where the order is in its life.
  public var status: OrderStatus

  /// Creates an order; by default an empty draft.
  public init(
    id: Int,
    lines: IdentifiedArray<LineItem> = [],
    shippingAddress: ShippingAddress? = nil,
    recipient: Recipient? = nil,
    status: OrderStatus = .draft
  ) {
    self.id = id
    self.lines = lines
    self.shippingAddress = shippingAddress
    self.recipient = recipient
    self.status = status
  }

  /// The sum of the lines.
  public var total: Money {
    lines.reduce(.zero) { $0 + $1.subtotal }
  }

  /// The number of units across all lines.
  public var itemCount: Int {
    lines.reduce(0) { $0 + $1.quantity }
  }

  /// The loyalty points the order earns when confirmed: one per whole unit of currency.
  public var loyaltyPoints: Int {
    total.minorUnits / 100
  }
}
