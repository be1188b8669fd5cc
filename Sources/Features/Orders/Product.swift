/// Something that can be ordered, with its unit price.
///
/// Orders pick products from the ``catalog`` by their ``sku``:
///
/// ```swift
/// let price = Product.named("mug")?.price  // $8.00
/// ```
public struct Product: Hashable, Sendable, Codable {
  /// The short, unique code used to pick the product, like `mug`.
  public var sku: String
  /// The name shown on orders.
  public var name: String
  /// The price of one unit.
  public var price: Money

  /// Creates a product.
  public init(sku: String, name: String, price: Money) {
    self.sku = sku
    self.name = name
    self.price = price
  }

  /// Everything the shop sells.
  public static let catalog: [Product] = [
    Product(sku: "tea", name: "Loose-leaf tea, 100 g", price: Money(minorUnits: 450)),
    Product(sku: "mug", name: "Stoneware mug", price: Money(minorUnits: 800)),
    Product(sku: "notebook", name: "Dot-grid notebook", price: Money(minorUnits: 1_250)),
    Product(sku: "pen", name: "Fountain pen", price: Money(minorUnits: 3_900)),
    Product(sku: "lamp", name: "Desk lamp", price: Money(minorUnits: 6_400)),
    Product(sku: "chair", name: "Office chair", price: Money(minorUnits: 24_900)),
  ]

  /// The catalog product with `sku` (ignoring case), or `nil`.
  public static func named(_ sku: String) -> Product? {
    catalog.first { $0.sku == sku.lowercased() }
  }
}
