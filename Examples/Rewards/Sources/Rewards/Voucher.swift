import Foundation

/// A redeemed reward: the code to use at checkout.
public struct Voucher: Identifiable, Equatable, Sendable {
  /// Made with the `\.uuid` dependency, so tests can predict it.
  public var id: UUID
  /// The reward it was redeemed for.
  public var rewardID: Reward.ID
  /// The code the rewards service issued.
  public var code: String
  /// When it was issued, from the `\.date` dependency.
  public var issuedAt: Date

  /// Creates a voucher.
  public init(id: UUID, rewardID: Reward.ID, code: String, issuedAt: Date) {
    self.id = id
    self.rewardID = rewardID
    self.code = code
    self.issuedAt = issuedAt
  }
}
