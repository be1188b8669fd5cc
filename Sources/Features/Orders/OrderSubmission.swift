import Profile

/// What the order service receives when an order is submitted.
public struct OrderSubmission: Equatable, Sendable {
  /// The order number.
  public var orderID: Order.ID
  /// The lines ordered.
  public var lines: [LineItem]
  /// The order's total.
  public var total: Money
  /// Who and where it ships to.
  public var recipient: Recipient
  /// The customer's loyalty tier, which sets their credit limit.
  public var tier: LoyaltyTier

  /// Creates a submission.
  public init(
    orderID: Order.ID, lines: [LineItem], total: Money, recipient: Recipient, tier: LoyaltyTier
  ) {
    self.orderID = orderID
    self.lines = lines
    self.total = total
    self.recipient = recipient
    self.tier = tier
  }
}

/// News from the order service about a submission.
public enum SubmissionEvent: Equatable, Sendable {
  /// The service has processed `percent` percent of the order.
  case progressed(percent: Int)
  /// The service accepted the order; this ends the submission.
  case confirmed(code: String)
}
