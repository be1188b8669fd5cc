/// One line of an order: a product and how many of it.
///
/// A line is identified by its product's SKU, so an order has at most one line per product.
public struct LineItem: Equatable, Identifiable, Sendable, Codable {
  /// The product ordered.
  public var product: Product
  /// How many units; between 1 and ``maximumQuantity``.
  public var quantity: Int

  /// The most units of one product an order may hold.
  public static let maximumQuantity = 99

  /// Creates a line.
  public init(product: Product, quantity: Int) {
    self.product = product
    self.quantity = quantity
  }

  /// The product's SKU.
  public var id: String { product.sku }

  /// The price of the line: unit price times quantity.
  public var subtotal: Money { product.price * quantity }
}
