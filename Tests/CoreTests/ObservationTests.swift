import Observation
import Testing

@testable import Core

@MainActor
@Suite struct ObservationTests {
  final class Flag: @unchecked Sendable {
    // Only touched on the main actor in these tests.
    var fired = 0
  }

  private func track<S, A>(_ store: Store<S, A>, _ flag: Flag) {
    withObservationTracking {
      _ = store.state
    } onChange: {
      flag.fired += 1
    }
  }

  @Test func trackingFiresOnlyWhenTheScopedStateChanged() {
    let store = Store(initialState: AppState()) { AppReducer() }
    let profile = store.scope(state: \.profile, action: AppAction.profile)
    let flag = Flag()
    track(profile, flag)
    store.send(.orders(.orderPlaced))
    store.send(.unrelatedChanged)
    #expect(flag.fired == 0)
    store.send(.profile(.nameChanged("Ada")))
    #expect(flag.fired == 1)
  }

  @Test func trackingTheRoot() {
    let store = Store(initialState: AppState()) { AppReducer() }
    let flag = Flag()
    track(store, flag)
    store.send(.nothing)
    #expect(flag.fired == 0)
    store.send(.unrelatedChanged)
    #expect(flag.fired == 1)
  }
}
