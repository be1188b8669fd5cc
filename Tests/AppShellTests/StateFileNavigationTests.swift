import Core
import Foundation
import Orders
import Profile
import Testing

@testable import AppShell
import TestSupport

/// The open order screens and the profile editor in the state file: saved and restored, older
/// files without them still load, and screens that cannot be shown are closed or refused.
@Suite struct StateFileNavigationTests {
  @Test func openScreensAndTheEditorsDraftComeBack() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let fileURL = directory.file("state.json")
    var state = sampleState()
    state.orders.path.append(OrderDetail.State(orderID: 2))
    state.orders.path.append(OrderDetail.State(orderID: 1))
    state.orders.confirmation = OrdersFeature.deleteConfirmation(orderID: 1)
    try saveStateFile(state, to: fileURL)
    guard case let .restored(restored) = try loadStateFile(fileURL) else {
      Issue.record("the state did not load")
      return
    }
    #expect(restored.orders.path.map(\.orderID) == [2, 1])
    #expect(restored.orders.confirmation == nil)
    #expect(restored.profile.editor?.draft == ProfileFeature.Draft(email: "ada@lovelace.org"))
  }

  @Test func aFileFromBeforeScreensAndTheEditorLoads() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("state.json")
    let old = #"""
      {"format": "AppShell state", "version": 1, "state": {"profile": {"name": "Ada",
      "email": "ada@example.org", "address": {"street": "", "city": "", "postalCode": "",
      "country": ""}, "loyaltyPoints": 5, "draft": {"name": "Ada L."}},
      "orders": {"list": [], "nextID": 3}, "activity": []}}
      """#
    try Data(old.utf8).write(to: url)
    guard case let .restored(state) = try loadStateFile(url) else {
      Issue.record("an older state file did not load")
      return
    }
    #expect(state.orders.path.isEmpty)
    #expect(state.orders.nextID == 3)
    #expect(state.profile.name == "Ada")
    #expect(state.profile.editor?.draft == ProfileFeature.Draft(name: "Ada L."))
  }

  @Test func screensForMissingOrdersOrShownTwiceAreClosed() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let fileURL = directory.file("state.json")
    var state = sampleState()
    state.orders.path = StackState(
      [1, 7, 2, 1].map { OrderDetail.State(orderID: $0) })
    try saveStateFile(state, to: fileURL)
    guard case let .restored(restored) = try loadStateFile(fileURL) else {
      Issue.record("the state did not load")
      return
    }
    #expect(restored.orders.path.map(\.orderID) == [1, 2])
  }

  @Test func aScreenForAnOrderNumberOutOfRangeIsRefused() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("state.json")
    var state = sampleState()
    state.orders.path.append(OrderDetail.State(orderID: Int.max))
    try saveStateFile(state, to: url)
    guard case let .movedAside(_, reason) = try loadStateFile(url) else {
      Issue.record("a screen for order \(Int.max) was not refused")
      return
    }
    #expect(reason.contains("an open screen shows order number \(Int.max)"))
  }
}
