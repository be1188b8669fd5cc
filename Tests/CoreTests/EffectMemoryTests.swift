import Foundation
import XCTest

@testable import Core

/// The memory a long-lived effect keeps. An XCTest case, because XCTest runs its tests one at a
/// time: resident memory measured while other tests run in parallel would say nothing.
@MainActor
final class EffectMemoryTests: XCTestCase {
  enum Action: Sendable {
    case listen
    case message
  }

  /// One effect feeds back 20,000 actions, each starting an effect of its own: what it keeps
  /// must not grow with the number of messages. (Keeping every fed-back task cost about
  /// 2.4 KB per message, 48 MB here.)
  func testALongLivedEffectKeepsOnlyWhatIsRunning() async throws {
    try XCTSkipIf(
      ProcessInfo.processInfo.environment["SANITIZER"] != nil,
      "a sanitizer holds freed memory in quarantine, so resident memory says nothing here")
    let store = Store(initialState: 0) {
      Reduce<Int, Action> { state, action in
        switch action {
        case .listen:
          return .run { send in
            for index in 0..<20_000 {
              await send(.message)
              if index % 500 == 0 { await Task.yield() }
            }
          }
        case .message:
          state += 1
          return .run { _ in }
        }
      }
    }
    await store.send(.listen).finish()  // settles the heap
    let before = try XCTUnwrap(residentBytes())
    await store.send(.listen).finish()
    let growth = try XCTUnwrap(residentBytes()) - before
    XCTAssertEqual(store.state, 40_000)
    XCTAssertLessThan(growth, 8_000_000, "resident memory grew by \(growth) bytes")
  }

  /// The resident memory of the process in bytes, where the platform tells (Linux).
  private func residentBytes() throws -> Int? {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
      throw XCTSkip("resident memory is read from /proc, which this platform does not have")
    }
    return statm.split(separator: " ").dropFirst().first.flatMap { Int($0) }.map { $0 * 4_096 }
  }
}
