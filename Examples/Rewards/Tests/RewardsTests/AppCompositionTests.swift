import Core
import CoreTesting
import Foundation
import Profile
import Rewards
import Testing

/// How an app hosts the module: the profile stored once, the module's state computed.
struct ExampleApp: Reducer {
  struct State: Equatable, Sendable {
    var profile = ProfileFeature.State()
    var rewards = RewardsFeature.Rewards()

    var rewardsModule: RewardsModuleState {
      get { RewardsModuleState(rewards: rewards, profile: profile) }
      set {
        rewards = newValue.rewards
        profile = newValue.profile
      }
    }
  }

  enum Action: Equatable, Sendable {
    case profile(ProfileFeature.Action)
    case rewards(RewardsFeature.Action)
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.profile, action: Action.profile) { ProfileFeature() }
    Scope(state: \.rewardsModule, action: Action.rewards) { RewardsFeature() }
  }
}

@MainActor
@Suite struct AppCompositionTests {
  @Test func pointsSpentInRewardsAreGoneFromTheOneProfile() async {
    let store = TestStore(initialState: ExampleApp.State(profile: .init(loyaltyPoints: 60))) {
      ExampleApp()
    } withDependencies: {
      $0.clock = ImmediateClock()
      $0.rewardsClient = RewardsClient { _ in "CODE" }
    }

    await store.send(.rewards(.redeemButtonTapped("free-shipping"))) {
      $0.profile.loyaltyPoints = 10
      $0.rewards.redeeming = "free-shipping"
    }
    let voucher = Voucher(
      id: UUID(0), rewardID: "free-shipping", code: "CODE", issuedAt: DateGenerator.testNow)
    await store.receive(.rewards(.voucherIssued(voucher))) {
      $0.rewards.redeeming = nil
      $0.rewards.vouchers = [voucher]
      $0.rewards.notice = "Your code: CODE."
    }
    await store.receive(.rewards(.noticeExpired)) { $0.rewards.notice = nil }
    await store.finish()
    // Spent in the Rewards module, gone from the profile the Profile module shows.
    #expect(store.state.profile.loyaltyPoints == 10)
  }

  @Test func aScopedStoreSeesOnlyItsModule() {
    let store = Store(initialState: ExampleApp.State(profile: .init(loyaltyPoints: 500))) {
      ExampleApp()
    }
    let rewards: StoreOf<RewardsFeature> = store.scope(
      state: \.rewardsModule, action: ExampleApp.Action.rewards)

    #expect(rewards.state.affordable.map(\.id) == ["free-shipping", "ten-off", "gift-box"])
  }
}
