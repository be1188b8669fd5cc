/// Something loyalty points buy.
public struct Reward: Identifiable, Equatable, Sendable {
  /// A stable identifier, such as `"free-shipping"`.
  public var id: String
  /// What the customer sees.
  public var title: String
  /// The loyalty points it costs.
  public var cost: Int

  /// Creates a reward.
  public init(id: String, title: String, cost: Int) {
    self.id = id
    self.title = title
    self.cost = cost
  }

  /// The rewards on offer when the app starts.
  public static let catalog = [
    Reward(id: "free-shipping", title: "Free shipping", cost: 50),
    Reward(id: "ten-off", title: "10 off the next order", cost: 100),
    Reward(id: "gift-box", title: "A gift box", cost: 400),
  ]
}
