import Profile

/// The state the Rewards module works on: its own state plus the user's profile, shared with
/// the Profile module (the points it spends are the profile's loyalty points).
///
/// An app stores each part once and assembles this with a computed property:
///
/// ```swift
/// struct AppState: Equatable {
///   var profile = ProfileFeature.State()
///   var rewards = RewardsFeature.Rewards()
///
///   var rewardsModule: RewardsModuleState {
///     get { RewardsModuleState(rewards: rewards, profile: profile) }
///     set { rewards = newValue.rewards; profile = newValue.profile }
///   }
/// }
/// ```
public struct RewardsModuleState: Equatable, Sendable {
  /// The module's own state.
  public var rewards: RewardsFeature.Rewards
  /// The shared profile.
  public var profile: ProfileFeature.State

  /// Assembles a module state.
  public init(
    rewards: RewardsFeature.Rewards = RewardsFeature.Rewards(),
    profile: ProfileFeature.State = ProfileFeature.State()
  ) {
    self.rewards = rewards
    self.profile = profile
  }

  /// The rewards the profile's points can buy now.
  public var affordable: [Reward] {
    rewards.catalog.filter { $0.cost <= profile.loyaltyPoints }
  }
}
