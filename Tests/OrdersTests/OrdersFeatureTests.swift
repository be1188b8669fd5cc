import Core
import CoreTesting
import Orders
import Profile
import Testing

@MainActor
@Suite struct OrdersFeatureTests {
  /// A module state with Ada's profile and `orders`.
  func module(_ orders: Order...) -> OrdersModuleState {
    OrdersModuleState(
      orders: OrdersFeature.Orders(list: IdentifiedArray(uniqueElements: orders)), profile: ada)
  }

  // MARK: - Putting orders together

  @Test func newOrdersAreNumberedInSequence() async {
    let store = TestStore(initialState: OrdersModuleState(profile: ada)) { OrdersFeature() }
    await store.send(.view(.newOrderButtonTapped)) {
      $0.orders.list.append(Order(id: 1))
      $0.orders.nextID = 2
    }
    await store.send(.view(.newOrderButtonTapped)) {
      $0.orders.list.append(Order(id: 2))
      $0.orders.nextID = 3
    }
  }

  @Test func theLastOrderNumberIsGivenThenNewOrdersAreRefused() async {
    let store = TestStore(
      initialState: OrdersModuleState(
        orders: OrdersFeature.Orders(nextID: Order.maximumID), profile: ada)
    ) {
      OrdersFeature()
    }
    await store.send(.view(.newOrderButtonTapped)) {
      $0.orders.list.append(Order(id: Order.maximumID))
      $0.orders.nextID = Order.maximumID + 1
    }
    await store.send(.view(.newOrderButtonTapped)) {
      $0.orders.problem =
        "Order numbers end at #1000000000, which is taken: no new order can be created."
    }
  }

  @Test func aNextOrderNumberAlreadyTakenIsRefusedNotSkipped() async {
    let store = TestStore(
      initialState: OrdersModuleState(
        orders: OrdersFeature.Orders(list: [Order(id: 3)], nextID: 3), profile: ada)
    ) {
      OrdersFeature()
    }
    await store.send(.view(.newOrderButtonTapped)) {
      $0.orders.problem = "The next order number, #3, is taken: no new order can be created."
    }
  }

  @Test func addingRemovingAndChangingQuantities() async {
    let store = TestStore(initialState: module(Order(id: 1))) { OrdersFeature() }
    await store.send(.view(.addItemButtonTapped(orderID: 1, sku: "mug", quantity: 2))) {
      $0.orders.list[id: 1]?.lines.append(LineItem(product: mug, quantity: 2))
    }
    await store.send(.view(.addItemButtonTapped(orderID: 1, sku: "TEA", quantity: 1))) {
      $0.orders.list[id: 1]?.lines.append(LineItem(product: tea, quantity: 1))
    }
    await store.send(.view(.addItemButtonTapped(orderID: 1, sku: "mug", quantity: 3))) {
      $0.orders.list[id: 1]?.lines[id: "mug"]?.quantity = 5
    }
    await store.send(.view(.quantityChanged(orderID: 1, sku: "mug", quantity: 1))) {
      $0.orders.list[id: 1]?.lines[id: "mug"]?.quantity = 1
    }
    await store.send(.view(.quantityChanged(orderID: 1, sku: "mug", quantity: 0))) {
      $0.orders.list[id: 1]?.lines.remove(id: "mug")
    }
    await store.send(.view(.removeItemButtonTapped(orderID: 1, sku: "tea"))) {
      $0.orders.list[id: 1]?.lines.remove(id: "tea")
    }
  }

  @Test func impossibleEditsChangeNothingButTheProblem() async {
    let store = TestStore(
      initialState: module(draft(1, (mug, 98)), Order(id: 2, status: .confirmed(code: "C")))
    ) {
      OrdersFeature()
    }
    let cases: [(OrdersFeature.Action.View, String)] = [
      (
        .addItemButtonTapped(orderID: 1, sku: "sofa", quantity: 1),
        "There is no product 'sofa'. Products: tea, mug, notebook, pen, lamp, chair."
      ),
      (
        .addItemButtonTapped(orderID: 1, sku: "mug", quantity: 2),
        "100 is not a valid quantity of 'mug': use 1 to 99."
      ),
      (
        .addItemButtonTapped(orderID: 1, sku: "tea", quantity: 0),
        "0 is not a valid quantity of 'tea': use 1 to 99."
      ),
      (
        .addItemButtonTapped(orderID: 1, sku: "tea", quantity: Int.max),
        "\(Int.max) is not a valid quantity of 'tea': use 1 to 99."
      ),
      (
        .quantityChanged(orderID: 1, sku: "mug", quantity: -1),
        "-1 is not a valid quantity of 'mug': use 0 to 99."
      ),
      (
        .quantityChanged(orderID: 1, sku: "tea", quantity: 2),
        "Order #1 has no 'tea'; add it first."
      ),
      (.removeItemButtonTapped(orderID: 1, sku: "tea"), "Order #1 has no 'tea'."),
      (
        .addItemButtonTapped(orderID: 9, sku: "tea", quantity: 1),
        "There is no order #9. Orders: #1, #2."
      ),
      (
        .addItemButtonTapped(orderID: 2, sku: "tea", quantity: 1),
        "Order #2 is confirmed; only drafts can change."
      ),
      (
        .shippingAddressChanged(orderID: 1, ShippingAddress(street: "1 Way")),
        "The address is missing: city, postal code, country. Write it as 'street, city, postal code, country'."
      ),
      (
        .useAsDefaultAddressButtonTapped(orderID: 1),
        "Order #1 already ships to your default address."
      ),
      (.cancelSubmissionButtonTapped(orderID: 1), "Order #1 is draft, not being submitted."),
      (.retryButtonTapped(orderID: 1), "Order #1 is a draft; submit it instead."),
      (.retryButtonTapped(orderID: 2), "Order #2 is already confirmed."),
      (.submitButtonTapped(orderID: 2), "Order #2 is already confirmed."),
    ]
    for (intent, problem) in cases {
      await store.send(.view(intent)) { $0.orders.problem = problem }
      // The next intent clears it (this one changes nothing else).
      await store.send(.view(.shippingAddressChanged(orderID: 1, nil))) {
        $0.orders.problem = nil
      }
    }
  }

  @Test func editingAFailedOrCancelledOrderMakesItADraftAgain() async {
    let store = TestStore(
      initialState: module(
        Order(
          id: 1, lines: [LineItem(product: chair, quantity: 2)],
          status: .failed(reason: "Declined.")),
        Order(id: 2, status: .cancelled))
    ) { OrdersFeature() }
    await store.send(.view(.quantityChanged(orderID: 1, sku: "chair", quantity: 1))) {
      $0.orders.list[id: 1]?.lines[id: "chair"]?.quantity = 1
      $0.orders.list[id: 1]?.status = .draft
    }
    await store.send(.view(.addItemButtonTapped(orderID: 2, sku: "pen", quantity: 1))) {
      $0.orders.list[id: 2]?.lines.append(LineItem(product: Product.named("pen")!, quantity: 1))
      $0.orders.list[id: 2]?.status = .draft
    }
  }

  @Test func deletingOrders() async {
    let store = TestStore(
      initialState: module(Order(id: 1), Order(id: 2, status: .submitted(progress: 10)))
    ) {
      OrdersFeature()
    }
    await store.send(.view(.deleteButtonTapped(orderID: 1))) {
      $0.orders.confirmation = OrdersFeature.deleteConfirmation(orderID: 1)
    }
    await store.send(.confirmation(.presented(.deleteOrder(1)))) {
      $0.orders.list.remove(id: 1)
      $0.orders.confirmation = nil
    }
    await store.send(.view(.deleteButtonTapped(orderID: 2))) {
      $0.orders.problem = "Order #2 is being submitted; cancel it before deleting it."
    }
  }

  // MARK: - The shared profile

  @Test func anOrderCanShipElsewhereAndMakeThatTheProfilesDefault() async {
    let leeds = ShippingAddress(
      street: "1 Side St", city: "Leeds", postalCode: "LS1", country: "UK")
    let store = TestStore(initialState: module(Order(id: 1))) { OrdersFeature() }
    await store.send(.view(.shippingAddressChanged(orderID: 1, leeds))) {
      $0.orders.list[id: 1]?.shippingAddress = leeds
    }
    await store.send(.view(.useAsDefaultAddressButtonTapped(orderID: 1))) {
      $0.profile.address = leeds
      $0.orders.list[id: 1]?.shippingAddress = nil
    }
    await store.send(.view(.shippingAddressChanged(orderID: 1, ada.address))) {
      $0.orders.list[id: 1]?.shippingAddress = ada.address
    }
    await store.send(.view(.shippingAddressChanged(orderID: 1, nil))) {
      $0.orders.list[id: 1]?.shippingAddress = nil
    }
  }

  @Test func submittingNeedsItemsANameAndAnAddress() async {
    let empty = TestStore(initialState: module(Order(id: 1))) { OrdersFeature() }
    await empty.send(.view(.submitButtonTapped(orderID: 1))) {
      $0.orders.problem = "Order #1 is empty; add an item first."
    }

    var nameless = module(draft(1, (tea, 1)))
    nameless.profile.name = " "
    let withoutName = TestStore(initialState: nameless) { OrdersFeature() }
    await withoutName.send(.view(.submitButtonTapped(orderID: 1))) {
      $0.orders.problem = "Orders carry your name: save a name in your profile first."
    }

    var homeless = module(draft(1, (tea, 1)))
    homeless.profile.address = ShippingAddress()
    let withoutAddress = TestStore(initialState: homeless) { OrdersFeature() }
    await withoutAddress.send(.view(.submitButtonTapped(orderID: 1))) {
      $0.orders.problem =
        "Order #1 has nowhere to ship: save a default address in your profile, or give the "
        + "order its own."
    }
  }

  // MARK: - Submitting

  @Test func submissionProgressesThenConfirmsAndEarnsPointsInTheProfile() async {
    let service = ScriptedOrderService()
    let store = TestStore(initialState: module(draft(1, (mug, 2), (tea, 1)))) {
      OrdersFeature()
    } withDependencies: {
      $0.ordersClient = service.client
    }
    await store.send(.view(.submitButtonTapped(orderID: 1))) {
      $0.orders.list[id: 1]?.recipient = Recipient(name: "Ada Lovelace", address: ada.address)
      $0.orders.list[id: 1]?.status = .submitted(progress: 0)
    }
    #expect(
      service.submissions == [
        OrderSubmission(
          orderID: 1,
          lines: [LineItem(product: mug, quantity: 2), LineItem(product: tea, quantity: 1)],
          total: Money(minorUnits: 2_050),
          recipient: Recipient(name: "Ada Lovelace", address: ada.address),
          tier: .member)
      ])

    service.send(.progressed(percent: 40))
    await store.receive(.submissionProgressed(id: 1, percent: 40)) {
      $0.orders.list[id: 1]?.status = .submitted(progress: 40)
    }
    service.send(.confirmed(code: "C-1"))
    await store.receive(.submissionConfirmed(id: 1, code: "C-1")) {
      $0.orders.list[id: 1]?.status = .confirmed(code: "C-1")
      $0.profile.loyaltyPoints = 20
    }
    await store.receive(
      .delegate(.orderConfirmed(id: 1, total: Money(minorUnits: 2_050), points: 20)))
    await store.finish()
  }

  @Test func refusedSubmissionFailsWithTheServicesReasonAndCanBeRetried() async {
    let service = ScriptedOrderService()
    let store = TestStore(initialState: module(draft(1, (chair, 2)))) {
      OrdersFeature()
    } withDependencies: {
      $0.ordersClient = service.client
    }
    await store.send(.view(.submitButtonTapped(orderID: 1))) {
      $0.orders.list[id: 1]?.recipient = Recipient(name: "Ada Lovelace", address: ada.address)
      $0.orders.list[id: 1]?.status = .submitted(progress: 0)
    }
    service.fail(OrdersClient.Failure("Declined."))
    await store.receive(.submissionFailed(id: 1, reason: "Declined.")) {
      $0.orders.list[id: 1]?.status = .failed(reason: "Declined.")
    }
    await store.receive(.delegate(.orderFailed(id: 1, reason: "Declined.")))

    await store.send(.view(.submitButtonTapped(orderID: 1))) {
      $0.orders.problem = "Order #1 is failed; retry it to submit it again."
    }
    await store.send(.view(.retryButtonTapped(orderID: 1))) {
      $0.orders.problem = nil
      $0.orders.list[id: 1]?.status = .submitted(progress: 0)
    }
    #expect(service.submissions.count == 2)
    service.send(.confirmed(code: "C-2"))
    await store.receive(.submissionConfirmed(id: 1, code: "C-2")) {
      $0.orders.list[id: 1]?.status = .confirmed(code: "C-2")
      $0.profile.loyaltyPoints = 498
    }
    await store.receive(
      .delegate(.orderConfirmed(id: 1, total: Money(minorUnits: 49_800), points: 498)))
  }

  @Test func aServiceThatStopsWithoutConfirmingFailsTheOrder() async {
    let service = ScriptedOrderService()
    let store = TestStore(initialState: module(draft(1, (tea, 1)))) {
      OrdersFeature()
    } withDependencies: {
      $0.ordersClient = service.client
    }
    await store.send(.view(.submitButtonTapped(orderID: 1))) {
      $0.orders.list[id: 1]?.recipient = Recipient(name: "Ada Lovelace", address: ada.address)
      $0.orders.list[id: 1]?.status = .submitted(progress: 0)
    }
    service.finish()
    let reason = "The order service stopped answering before confirming the order."
    await store.receive(.submissionFailed(id: 1, reason: reason)) {
      $0.orders.list[id: 1]?.status = .failed(reason: reason)
    }
    await store.receive(.delegate(.orderFailed(id: 1, reason: reason)))
  }

  @Test func theCancelConfirmationStaysWhileTheSubmissionsNewsArrives() async {
    let service = ScriptedOrderService()
    let store = TestStore(initialState: module(draft(1, (tea, 1)))) {
      OrdersFeature()
    } withDependencies: {
      $0.ordersClient = service.client
    }
    await store.send(.view(.submitButtonTapped(orderID: 1))) {
      $0.orders.list[id: 1]?.recipient = Recipient(name: "Ada Lovelace", address: ada.address)
      $0.orders.list[id: 1]?.status = .submitted(progress: 0)
    }
    await store.send(.view(.cancelSubmissionButtonTapped(orderID: 1))) {
      $0.orders.confirmation = OrdersFeature.cancelConfirmation(orderID: 1)
    }
    // Progress arriving while the user reads the dialog leaves the dialog up.
    service.send(.progressed(percent: 40))
    await store.receive(.submissionProgressed(id: 1, percent: 40)) {
      $0.orders.list[id: 1]?.status = .submitted(progress: 40)
    }
    #expect(store.state.orders.confirmation == OrdersFeature.cancelConfirmation(orderID: 1))
    await store.send(.confirmation(.presented(.cancelSubmission(1)))) {
      $0.orders.list[id: 1]?.status = .cancelled
      $0.orders.confirmation = nil
    }
    await store.finish()
  }

  @Test func cancellingStopsTheSubmissionAndLateNewsIsIgnored() async {
    let service = ScriptedOrderService()
    let store = TestStore(initialState: module(draft(1, (tea, 1)))) {
      OrdersFeature()
    } withDependencies: {
      $0.ordersClient = service.client
    }
    await store.send(.view(.submitButtonTapped(orderID: 1))) {
      $0.orders.list[id: 1]?.recipient = Recipient(name: "Ada Lovelace", address: ada.address)
      $0.orders.list[id: 1]?.status = .submitted(progress: 0)
    }
    await store.send(.view(.cancelSubmissionButtonTapped(orderID: 1))) {
      $0.orders.confirmation = OrdersFeature.cancelConfirmation(orderID: 1)
    }
    await store.send(.confirmation(.presented(.cancelSubmission(1)))) {
      $0.orders.list[id: 1]?.status = .cancelled
      $0.orders.confirmation = nil
    }
    // The effect is gone: the service's stream was cancelled, nothing more comes back.
    await store.finish()
    #expect(service.wasCancelled)
    // News about an order that is no longer being submitted changes nothing.
    await store.send(.submissionProgressed(id: 1, percent: 80))
    await store.send(.submissionConfirmed(id: 1, code: "LATE"))
    await store.send(.submissionFailed(id: 1, reason: "late"))
    await store.send(.submissionConfirmed(id: 7, code: "NOBODY"))

    await store.send(.view(.retryButtonTapped(orderID: 1))) {
      $0.orders.list[id: 1]?.status = .submitted(progress: 0)
    }
    service.send(.confirmed(code: "C-1"))
    await store.receive(.submissionConfirmed(id: 1, code: "C-1")) {
      $0.orders.list[id: 1]?.status = .confirmed(code: "C-1")
      $0.profile.loyaltyPoints = 4
    }
    await store.receive(.delegate(.orderConfirmed(id: 1, total: Money(minorUnits: 450), points: 4)))
  }

  @Test func deletingADraftDuringAnotherSubmissionLeavesThatSubmissionRunning() async {
    let service = ScriptedOrderService()
    let store = TestStore(initialState: module(draft(1, (tea, 1)), Order(id: 2))) {
      OrdersFeature()
    } withDependencies: {
      $0.ordersClient = service.client
    }
    await store.send(.view(.submitButtonTapped(orderID: 1))) {
      $0.orders.list[id: 1]?.recipient = Recipient(name: "Ada Lovelace", address: ada.address)
      $0.orders.list[id: 1]?.status = .submitted(progress: 0)
    }
    await store.send(.view(.deleteButtonTapped(orderID: 2))) {
      $0.orders.confirmation = OrdersFeature.deleteConfirmation(orderID: 2)
    }
    await store.send(.confirmation(.presented(.deleteOrder(2)))) {
      $0.orders.list.remove(id: 2)
      $0.orders.confirmation = nil
    }
    service.send(.progressed(percent: 50))
    await store.receive(.submissionProgressed(id: 1, percent: 50)) {
      $0.orders.list[id: 1]?.status = .submitted(progress: 50)
    }
    await store.send(.view(.cancelSubmissionButtonTapped(orderID: 1))) {
      $0.orders.confirmation = OrdersFeature.cancelConfirmation(orderID: 1)
    }
    await store.send(.confirmation(.presented(.cancelSubmission(1)))) {
      $0.orders.list[id: 1]?.status = .cancelled
      $0.orders.confirmation = nil
    }
  }

  @Test func submittingInATestThatDidNotPlanForItFailsTheTest() async {
    let store = TestStore(initialState: module(draft(1, (tea, 1)))) { OrdersFeature() }
    let reason = "Unimplemented: 'OrdersClient.submit'"
    let failures = await capturingTestFailures {
      await store.send(.view(.submitButtonTapped(orderID: 1))) {
        $0.orders.list[id: 1]?.recipient = Recipient(name: "Ada Lovelace", address: ada.address)
        $0.orders.list[id: 1]?.status = .submitted(progress: 0)
      }
      await store.receive(.submissionFailed(id: 1, reason: reason)) {
        $0.orders.list[id: 1]?.status = .failed(reason: reason)
      }
      await store.receive(.delegate(.orderFailed(id: 1, reason: reason)))
    }
    #expect(failures.count == 1)
    #expect(
      failures.first?.message.contains("Unimplemented: 'OrdersClient.submit' was called") == true)
  }

  @Test func newsFromTheServiceClearsAStaleProblem() async {
    let service = ScriptedOrderService()
    let store = TestStore(initialState: module(draft(1, (tea, 1)))) {
      OrdersFeature()
    } withDependencies: {
      $0.ordersClient = service.client
    }
    await store.send(.view(.submitButtonTapped(orderID: 1))) {
      $0.orders.list[id: 1]?.recipient = Recipient(name: "Ada Lovelace", address: ada.address)
      $0.orders.list[id: 1]?.status = .submitted(progress: 0)
    }
    await store.send(.view(.addItemButtonTapped(orderID: 1, sku: "mug", quantity: 1))) {
      $0.orders.problem = "Order #1 is submitted; only drafts can change."
    }
    service.send(.progressed(percent: 30))
    await store.receive(.submissionProgressed(id: 1, percent: 30)) {
      $0.orders.list[id: 1]?.status = .submitted(progress: 30)
      $0.orders.problem = nil
    }
    await store.send(.view(.submitButtonTapped(orderID: 1))) {
      $0.orders.problem = "Order #1 is already submitted."
    }
    service.fail(OrdersClient.Failure("Declined."))
    await store.receive(.submissionFailed(id: 1, reason: "Declined.")) {
      $0.orders.list[id: 1]?.status = .failed(reason: "Declined.")
      $0.orders.problem = nil
    }
    await store.receive(.delegate(.orderFailed(id: 1, reason: "Declined.")))
  }
}
