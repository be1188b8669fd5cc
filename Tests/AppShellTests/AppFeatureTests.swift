import Core
import CoreTesting
import Orders
import Profile
import Testing

@testable import AppShell

@MainActor
@Suite struct AppFeatureTests {
  @Test func ordersModuleReadsAndWritesTheOneStoredProfile() {
    var state = sampleState()
    #expect(state.ordersModule.profile == state.profile)
    #expect(state.ordersModule.orders == state.orders)

    var module = state.ordersModule
    module.profile.loyaltyPoints = 999
    module.orders.list.remove(id: 2)
    state.ordersModule = module
    #expect(state.profile.loyaltyPoints == 999)
    #expect(state.orders.list.map(\.id) == [1])
  }

  @Test func anOrdersChangeToTheProfileLandsInTheAppsProfile() async {
    let leeds = ShippingAddress(
      street: "1 Side St", city: "Leeds", postalCode: "LS1", country: "UK")
    let store = TestStore(initialState: sampleState()) { AppFeature() }

    await store.send(.orders(.view(.shippingAddressChanged(orderID: 2, leeds)))) {
      $0.orders.list[id: 2]?.shippingAddress = leeds
    }
    await store.send(.orders(.view(.useAsDefaultAddressButtonTapped(orderID: 2)))) {
      $0.profile.address = leeds
      $0.orders.list[id: 2]?.shippingAddress = nil
    }
    #expect(store.state.ordersModule.profile.address == leeds)
  }

  @Test func aSaveKeepsWhatOrdersChangedWhileTheEditorWasOpen() async {
    let leeds = ShippingAddress(
      street: "1 Side St", city: "Leeds", postalCode: "LS1", country: "UK")
    let store = TestStore(initialState: sampleState()) {
      AppFeature()
    } withDependencies: {
      $0.profileClient = savingProfileClient
    }
    // The editor is open with an edited email; Orders changes the default address meanwhile.
    await store.send(.orders(.view(.shippingAddressChanged(orderID: 2, leeds)))) {
      $0.orders.list[id: 2]?.shippingAddress = leeds
    }
    await store.send(.orders(.view(.useAsDefaultAddressButtonTapped(orderID: 2)))) {
      $0.profile.address = leeds
      $0.orders.list[id: 2]?.shippingAddress = nil
    }
    let details = ProfileDetails(
      name: "Ada Lovelace", email: "ada@lovelace.org", address: leeds)
    await store.send(.profile(.editor(.presented(.view(.saveButtonTapped))))) {
      $0.profile.editor?.saved.address = leeds
      $0.profile.editor?.saveStatus = .saving
      $0.profile.editor?.closesWhenSaved = true
    }
    await store.receive(.profile(.editor(.presented(.saveSucceeded(details))))) {
      $0.profile.editor?.saved = details
      $0.profile.editor?.draft = ProfileFeature.Draft()
      $0.profile.editor?.saveStatus = .saved
    }
    await store.receive(.profile(.editor(.presented(.delegate(.saved(details)))))) {
      $0.profile.email = "ada@lovelace.org"
    }
    await store.receive(.profile(.delegate(.saved(details)))) {
      $0.activity.append("Profile saved for Ada Lovelace.")
    }
    await store.receive(.profile(.editor(.dismiss))) { $0.profile.editor = nil }
    #expect(store.state.profile.address == leeds)
  }

  @Test func confirmedOrderEarnsPointsAndIsLogged() async {
    let store = TestStore(initialState: sampleState()) {
      AppFeature()
    } withDependencies: {
      $0.ordersClient = confirmingOrdersClient
    }
    await store.send(.orders(.view(.submitButtonTapped(orderID: 2)))) {
      $0.orders.list[id: 2]?.recipient = Recipient(
        name: "Ada Lovelace", address: $0.profile.address)
      $0.orders.list[id: 2]?.status = .submitted(progress: 0)
    }
    await store.receive(.orders(.submissionProgressed(id: 2, percent: 50))) {
      $0.orders.list[id: 2]?.status = .submitted(progress: 50)
    }
    await store.receive(.orders(.submissionConfirmed(id: 2, code: "TEST-2"))) {
      $0.orders.list[id: 2]?.status = .confirmed(code: "TEST-2")
      $0.profile.loyaltyPoints = 24
    }
    await store.receive(
      .orders(.delegate(.orderConfirmed(id: 2, total: Money(minorUnits: 450), points: 4)))
    ) {
      $0.activity.append("Order #2 confirmed: $4.50, +4 loyalty points.")
    }
  }

  @Test func failedOrderIsLogged() async {
    let store = TestStore(initialState: sampleState()) {
      AppFeature()
    } withDependencies: {
      $0.ordersClient = OrdersClient { _ in
        AsyncThrowingStream { $0.finish(throwing: OrdersClient.Failure("Declined.")) }
      }
    }
    await store.send(.orders(.view(.submitButtonTapped(orderID: 2)))) {
      $0.orders.list[id: 2]?.recipient = Recipient(
        name: "Ada Lovelace", address: $0.profile.address)
      $0.orders.list[id: 2]?.status = .submitted(progress: 0)
    }
    await store.receive(.orders(.submissionFailed(id: 2, reason: "Declined."))) {
      $0.orders.list[id: 2]?.status = .failed(reason: "Declined.")
    }
    await store.receive(.orders(.delegate(.orderFailed(id: 2, reason: "Declined.")))) {
      $0.activity.append("Order #2 failed: Declined.")
    }
  }

  @Test func savedProfileIsLoggedAndTheLogKeepsTheLatestFive() async {
    var state = sampleState()
    state.activity = (1...5).map { "Event \($0)." }
    let store = TestStore(initialState: state) {
      AppFeature()
    } withDependencies: {
      $0.profileClient = savingProfileClient
    }
    let details = ProfileDetails(
      name: "Ada Lovelace", email: "ada@lovelace.org", address: state.profile.address)
    await store.send(.profile(.editor(.presented(.view(.saveButtonTapped))))) {
      $0.profile.editor?.saveStatus = .saving
      $0.profile.editor?.closesWhenSaved = true
    }
    await store.receive(.profile(.editor(.presented(.saveSucceeded(details))))) {
      $0.profile.editor?.saved = details
      $0.profile.editor?.draft = ProfileFeature.Draft()
      $0.profile.editor?.saveStatus = .saved
    }
    await store.receive(.profile(.editor(.presented(.delegate(.saved(details)))))) {
      $0.profile.email = "ada@lovelace.org"
    }
    await store.receive(.profile(.delegate(.saved(details)))) {
      $0.activity = [
        "Event 2.", "Event 3.", "Event 4.", "Event 5.", "Profile saved for Ada Lovelace.",
      ]
    }
    // The editor closes itself; its own `dismiss()` arrives as `.dismiss`.
    await store.receive(.profile(.editor(.dismiss))) { $0.profile.editor = nil }
  }
}
