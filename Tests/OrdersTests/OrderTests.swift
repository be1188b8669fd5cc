import Foundation
import Orders
import Profile
import Testing

@Suite struct OrderTests {
  @Test func totalItemCountAndPointsComeFromTheLines() {
    let order = draft(1, (mug, 2), (tea, 1))
    #expect(order.total == Money(minorUnits: 2 * 800 + 450))
    #expect(order.itemCount == 3)
    #expect(order.loyaltyPoints == 20)
    #expect(Order(id: 2).total == .zero)
  }

  @Test func onlyDraftsFailedAndCancelledOrdersAreEditable() {
    #expect(OrderStatus.draft.isEditable)
    #expect(OrderStatus.failed(reason: "x").isEditable)
    #expect(OrderStatus.cancelled.isEditable)
    #expect(!OrderStatus.submitted(progress: 50).isEditable)
    #expect(!OrderStatus.confirmed(code: "A").isEditable)
    #expect(OrderStatus.submitted(progress: 0).isSubmitted)
    #expect(!OrderStatus.draft.isSubmitted)
  }

  @Test func productsAreFoundBySKUIgnoringCase() {
    #expect(Product.named("MUG") == mug)
    #expect(Product.named("mugs") == nil)
    #expect(Set(Product.catalog.map(\.sku)).count == Product.catalog.count)
  }

  @Test func nextIDFollowsTheHighestOrderUnlessGiven() {
    #expect(OrdersFeature.Orders().nextID == 1)
    #expect(OrdersFeature.Orders(list: [Order(id: 3), Order(id: 7)]).nextID == 8)
    #expect(OrdersFeature.Orders(list: [Order(id: 3)], nextID: 10).nextID == 10)
  }

  @Test func interruptedSubmissionsBecomeFailedAndNothingElseChanges() {
    var orders = OrdersFeature.Orders(list: [
      Order(id: 1, status: .submitted(progress: 50)),
      Order(id: 2, status: .confirmed(code: "C")),
      Order(id: 3),
    ])
    orders.failInterruptedSubmissions()
    #expect(
      orders.list.map(\.status) == [
        .failed(
          reason:
            "The app quit while this order was being submitted; retry to submit it again."),
        .confirmed(code: "C"),
        .draft,
      ])
  }

  @Test func encodingKeepsOrdersButNotTheProblem() throws {
    var orders = OrdersFeature.Orders(list: [draft(1, (mug, 2))])
    orders.problem = "There is no order #9."
    let decoded = try JSONDecoder().decode(
      OrdersFeature.Orders.self, from: JSONEncoder().encode(orders))
    #expect(decoded.list == orders.list)
    #expect(decoded.nextID == 2)
    #expect(decoded.problem == nil)
  }
}
