import Core
import CoreTesting
import Foundation
import Orders
import Profile
import Testing

/// The Orders module's navigation: the stack of order-detail screens and the confirmation
/// dialogs that guard deleting and cancelling.
@MainActor
@Suite struct OrdersNavigationTests {
  func module(_ orders: Order...) -> OrdersModuleState {
    OrdersModuleState(
      orders: OrdersFeature.Orders(list: IdentifiedArray(uniqueElements: orders)), profile: ada)
  }

  // MARK: - The stack

  @Test func openPushesScreensWithGeneratedIDsAndBackPopsThem() async {
    let store = TestStore(initialState: module(draft(1, (mug, 1)), Order(id: 2), Order(id: 3))) {
      OrdersFeature()
    }
    await store.send(.view(.openButtonTapped(orderID: 1))) {
      $0.orders.path.append(OrderDetail.State(orderID: 1))
    }
    await store.send(.view(.openButtonTapped(orderID: 3))) {
      $0.orders.path.append(OrderDetail.State(orderID: 3))
    }
    #expect(store.state.orders.path.ids == [0, 1])
    // Opening a screen already on the stack goes back to it.
    await store.send(.view(.openButtonTapped(orderID: 1))) {
      $0.orders.path.pop(to: 0)
    }
    await store.send(.view(.openButtonTapped(orderID: 2))) {
      $0.orders.path.append(OrderDetail.State(orderID: 2))
    }
    // Ids are never reused: the screen for #2 is #2, not #1.
    #expect(store.state.orders.path.ids == [0, 2])
    await store.send(.view(.backButtonTapped)) { _ = $0.orders.path.popLast() }
    await store.send(.view(.backButtonTapped)) { $0.orders.path.removeAll() }
    await store.send(.view(.backButtonTapped)) {
      $0.orders.problem = "No order is open; 'open <order>' opens one."
    }
    await store.send(.view(.openButtonTapped(orderID: 9))) {
      $0.orders.problem = "There is no order #9. Orders: #1, #2, #3."
    }
  }

  @Test func aDetailScreenClosesItselfAndThePopArrivesAsPopFrom() async {
    let store = TestStore(initialState: module(Order(id: 1), Order(id: 2))) { OrdersFeature() }
    await store.send(.view(.openButtonTapped(orderID: 1))) {
      $0.orders.path.append(OrderDetail.State(orderID: 1))
    }
    await store.send(.view(.openButtonTapped(orderID: 2))) {
      $0.orders.path.append(OrderDetail.State(orderID: 2))
    }
    await store.send(.path(.element(id: 0, action: .view(.closeButtonTapped))))
    // Closing the lower screen pops it and every screen above it.
    await store.receive(.path(.popFrom(id: 0))) { $0.orders.path.pop(from: 0) }
  }

  @Test func deletingAnOrderClosesItsScreens() async {
    let store = TestStore(initialState: module(Order(id: 1), Order(id: 2))) { OrdersFeature() }
    await store.send(.view(.openButtonTapped(orderID: 1))) {
      $0.orders.path.append(OrderDetail.State(orderID: 1))
    }
    await store.send(.view(.openButtonTapped(orderID: 2))) {
      $0.orders.path.append(OrderDetail.State(orderID: 2))
    }
    await store.send(.view(.deleteButtonTapped(orderID: 2))) {
      $0.orders.confirmation = OrdersFeature.deleteConfirmation(orderID: 2)
    }
    await store.send(.confirmation(.presented(.deleteOrder(2)))) {
      $0.orders.list.remove(id: 2)
      $0.orders.path.pop(from: 1)
      $0.orders.confirmation = nil
    }
  }

  // MARK: - Confirmation dialogs

  @Test func theDeleteQuestionNamesTheOrderAndItsAnswers() {
    let dialog = OrdersFeature.deleteConfirmation(orderID: 4)
    #expect(dialog.title == "Delete order #4?")
    #expect(dialog.buttons.map(\.role) == [.destructive, .cancel])
    #expect(dialog.buttons.map(\.action) == [.deleteOrder(4), nil])
  }

  @Test func answeringNoDismissesTheDialogAndKeepsTheOrder() async {
    let store = TestStore(initialState: module(Order(id: 1))) { OrdersFeature() }
    await store.send(.view(.deleteButtonTapped(orderID: 1))) {
      $0.orders.confirmation = OrdersFeature.deleteConfirmation(orderID: 1)
    }
    await store.send(.confirmation(.dismiss)) { $0.orders.confirmation = nil }
  }

  @Test func anotherIntentDismissesTheQuestion() async {
    let store = TestStore(initialState: module(Order(id: 1))) { OrdersFeature() }
    await store.send(.view(.deleteButtonTapped(orderID: 1))) {
      $0.orders.confirmation = OrdersFeature.deleteConfirmation(orderID: 1)
    }
    await store.send(.view(.newOrderButtonTapped)) {
      $0.orders.confirmation = nil
      $0.orders.list.append(Order(id: 2))
      $0.orders.nextID = 3
    }
  }

  @Test func aSubmissionThatEndsDropsTheQuestionWhetherToCancelIt() async {
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
    service.send(.confirmed(code: "C-1"))
    await store.receive(.submissionConfirmed(id: 1, code: "C-1")) {
      $0.orders.list[id: 1]?.status = .confirmed(code: "C-1")
      $0.profile.loyaltyPoints = 4
      $0.orders.confirmation = nil
    }
    await store.receive(.delegate(.orderConfirmed(id: 1, total: Money(minorUnits: 450), points: 4)))
  }

  @Test func aQuestionAboutAnotherOrderStays() async {
    var state = module(Order(id: 1, status: .submitted(progress: 10)), Order(id: 2))
    state.orders.confirmation = OrdersFeature.deleteConfirmation(orderID: 2)
    let store = TestStore(initialState: state) { OrdersFeature() }
    await store.send(.submissionFailed(id: 1, reason: "Declined.")) {
      $0.orders.list[id: 1]?.status = .failed(reason: "Declined.")
    }
    await store.receive(.delegate(.orderFailed(id: 1, reason: "Declined.")))
  }

  // MARK: - Persistence and rendering

  @Test func theOpenScreensAreEncodedAndOldStatesDecodeWithoutThem() throws {
    var orders = OrdersFeature.Orders(list: [Order(id: 1), Order(id: 2)])
    orders.path.append(OrderDetail.State(orderID: 2))
    orders.confirmation = OrdersFeature.deleteConfirmation(orderID: 1)
    let data = try JSONEncoder().encode(orders)
    let decoded = try JSONDecoder().decode(OrdersFeature.Orders.self, from: data)
    #expect(decoded.path.map(\.orderID) == [2])
    #expect(decoded.confirmation == nil)

    let old = Data(#"{"list": [], "nextID": 4}"#.utf8)
    let restored = try JSONDecoder().decode(OrdersFeature.Orders.self, from: old)
    #expect(restored.path.isEmpty)
    #expect(restored.nextID == 4)
  }

  @Test func theDetailShowsTheBreadcrumbTheLinesAndTheActions() {
    var state = module(draft(1, (mug, 2), (tea, 1)), Order(id: 2))
    state.orders.path.append(OrderDetail.State(orderID: 2))
    state.orders.path.append(OrderDetail.State(orderID: 1))
    state.orders.confirmation = OrdersFeature.deleteConfirmation(orderID: 1)
    #expect(
      OrdersPanel.render(OrdersPanel.Content(state)) == [
        "Orders › #2 › #1   ('back' returns)",
        "Order #1 · draft · 3 items · $20.50",
        "  2 × mug     $16.00",
        "  1 × tea     $4.50",
        "  ships to 12 Analytical Way, London, N1 7AA, UK",
        "Actions: order add 1 …, order submit 1, order delete 1",
        "? Delete order #1? 'yes': delete it · 'no': keep it",
      ])
  }
}
