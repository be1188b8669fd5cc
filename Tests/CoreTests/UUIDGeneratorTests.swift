import Core
import CoreTesting
import Foundation
import Testing

struct UUIDTodosFeature: Reducer {
  struct Todo: Equatable, Sendable {
    var id: UUID
  }

  struct State: Equatable, Sendable {
    var todos: [Todo] = []
  }

  enum Action: Equatable, Sendable {
    case addButtonTapped
    case addLaterTapped
    case added(UUID)
  }

  @Dependency(\.uuid) var uuid

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .addButtonTapped:
      state.todos.append(Todo(id: uuid()))
      return .none
    case .addLaterTapped:
      return .run { [uuid] send in await send(.added(uuid())) }
    case let .added(id):
      state.todos.append(Todo(id: id))
      return .none
    }
  }
}

@MainActor
@Suite struct UUIDGeneratorTests {
  @Test func countsUpFromZeroUnderATestStore() async {
    let store = TestStore(initialState: UUIDTodosFeature.State()) { UUIDTodosFeature() }

    await store.send(.addButtonTapped) {
      $0.todos = [.init(id: UUID(0))]
    }
    await store.send(.addButtonTapped) {
      $0.todos.append(.init(id: UUID(1)))
    }
    // Effects share the reducer's counter.
    await store.send(.addLaterTapped)
    await store.receive(.added(UUID(2))) {
      $0.todos.append(.init(id: UUID(2)))
    }
  }

  @Test func eachTestStoreStartsFromZero() async {
    for _ in 1...2 {
      let store = TestStore(initialState: UUIDTodosFeature.State()) { UUIDTodosFeature() }
      await store.send(.addButtonTapped) {
        $0.todos = [.init(id: UUID(0))]
      }
    }
  }

  @Test func aTestCanChooseItsOwnGenerator() async {
    let fixed = UUID(uuidString: "DEADBEEF-0000-0000-0000-000000000000")!
    let store = TestStore(initialState: UUIDTodosFeature.State()) {
      UUIDTodosFeature()
    } withDependencies: {
      $0.uuid = .constant(fixed)
    }

    await store.send(.addButtonTapped) { $0.todos = [.init(id: fixed)] }
  }

  @Test func isRandomInALiveStore() {
    let store = Store(initialState: UUIDTodosFeature.State()) { UUIDTodosFeature() }

    store.send(.addButtonTapped)
    store.send(.addButtonTapped)

    let ids = store.state.todos.map(\.id)
    #expect(ids[0] != ids[1])
    #expect(!ids.contains(UUID(0)))
  }

  @Test func spellsTheCountInTheLastDigits() {
    #expect(UUID(0).uuidString == "00000000-0000-0000-0000-000000000000")
    #expect(UUID(1).uuidString == "00000000-0000-0000-0000-000000000001")
    #expect(UUID(0xABC).uuidString == "00000000-0000-0000-0000-000000000ABC")
    #expect(UUID(0x0123_4567_89AB_CDEF).uuidString == "00000000-0000-0000-0123-456789ABCDEF")
    #expect(UUID(.max).uuidString == "00000000-0000-0000-FFFF-FFFFFFFFFFFF")
    let generator = UUIDGenerator.incrementing
    #expect([generator(), generator(), generator()] == [UUID(0), UUID(1), UUID(2)])
  }
}
