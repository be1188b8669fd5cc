import Core

/// Issues voucher codes for rewards.
///
/// The live value stands in for a rewards service; tests replace it.
public struct RewardsClient: Sendable {
  /// Issues a code for `reward`; throws when the service refuses.
  public var issueCode: @Sendable (_ reward: Reward) async throws -> String

  /// Creates a client from its operation.
  public init(issueCode: @escaping @Sendable (_ reward: Reward) async throws -> String) {
    self.issueCode = issueCode
  }
}

/// The dependency key of ``RewardsClient``.
public enum RewardsClientKey: DependencyKey {
  /// A stand-in service that answers after a short wait on the `\.clock` dependency.
  public static let liveValue = RewardsClient { reward in
    @Dependency(\.clock) var clock
    try await clock.sleep(for: .milliseconds(300))
    return "\(reward.id.uppercased())-\(Int.random(in: 1000...9999))"
  }

  /// Fails a test that redeems without saying what the service answers, naming
  /// `RewardsClient.issueCode`; the redeem then fails as if the service had refused.
  public static let testValue = RewardsClient(issueCode: unimplemented("RewardsClient.issueCode"))
}

extension DependencyValues {
  /// The rewards service.
  public var rewardsClient: RewardsClient {
    get { self[RewardsClientKey.self] }
    set { self[RewardsClientKey.self] = newValue }
  }
}
