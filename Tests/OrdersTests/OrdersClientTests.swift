import Orders
import Profile
import Testing

@Suite struct OrdersClientTests {
  func submission(total: Int, tier: LoyaltyTier) -> OrderSubmission {
    OrderSubmission(
      orderID: 4, lines: [], total: Money(minorUnits: total),
      recipient: Recipient(name: "Ada", address: ada.address), tier: tier)
  }

  @Test func simulatedServiceReportsProgressThenConfirms() async {
    let client = OrdersClient.simulated(stepDuration: .zero)
    let result = await collect(client.submit(submission(total: 30_000, tier: .member)))
    #expect(
      result.events == [
        .progressed(percent: 25), .progressed(percent: 50), .progressed(percent: 75),
        .confirmed(code: "SIM-4"),
      ])
    #expect(result.error == nil)
  }

  @Test func simulatedServiceDeclinesOrdersOverTheTiersCreditLimit() async {
    let client = OrdersClient.simulated(stepDuration: .zero)
    let result = await collect(client.submit(submission(total: 30_001, tier: .member)))
    #expect(result.events.count == 3)
    #expect(
      result.error as? OrdersClient.Failure
        == OrdersClient.Failure(
          "Declined: the total $300.01 is over the $300.00 limit of the member tier."))
    let silver = await collect(client.submit(submission(total: 30_001, tier: .silver)))
    #expect(silver.error == nil)
  }

  @Test func creditLimitsGrowWithTheTier() {
    #expect(OrdersClient.creditLimit(for: .member) < OrdersClient.creditLimit(for: .silver))
    #expect(OrdersClient.creditLimit(for: .silver) < OrdersClient.creditLimit(for: .gold))
  }

  @Test(.timeLimit(.minutes(1)))
  func cancellingTheConsumerStopsTheSubmission() async {
    let client = OrdersClient.simulated(stepDuration: .seconds(60))
    let task = Task { await collect(client.submit(submission(total: 100, tier: .member))) }
    task.cancel()
    let result = await task.value
    #expect(result.events.isEmpty)
  }
}
