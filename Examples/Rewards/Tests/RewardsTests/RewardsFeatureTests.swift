import Core
import CoreTesting
import Foundation
import Profile
import Rewards
import Testing

struct ServiceDown: Error, CustomStringConvertible {
  var description: String { "the rewards service is down" }
}

@MainActor
@Suite struct RewardsFeatureTests {
  let freeShipping = Reward.catalog[0]

  func module(points: Int) -> RewardsModuleState {
    RewardsModuleState(profile: ProfileFeature.State(name: "Ada", loyaltyPoints: points))
  }

  @Test func redeemingSpendsTheProfilesPointsAndIssuesAVoucher() async {
    let clock = TestClock()
    let store = TestStore(initialState: module(points: 120)) {
      RewardsFeature()
    } withDependencies: {
      $0.clock = clock
      $0.rewardsClient = RewardsClient { reward in "\(reward.id)-1234" }
    }

    await store.send(.redeemButtonTapped("free-shipping")) {
      $0.profile.loyaltyPoints = 70
      $0.rewards.redeeming = "free-shipping"
    }
    // The voucher's id comes from `\.uuid` and its date from `\.date`: both predictable.
    let voucher = Voucher(
      id: UUID(0), rewardID: "free-shipping", code: "free-shipping-1234",
      issuedAt: DateGenerator.testNow)
    await store.receive(.voucherIssued(voucher)) {
      $0.rewards.redeeming = nil
      $0.rewards.vouchers = [voucher]
      $0.rewards.notice = "Your code: free-shipping-1234."
    }
    await clock.advance(by: RewardsFeature.noticeDuration)
    await store.receive(.noticeExpired) { $0.rewards.notice = nil }
    await store.finish()
  }

  @Test func tooFewPointsShowsHowManyAreMissing() async {
    let clock = TestClock()
    let store = TestStore(initialState: module(points: 20)) {
      RewardsFeature()
    } withDependencies: {
      $0.clock = clock
    }

    await store.send(.redeemButtonTapped("free-shipping")) {
      $0.rewards.notice = "30 more points are needed for 'Free shipping'."
    }
    #expect(store.state.affordable.isEmpty)
    await clock.advance(by: RewardsFeature.noticeDuration)
    await store.receive(.noticeExpired) { $0.rewards.notice = nil }
  }

  @Test func aRefusalGivesThePointsBack() async {
    let clock = TestClock()
    let store = TestStore(initialState: module(points: 50)) {
      RewardsFeature()
    } withDependencies: {
      $0.clock = clock
      $0.rewardsClient = RewardsClient { _ in throw ServiceDown() }
    }

    await store.send(.redeemButtonTapped("free-shipping")) {
      $0.profile.loyaltyPoints = 0
      $0.rewards.redeeming = "free-shipping"
    }
    await store.receive(.redeemFailed("free-shipping", "the rewards service is down")) {
      $0.profile.loyaltyPoints = 50
      $0.rewards.redeeming = nil
      $0.rewards.notice =
        "Not redeemed: the rewards service is down. Your points were given back."
    }
    await clock.advance(by: RewardsFeature.noticeDuration)
    await store.receive(.noticeExpired) { $0.rewards.notice = nil }
  }

  @Test func aNewNoticeRestartsTheTimer() async {
    let clock = TestClock()
    let store = TestStore(initialState: module(points: 0)) {
      RewardsFeature()
    } withDependencies: {
      $0.clock = clock
    }

    await store.send(.redeemButtonTapped("free-shipping")) {
      $0.rewards.notice = "50 more points are needed for 'Free shipping'."
    }
    await clock.advance(by: .seconds(2))
    await store.send(.redeemButtonTapped("ten-off")) {
      $0.rewards.notice = "100 more points are needed for '10 off the next order'."
    }
    await clock.advance(by: .seconds(2))
    #expect(store.state.rewards.notice != nil)
    await clock.advance(by: .seconds(1))
    await store.receive(.noticeExpired) { $0.rewards.notice = nil }
  }

  @Test func redeemingInATestThatDidNotPlanForItFailsTheTest() async {
    let clock = TestClock()
    let store = TestStore(initialState: module(points: 50)) {
      RewardsFeature()
    } withDependencies: {
      $0.clock = clock
      // No `$0.rewardsClient`: the test forgot to say what the service answers.
    }

    await withKnownIssue {
      await store.send(.redeemButtonTapped("free-shipping")) {
        $0.profile.loyaltyPoints = 0
        $0.rewards.redeeming = "free-shipping"
      }
      await store.receive(
        .redeemFailed("free-shipping", "Unimplemented: 'RewardsClient.issueCode'")
      ) {
        $0.profile.loyaltyPoints = 50
        $0.rewards.redeeming = nil
        $0.rewards.notice =
          "Not redeemed: Unimplemented: 'RewardsClient.issueCode'. Your points were given back."
      }
    } matching: { issue in
      issue.description.contains("Unimplemented: 'RewardsClient.issueCode' was called")
    }
    await clock.advance(by: RewardsFeature.noticeDuration)
    await store.receive(.noticeExpired) { $0.rewards.notice = nil }
  }
}
