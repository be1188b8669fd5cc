import Core
import CoreTesting
import Foundation
import Testing

struct DateNotesFeature: Reducer {
  struct State: Equatable, Sendable {
    var createdAt: [Date] = []
  }

  enum Action: Equatable, Sendable {
    case addButtonTapped
  }

  @Dependency(\.date) var date

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .addButtonTapped:
      state.createdAt.append(date.now)
      return .none
    }
  }
}

@MainActor
@Suite struct DateGeneratorTests {
  @Test func isFixedUnderATestStore() async {
    let store = TestStore(initialState: DateNotesFeature.State()) { DateNotesFeature() }

    await store.send(.addButtonTapped) {
      $0.createdAt = [Date(timeIntervalSinceReferenceDate: 0)]
    }
    await store.send(.addButtonTapped) {
      $0.createdAt.append(DateGenerator.testNow)
    }
  }

  @Test func aTestMovesTimeOnBetweenSteps() async {
    let start = Date(timeIntervalSince1970: 1_700_000_000)
    let store = TestStore(initialState: DateNotesFeature.State()) {
      DateNotesFeature()
    } withDependencies: {
      $0.date = .constant(start)
    }

    await store.send(.addButtonTapped) { $0.createdAt = [start] }
    store.dependencies.date = .constant(start + 60)
    await store.send(.addButtonTapped) { $0.createdAt.append(start + 60) }
  }

  @Test func isTheSystemDateInALiveStore() {
    let store = Store(initialState: DateNotesFeature.State()) { DateNotesFeature() }
    let before = Date()

    store.send(.addButtonTapped)

    #expect(store.state.createdAt[0] >= before)
    #expect(store.state.createdAt[0] <= Date())
  }

  @Test func callingItReadsNow() {
    let date = DateGenerator.constant(DateGenerator.testNow)
    #expect(date() == date.now)
  }
}
