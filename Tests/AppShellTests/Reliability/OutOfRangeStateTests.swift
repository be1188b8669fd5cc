import Foundation
import Orders
import Testing

@testable import AppShell
import TestSupport

/// State files with values out of the app's range, found by `StateFileFuzzTests`: each used
/// to crash the process (integer overflow). Loading now moves such a file aside with a reason.
@MainActor
@Suite struct OutOfRangeStateTests {
  @Test
  func negativeLoyaltyPoints() async throws {
    try await expectSurvives { $0.profile.loyaltyPoints = Int.min }
  }

  @Test
  func hugeLoyaltyPoints() async throws {
    try await expectSurvives {
      $0.profile.loyaltyPoints = Int.max - 1
      $0.orders.list[id: 2]?.status = .draft
    }
  }

  @Test
  func extremeQuantity() async throws {
    try await expectSurvives { $0.orders.list[id: 1]?.lines[id: "mug"]?.quantity = Int.max }
  }

  @Test
  func extremePrice() async throws {
    try await expectSurvives {
      $0.orders.list[id: 1]?.lines[id: "mug"]?.product.price = Money(minorUnits: Int.max)
    }
  }

  @Test
  func extremeNextOrderID() async throws {
    try await expectSurvives { $0.orders.nextID = Int.max }
  }

  @Test func outOfRangeFileIsMovedAsideNamingTheValue() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("state.json")
    var state = sampleState()
    state.profile.loyaltyPoints = -5
    try saveStateFile(state, to: url)
    let original = try Data(contentsOf: url)

    guard case let .movedAside(path, reason) = try loadStateFile(url) else {
      Issue.record("a file with negative loyalty points was not moved aside")
      return
    }
    #expect(reason.contains("loyalty points -5"))
    #expect(FileManager.default.contents(atPath: path) == original)
    #expect(!FileManager.default.fileExists(atPath: url.path))
  }

  @Test(arguments: [1, 2])
  func aNextOrderNumberNotAboveEveryOrderIsMovedAsideNamingIt(nextID: Int) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("state.json")
    var state = sampleState()
    state.orders.nextID = nextID
    try saveStateFile(state, to: url)
    let original = try Data(contentsOf: url)

    guard case let .movedAside(path, reason) = try loadStateFile(url) else {
      Issue.record("a file whose next order number is in use was not moved aside")
      return
    }
    #expect(reason.contains("the next order number \(nextID) is not above order #2"), "\(reason)")
    #expect(FileManager.default.contents(atPath: path) == original)
  }

  @Test func theLastOrderNumberIsTakenAndSavedThenNewOrdersAreRefused() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("state.json")
    var state = sampleState()
    state.orders.nextID = Order.maximumID
    try saveStateFile(state, to: url)
    guard case let .restored(restored) = try loadStateFile(url) else {
      Issue.record("a file whose next order number is the last one was not restored")
      return
    }

    let shell = Shell(initialState: restored) { $0.useTestServices() }
    #expect(!shell.execute("order new").isRejected)
    #expect(shell.store.state.orders.list.last?.id == Order.maximumID)
    #expect(shell.store.state.orders.nextID == Order.maximumID + 1)
    // What the app saves, it loads again.
    try saveStateFile(shell.store.state, to: url)
    #expect(try loadStateFile(url) == .restored(shell.store.state))

    let before = shell.store.state.orders.list
    let reply = shell.execute("order new")
    #expect(reply.isRejected)
    #expect(
      reply.problems == [
        "Order numbers end at #1000000000, which is taken: no new order can be created."
      ])
    #expect(shell.store.state.orders.list == before)
    #expect(shell.store.state.orders.nextID == Order.maximumID + 1)
  }

  /// Writes the sample state changed by `change` to a state file, loads it, and runs the app
  /// on what it restores: submitting every order, adding one, and rendering.
  private func expectSurvives(_ change: (inout AppState) -> Void) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("state.json")
    var state = sampleState()
    change(&state)
    try saveStateFile(state, to: url)

    switch try loadStateFile(url) {
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
