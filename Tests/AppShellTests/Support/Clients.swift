@testable import AppShell

import Core
import Orders
import Profile

/// An order service that confirms every order at once, after one progress report.
let confirmingOrdersClient = OrdersClient { submission in
  AsyncThrowingStream { continuation in
    continuation.yield(.progressed(percent: 50))
    continuation.yield(.confirmed(code: "TEST-\(submission.orderID)"))
    continuation.finish()
  }
}

/// An account service that saves at once.
let savingProfileClient = ProfileClient { _ in }

extension DependencyValues {
  /// Immediate services and in-memory persistence: nothing waits or touches the disk.
  mutating func useTestServices(storage: Persistence.InMemoryStorage = .init()) {
    ordersClient = confirmingOrdersClient
    profileClient = savingProfileClient
    persistence = .inMemory(storage: storage)
  }
}
