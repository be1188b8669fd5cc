import Foundation
import Orders
import Testing

@testable import AppShell

/// State files the app does not survive yet, found by `StateFileFuzzTests`: each crashes the
/// process (integer overflow), so each test is disabled until the crash is fixed. Fixed means:
/// loading either moves the file aside with a reason, or restores a state the app runs on.
///
/// To check a fix: enable the test, delete its case from `UnsurvivableState`, run
/// `swift test --filter UnsurvivableStateTests`.
@MainActor
@Suite struct UnsurvivableStateTests {
  @Test(.disabled("Crashes: ProfilePanel.loyalty overflows on negative loyalty points"))
  func negativeLoyaltyPoints() async throws {
    try await expectSurvives { $0.profile.loyaltyPoints = Int.min }
  }

  @Test(.disabled("Crashes: OrdersFeature overflows adding an order's points to huge points"))
  func hugeLoyaltyPoints() async throws {
    try await expectSurvives {
      $0.profile.loyaltyPoints = Int.max - 1
      $0.orders.list[id: 2]?.status = .draft
    }
  }

  @Test(.disabled("Crashes: LineItem.subtotal overflows on an extreme quantity"))
  func extremeQuantity() async throws {
    try await expectSurvives { $0.orders.list[id: 1]?.lines[id: "mug"]?.quantity = Int.max }
  }

  @Test(.disabled("Crashes: LineItem.subtotal overflows on an extreme price"))
  func extremePrice() async throws {
    try await expectSurvives {
      $0.orders.list[id: 1]?.lines[id: "mug"]?.product.price = Money(minorUnits: Int.max)
    }
  }

  @Test(.disabled("Crashes: OrdersFeature overflows 'nextID += 1' on 'order new'"))
  func extremeNextOrderID() async throws {
    try await expectSurvives { $0.orders.nextID = Int.max }
  }

  /// Writes the sample state changed by `change` to a state file, loads it, and runs the app
  /// on what it restores: submitting every order, adding one, and rendering.
  private func expectSurvives(_ change: (inout AppState) -> Void) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("state.json")
    var state = sampleState()
    change(&state)
    try StateFile(url: url).save(state)

    switch try StateFile(url: url).load() {
    case .empty:
      Issue.record("the file was not found")
    case let .movedAside(_, reason):
      #expect(!reason.isEmpty)
    case let .restored(restored):
      let shell = Shell(initialState: restored) { $0.useTestServices() }
      for order in restored.orders.list { _ = shell.execute("order submit \(order.id)") }
      _ = shell.execute("order new")
      await shell.waitUntilIdle()
      _ = shell.panels
      #expect(shell.saveNow())
    }
  }
}
