import Core
import CoreTesting
import Profile
import Testing

/// Random sessions of the Profile module against its rules: what is saved is valid, the
/// profile changes only by a save, and an editor shows errors only for fields that have them.
@MainActor
struct ProfileRandomSessionTests {
  @Test func profilesKeepTheirRules() async {
    let initial = ProfileFeature.State(name: "Ada", email: "ada@example.org")
    let sessions = RandomSessions(initialState: initial) {
      ProfileFeature()
    } withDependencies: {
      $0.profileClient = .simulated(latency: .milliseconds(300))
    }
    sessions.testSource.initialState =
      #"ProfileFeature.State(name: "Ada", email: "ada@example.org")"#
    sessions.testSource.dependencies = [
      "$0.profileClient = .simulated(latency: .milliseconds(300))"
    ]
    let emails = ["ada@example.org", "grace@example.com", "", "not an address", "a@b"]
    let addresses = [
      ShippingAddress(),
      ShippingAddress(street: "1 Main St", city: "Springfield", postalCode: "12345", country: "US"),
      ShippingAddress(street: "1 Main St", city: "", postalCode: "", country: ""),
    ]
    sessions.invariant("the saved profile is valid") {
      ProfileFeature.problems(in: $0.details).isEmpty
    }
    sessions.invariant("an editor shows only errors its draft has") { state in
      guard let editor = state.editor else { return true }
      let problems = ProfileFeature.problems(in: editor.editedDetails)
      return editor.errors.allSatisfy { problems.contains($0) }
    }
    sessions.model("the saved details", initial: initial.details) { details, action in
      // The editor's delegate action is where the module stores what was saved.
      if case let .editor(.presented(.delegate(.saved(saved)))) = action { details = saved }
    } projection: {
      $0.details
    }
    await sessions.run(count: 150, length: 40) { state, next in
      next.send(.view(.editButtonTapped))
      next.send(.view(.nameChanged(next.string(maxLength: 300))), weight: 3)
      next.send(.view(.emailChanged(next.element(of: emails) ?? "")), weight: 2)
      next.send(.view(.addressChanged(next.element(of: addresses) ?? ShippingAddress())))
      if state.editor != nil {
        next.send(.editor(.presented(.view(.saveButtonTapped))), weight: 3)
        next.send(.editor(.presented(.view(.discardChangesButtonTapped))))
        next.send(.editor(.presented(.binding(.set(\.isAutosaveEnabled, next.bool())))))
      }
      next.advanceClock(by: .milliseconds(next.int(in: 0...1_500)), weight: 3)
    }
  }
}
