@testable import AppShell

import Core
import Foundation
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
  mutating func useTestServices(storage: InMemoryStorage = .init()) {
    ordersClient = confirmingOrdersClient
    profileClient = savingProfileClient
    persistentStorage = storage
  }
}

extension InMemoryStorage {
  /// What `shell` saved here, once its pending save is written; `nil` if nothing was.
  @MainActor
  func savedState(of shell: Shell) -> AppState? {
    shell.persistence.persisted.flush()
    return try? value(at: shell.persistence.persisted.url, as: .appState)
  }

  /// The bytes `shell` saved here, once its pending save is written.
  @MainActor
  func savedData(of shell: Shell) -> Data? {
    shell.persistence.persisted.flush()
    return data(at: shell.persistence.persisted.url)
  }

  /// How many times `shell` wrote its state here, once its pending save is written.
  @MainActor
  func writeCount(of shell: Shell) -> Int {
    shell.persistence.persisted.flush()
    return writeCount(at: shell.persistence.persisted.url)
  }
}
