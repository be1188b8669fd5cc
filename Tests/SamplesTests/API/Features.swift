import Core
import CoreTesting
import Foundation
import Orders
import Profile
import Testing

// The examples in the doc comments of the shipped feature modules, Sources/Features/Orders
// and Sources/Features/Profile.

enum FeatureDocs {
  typealias AppState = ScopingAndModulesArticle.AppState
  typealias AppAction = ScopingAndModulesArticle.AppAction
  typealias AppFeature = ScopingAndModulesArticle.AppFeature

  static let address = ShippingAddress(
    street: "12 Analytical Way", city: "London", postalCode: "N1 7AA", country: "UK")

  static let profile = ProfileFeature.State(
    name: "Ada Lovelace", email: "ada@example.org", address: address)

  /// Waits, a millisecond at a time and at most a second, until `condition` holds.
  @MainActor
  static func waitUntil(_ condition: () -> Bool) async throws {
    for _ in 0..<1_000 where !condition() { try await Task.sleep(for: .milliseconds(1)) }
  }

  @Test static func valuesOfTheOrdersModule() {
    let price = Money(minorUnits: 450)  // $4.50
    let three = price * 3  // $13.50
    let label = three.description  // "$13.50"
    #expect(price == Money(minorUnits: 450))
    #expect(three == Money(minorUnits: 1_350))
    #expect(label == "$13.50")

    var order = Order(id: 1)
    order.lines.append(LineItem(product: Product.named("mug")!, quantity: 2))
    let total = order.total  // $16.00
    #expect(total == Money(minorUnits: 1_600))

    let mugPrice = {
      let price = Product.named("mug")?.price  // $8.00
      return price
    }()
    #expect(mugPrice == Money(minorUnits: 800))
  }

  @Test static func valuesOfTheProfileModule() {
    let member = LoyaltyTier(points: 0)  // .member
    let silver = LoyaltyTier(points: 120)  // .silver
    let gold = LoyaltyTier(points: 600)  // .gold
    #expect([member, silver, gold] == [.member, .silver, .gold])

    let address = ShippingAddress(
      street: "12 Analytical Way", city: "London", postalCode: "N1 7AA", country: "UK")
    let line = address.formatted  // "12 Analytical Way, London, N1 7AA, UK"
    #expect(line == "12 Analytical Way, London, N1 7AA, UK")

    let city = ShippingAddress(parsing: "1 Main St, Springfield, 12345, US")?.city  // "Springfield"
    let unparsed = ShippingAddress(parsing: "1 Main St, Springfield")  // nil
    #expect(city == "Springfield")
    #expect(unparsed == nil)

    let details = ProfileDetails(name: "Ada", email: "ada@example.org", address: ShippingAddress())
    let problems = ProfileFeature.problems(in: details)  // [] when valid
    #expect(problems.isEmpty)
  }

  @Test static func problemsNameTheirFields() {
    let problems = ProfileFeature.problems(
      in: ProfileDetails(name: " ", email: "ada", address: .init()))
    // [name: "Enter a name.", email: "'ada' is not an email address ..."]
    #expect(problems.map(\.field) == [.name, .email])
    #expect(problems.first?.message == "Enter a name.")
    #expect(problems.last?.message.hasPrefix("'ada' is not an email address") == true)
  }

  @Test static func interruptedSubmissionsFailAfterARestart() throws {
    let saved = OrdersFeature.Orders(
      list: [Order(id: 1, status: .submitted(progress: 50)), Order(id: 2)])
    let data = try JSONEncoder().encode(saved)

    var orders = try JSONDecoder().decode(OrdersFeature.Orders.self, from: data)
    orders.failInterruptedSubmissions()
    #expect(orders.list[id: 1]?.status.isSubmitted == false)
    #expect(orders.list[id: 2]?.status == .draft)
  }

  @MainActor
  @Test static func aModuleStateSharesTheOneProfile() {
    var app = OrdersModuleStateDocs.AppState(profile: profile, orders: OrdersFeature.Orders())
    app.ordersModule.profile.loyaltyPoints = 20
    #expect(app.profile.loyaltyPoints == 20)
  }

  @MainActor
  @Test static func anOrderIsSubmittedAndConfirmed() async throws {
    let store = withDependencies {
      $0.clock = ImmediateClock()
    } operation: {
      let store = Store(initialState: OrdersModuleState(profile: profile)) { OrdersFeature() }
      store.send(.view(.newOrderButtonTapped))  // order #1
      store.send(.view(.addItemButtonTapped(orderID: 1, sku: "mug", quantity: 2)))
      store.send(.view(.submitButtonTapped(orderID: 1)))
      // .submissionProgressed(id: 1, percent: 25) ... .submissionConfirmed(id: 1, code: ...)
      return store
    }
    try await waitUntil { store.state.orders.list[id: 1]?.status != .submitted(progress: 0) }
    try await waitUntil { store.state.orders.list[id: 1]?.status.isSubmitted == false }
    #expect(store.state.orders.list[id: 1]?.status == .confirmed(code: "SIM-1"))
  }

  @MainActor
  @Test static func aScriptedServiceConfirms() async {
    let draft = Order(
      id: 1, lines: [LineItem(product: Product.named("mug")!, quantity: 2)])
    let store = TestStore(
      initialState: OrdersModuleState(orders: OrdersFeature.Orders(list: [draft]), profile: profile)
    ) {
      OrdersFeature()
    } withDependencies: {
      $0.ordersClient.submit = { submission in
        AsyncThrowingStream { continuation in
          continuation.yield(.progressed(percent: 50))
          continuation.yield(.confirmed(code: "TEST-1"))
          continuation.finish()
        }
      }
    }
    await store.send(.view(.submitButtonTapped(orderID: 1))) {
      $0.orders.list[id: 1]?.recipient = Recipient(name: "Ada Lovelace", address: address)
      $0.orders.list[id: 1]?.status = .submitted(progress: 0)
    }
    await store.receive(.submissionProgressed(id: 1, percent: 50)) {
      $0.orders.list[id: 1]?.status = .submitted(progress: 50)
    }
    await store.receive(.submissionConfirmed(id: 1, code: "TEST-1")) {
      $0.orders.list[id: 1]?.status = .confirmed(code: "TEST-1")
      $0.profile.loyaltyPoints = 16
    }
    await store.receive(
      .delegate(.orderConfirmed(id: 1, total: Money(minorUnits: 1_600), points: 16)))
  }

  @MainActor
  @Test static func anOrderScreenClosesItself() async throws {
    let store = Store(
      initialState: OrdersModuleState(orders: OrdersFeature.Orders(list: [Order(id: 3)]))
    ) { OrdersFeature() }
    store.send(.view(.openButtonTapped(orderID: 3)))  // pushes OrderDetail.State(orderID: 3)
    let id = store.state.orders.path.ids[0]
    store.send(.path(.element(id: id, action: .view(.closeButtonTapped))))
    // the screen calls `dismiss()`; the parent receives `.path(.popFrom(id: id))`
    try await waitUntil { store.state.orders.path.isEmpty }
    #expect(store.state.orders.path.isEmpty)
  }

  @MainActor
  @Test static func panelsRenderWhatTheyShow() {
    let appStore = Store(initialState: AppState()) { AppFeature() }

    let panel = OrdersPanel(store: appStore.scope(state: \.ordersModule, action: AppAction.orders))
    panel.send(.newOrderButtonTapped)
    let lines = panel.lines  // ["Ships to ...", "#1   draft      $0.00     (empty)"]
    #expect(
      lines == [
        "Ships to (no name yet), no default address yet", "#1   draft      $0.00     (empty)",
      ])

    var redraws = 0
    func redraw() { redraws += 1 }
    do {
      let panel = ProfilePanel(store: appStore.scope(state: \.profile, action: AppAction.profile))
      panel.onRender = { redraw() }
      panel.send(.nameChanged("Ada"))
      let lines = panel.lines  // ["Name     Ada  (unsaved)", ...]
      let renders = panel.renderCount  // 2: the first render, and the one after the edit
      #expect(lines.first == "Name     Ada  (unsaved)")
      #expect(renders == 2)
      #expect(redraws == 1)
    }
  }

  @MainActor
  @Test static func theProfileIsEditedInItsEditor() async throws {
    let store = Store(initialState: profile) {
      ProfileFeature()
    } withDependencies: {
      $0.profileClient = ProfileClient(save: { _ in })
    }
    store.send(.view(.editButtonTapped))
    // In the parent: .ifLet(\.$editor, action: Action.editor) { ProfileEditor() }
    store.send(.editor(.presented(.view(.nameChanged("Ada")))))
    store.send(.editor(.presented(.view(.saveButtonTapped))))  // editor.saveStatus == .saving
    // ... later: .saveSucceeded(details), .delegate(.saved(details)), then `.editor(.dismiss)`
    try await waitUntil { store.state.editor == nil }
    #expect(store.state.name == "Ada")
  }

  @MainActor
  @Test static func theProfileModuleOpensItsEditorForAnEdit() async throws {
    try await withDependencies {
      $0.profileClient = ProfileClient(save: { _ in })
    } operation: {
      let store = Store(initialState: ProfileFeature.State()) { ProfileFeature() }
      store.send(.view(.editButtonTapped))  // state.editor != nil
      store.send(.editor(.presented(.view(.nameChanged("Ada")))))
      store.send(.view(.emailChanged("ada@example.org")))  // opens the editor if needed, then edits
      store.send(.editor(.presented(.view(.saveButtonTapped))))
      // ... later: state.name == "Ada", state.editor == nil, and .delegate(.saved(details))
      try await waitUntil { store.state.editor == nil }
      #expect(store.state.name == "Ada")
      #expect(store.state.email == "ada@example.org")
    }
  }
}

enum OrdersModuleStateDocs {
  /// The app's state as the module state's documentation shows it: each part stored once.
  struct AppState {
    var profile: ProfileFeature.State
    var orders: OrdersFeature.Orders

    var ordersModule: OrdersModuleState {
      get { OrdersModuleState(orders: orders, profile: profile) }
      set {
        orders = newValue.orders
        profile = newValue.profile
      }
    }
  }
}
