import Core
import Orders
import Profile
import Testing

@MainActor
@Suite struct OrdersPanelTests {
  @Test func rendersEachOrderWithWhatIsLeftToSay() {
    var orders = OrdersFeature.Orders(list: [
      draft(1, (mug, 2), (tea, 1)),
      Order(
        id: 2, lines: [LineItem(product: chair, quantity: 1)],
        recipient: Recipient(name: "Ada Lovelace", address: ada.address),
        status: .submitted(progress: 50)),
      Order(id: 3, lines: [LineItem(product: tea, quantity: 4)], status: .confirmed(code: "SIM-3")),
      Order(id: 4, status: .failed(reason: "Declined.")),
      Order(
        id: 5,
        shippingAddress: ShippingAddress(
          street: "1 Side St", city: "Leeds", postalCode: "LS1", country: "UK")),
    ])
    orders.problem = "There is no order #9."
    let lines = OrdersPanel.render(
      OrdersPanel.Content(OrdersModuleState(orders: orders, profile: ada)))
    #expect(
      lines == [
        "Ships to Ada Lovelace, 12 Analytical Way, London, N1 7AA, UK",
        "#1   draft      $20.50    2 × mug, 1 × tea",
        "#2   submitted  $249.00   1 × chair",
        "       [#####.....] 50% submitting",
        "       to Ada Lovelace, 12 Analytical Way, London, N1 7AA, UK",
        "#3   confirmed  $18.00    4 × tea",
        "       confirmation SIM-3, earned 18 points",
        "#4   failed     $0.00     (empty)",
        "       Declined.",
        "#5   draft      $0.00     (empty)",
        "       ships to its own address: 1 Side St, Leeds, LS1, UK",
        "! There is no order #9.",
      ])
  }

  @Test func longNumbersAndTotalsAreNeverCutAndKeepASpaceBeforeTheNextColumn() {
    let pricey = Product(
      sku: "grandpiano", name: "Grand piano", price: Money(minorUnits: 99_999_900))
    let orders = OrdersFeature.Orders(
      list: [draft(999, (tea, 1)), Order(id: 1000), draft(12345, (pricey, 99))], nextID: 12346)
    let content = OrdersPanel.Content(OrdersModuleState(orders: orders, profile: ada))
    #expect(
      OrdersPanel.render(content).dropFirst() == [
        "#999   draft      $4.50     1 × tea",
        "#1000  draft      $0.00     (empty)",
        "#12345 draft      $98999901.00 99 × grandpiano",
      ])

    // Rendered alone, as the screen renders each order, a row reads the same.
    var single = content
    single.orders.list = [orders.list[1]]
    #expect(OrdersPanel.render(single).last == "#1000  draft      $0.00     (empty)")

    var detail = content
    detail.orders.list = [draft(1, (mug, 2), (Product.named("notebook")!, 1))]
    detail.orders.path.append(OrderDetail.State(orderID: 1))
    #expect(
      OrdersPanel.render(detail)[2...3] == [
        "  2 × mug      $16.00",
        "  1 × notebook $12.50",
      ])
  }

  @Test func saysWhenThereIsNothingYet() {
    let lines = OrdersPanel.render(OrdersPanel.Content(OrdersModuleState()))
    #expect(lines == ["Ships to (no name yet), no default address yet", "No orders yet."])
  }

  @Test func rendersForOrdersAndShownProfileFieldsOnly() {
    let store = Store(initialState: ProfileAndOrders()) {
      ProfileAndOrders.Feature()
    } withDependencies: {
      $0.profileClient = ProfileClient { _ in }
    }
    let panel = OrdersPanel(
      store: store.scope(state: \.module, action: ProfileAndOrders.Action.orders))
    #expect(panel.renderCount == 1)

    panel.send(.newOrderButtonTapped)
    #expect(panel.renderCount == 2)
    // The module state changes (the profile's draft), but nothing the panel shows does.
    store.send(.profile(.view(.nameChanged("Ada"))))
    #expect(store.state.module.profile.editor?.draft.name == "Ada")
    #expect(panel.renderCount == 2)
    store.send(.profile(.view(.addressChanged(ada.address))))
    #expect(panel.renderCount == 2)
    // Saving changes the name and address it shows.
    store.send(
      .profile(
        .editor(
          .presented(
            .saveSucceeded(ProfileDetails(name: "Ada", email: "", address: ada.address))))))
    #expect(panel.renderCount == 3)
    #expect(panel.lines.first == "Ships to Ada, 12 Analytical Way, London, N1 7AA, UK")
  }
}
