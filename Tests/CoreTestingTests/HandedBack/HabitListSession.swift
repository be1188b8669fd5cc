// swift-format-ignore-file
// The test that a random session of `HabitList` handed back, pasted as is: it compiles and
// passes, the two saves due at the same instant received in the session's order.
// `RandomSessionTestSourceTests` checks that the kit still hands back this text.
import Core
import CoreTesting
import Foundation
import Testing

@MainActor
@Test func habitListSession() async {
  let clock = TestClock()
  let store = TestStore(initialState: HabitList.State()) {
    HabitList()
  } withDependencies: {
    $0.clock = clock
  }
  store.exhaustivity = .off
  await store.send(.addTapped)
  await store.send(.addTapped)
  await clock.advance(by: .seconds(1))
  await store.receive(.saved(UUID(0)))
  await store.receive(.saved(UUID(1)))
  await store.send(.row(id: UUID(0), action: .renamed("Read \"Dune\"\tdaily")))
  await store.send(.row(id: UUID(1), action: .doneToggled))
  // Breaks the invariant 'no habit is done' here.
}
