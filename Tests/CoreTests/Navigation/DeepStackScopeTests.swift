import TestSupport
import Testing

@testable import Core

extension NavigationTests {
  /// The screen stores of a stack a hundred deep, under seeded random actions that change
  /// screens deep in the stack and near its top, push, pop and push with an id: each screen's
  /// observers hear exactly the changes of their screen, and nothing once it is popped.
  @MainActor
  @Suite struct DeepStackScopeTests {
    private typealias Path = StackParent.Path.State

    @Test(arguments: [1, 2, 3] as [UInt64])
    func screenObserversHearExactlyTheirScreensChanges(seed: UInt64) throws {
      var generator = SplitMix64(seed: seed)
      let store = Store(initialState: StackParent.State()) { StackParent() }
      for _ in 0..<100 { store.send(.pushCounter) }
      var recorders: [StackElementID: Recorder<Path>] = [:]
      var expected: [StackElementID: [Path]] = [:]
      func observe(_ id: StackElementID) throws {
        let screen = try #require(store.scope(state: \.path, id: id, action: Action.path))
        recorders[id] = Recorder(screen)
        expected[id] = [screen.state]
      }
      for id in store.state.path.ids { try observe(id) }
      for step in 0..<400 {
        let ids = store.state.path.ids
        let id = ids.isEmpty ? nil : generator.pick(ids.suffix(generator.chance(50) ? 40 : 200))
        switch generator.int(in: 0..<10) {
        case 0..<4:
          guard let id, case let .counter(counter)? = store.state.path[id: id] else { continue }
          store.send(.path(.element(id: id, action: .counter(.increment))))
          expected[id]!.append(.counter(Counter.State(count: counter.count + 1)))
        case 4..<6:
          store.send(.pushCounter)
          try observe(store.state.path.ids.last!)
        case 6:
          let new = StackElementID(generation: (ids.map(\.generation).max() ?? 0) + 1_000)
          store.send(.path(.push(id: new, state: .note("\(step)"))))
          try observe(new)
        case 7..<9:
          if let last = ids.last { store.send(.path(.popFrom(id: last))) }
        default:
          if let id, generator.chance(30) { store.send(.popTo(id)) }
        }
        for (id, recorder) in recorders {
          #expect(recorder.values == expected[id], "screen \(id), step \(step)")
        }
      }
    }

    private typealias Action = StackParent.Action
  }
}
