import Core
import Profile

/// The rewards module: spend the profile's loyalty points on rewards.
///
/// Redeeming takes the points from the shared profile at once and asks the rewards service for
/// a voucher code; if the service refuses, the points are given back. A notice about the
/// outcome shows for three seconds.
public struct RewardsFeature: Reducer {
  /// The module's own state.
  public struct Rewards: Equatable, Sendable {
    /// What is on offer.
    public var catalog: [Reward]
    /// The vouchers redeemed so far, newest last.
    public var vouchers: [Voucher] = []
    /// The reward being redeemed, if any.
    public var redeeming: Reward.ID?
    /// A notice about the last redemption, shown for a few seconds.
    public var notice: String?

    /// Creates the state.
    public init(catalog: [Reward] = Reward.catalog) {
      self.catalog = catalog
    }
  }

  /// What happens in the rewards module.
  public enum Action: Equatable, Sendable {
    /// The user tapped "Redeem" on a reward.
    case redeemButtonTapped(Reward.ID)
    /// The service issued a code (sent by the redeem effect).
    case voucherIssued(Voucher)
    /// The service refused (sent by the redeem effect).
    case redeemFailed(Reward.ID, String)
    /// The notice's time is up (sent by the notice effect).
    case noticeExpired
  }

  enum CancelID: Hashable, Sendable {
    case notice
  }

  /// How long a notice shows.
  public static let noticeDuration = Duration.seconds(3)

  @Dependency(\.rewardsClient) var rewardsClient
  @Dependency(\.clock) var clock
  @Dependency(\.uuid) var uuid
  @Dependency(\.date) var date

  /// Creates the reducer.
  public init() {}

  /// Handles redemptions and their feedback.
  public var body: some Reducer<RewardsModuleState, Action> {
    Reduce { state, action in
      switch action {
      case let .redeemButtonTapped(id):
        guard state.rewards.redeeming == nil,
          let reward = state.rewards.catalog.first(where: { $0.id == id })
        else { return .none }
        guard reward.cost <= state.profile.loyaltyPoints else {
          let missing = reward.cost - state.profile.loyaltyPoints
          return show("\(missing) more points are needed for '\(reward.title)'.", in: &state)
        }
        state.profile.loyaltyPoints -= reward.cost
        state.rewards.redeeming = id
        // A public reducer's escaping effect captures the dependencies it uses: `self` is not
        // `Sendable`, so the closure may not read them through it.
        return .run { [rewardsClient, uuid, date] send in
          let code = try await rewardsClient.issueCode(reward)
          await send(
            .voucherIssued(
              Voucher(id: uuid(), rewardID: reward.id, code: code, issuedAt: date.now)))
        } catch: { error, send in
          await send(.redeemFailed(reward.id, "\(error)"))
        }

      case let .voucherIssued(voucher):
        state.rewards.redeeming = nil
        state.rewards.vouchers.append(voucher)
        return show("Your code: \(voucher.code).", in: &state)

      case let .redeemFailed(id, message):
        state.rewards.redeeming = nil
        if let reward = state.rewards.catalog.first(where: { $0.id == id }) {
          state.profile.loyaltyPoints += reward.cost
        }
        return show("Not redeemed: \(message). Your points were given back.", in: &state)

      case .noticeExpired:
        state.rewards.notice = nil
        return .none
      }
    }
  }

  /// Shows `notice`, replacing the one showing, and hides it after ``noticeDuration``.
  private func show(_ notice: String, in state: inout RewardsModuleState) -> Effect<Action> {
    state.rewards.notice = notice
    return .run { [clock] send in
      try await clock.sleep(for: Self.noticeDuration)
      await send(.noticeExpired)
    }
    .cancellable(id: CancelID.notice, cancelInFlight: true)
  }
}
