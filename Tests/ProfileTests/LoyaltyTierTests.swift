import Profile
import Testing

@Suite struct LoyaltyTierTests {
  @Test func pointsEarnTiersAtTheirThresholds() {
    #expect(LoyaltyTier(points: 0) == .member)
    #expect(LoyaltyTier(points: 99) == .member)
    #expect(LoyaltyTier(points: 100) == .silver)
    #expect(LoyaltyTier(points: 499) == .silver)
    #expect(LoyaltyTier(points: 500) == .gold)
    #expect(LoyaltyTier(points: -5) == .member)
  }

  @Test func tiersAreOrderedAndChained() {
    #expect(LoyaltyTier.member < .silver && LoyaltyTier.silver < .gold)
    #expect(LoyaltyTier.member.next == .silver)
    #expect(LoyaltyTier.silver.next == .gold)
    #expect(LoyaltyTier.gold.next == nil)
  }

  @Test func stateTierFollowsPoints() {
    #expect(ProfileFeature.State(loyaltyPoints: 120).tier == .silver)
  }
}
