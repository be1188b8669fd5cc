import Core
import CoreTesting
import Profile
import Testing

/// Random sessions of the Profile module against its rules: what is saved is valid, the
/// profile changes only by a save, and an editor shows errors only for fields that have them.
@MainActor
struct ProfileRandomSessionTests {
  static let initial = ProfileFeature.State(name: "Ada", email: "ada@example.org")
  static let emails = ["ada@example.org", "grace@example.com", "", "not an address", "a@b"]
  static let addresses = [
    ShippingAddress(),
    ShippingAddress(street: "1 Main St", city: "Springfield", postalCode: "12345", country: "US"),
    ShippingAddress(street: "1 Main St", city: "", postalCode: "", country: ""),
  ]

  /// What a user of the profile screen and its editor can do.
  static func steps(_ state: ProfileFeature.State, _ next: NextSteps<ProfileFeature.Action>) {
    let emails = Self.emails
    let addresses = Self.addresses
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

  /// Sessions of the Profile module with its rules.
  static func sessions() -> RandomSessions<ProfileFeature.State, ProfileFeature.Action> {
    let initial = Self.initial
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
    return sessions
  }

  @Test func profilesKeepTheirRules() async {
    await Self.sessions().run(count: 150, length: 40, actions: Self.steps)
  }

  /// Profile's autosave waits on a debounce, then a save sleeps on the session's clock: the
  /// same seed still finds the same session and shrinks it the same way, every time.
  @Test func theSameSeedRunsTheSameSessionsWithAutosave() async {
    func failure() async -> RandomSessionFailure<ProfileFeature.Action>? {
      let sessions = Self.sessions()
      sessions.invariant("the name is never saved with a space") {
        !$0.details.name.contains(" ")
      }
      var failure: RandomSessionFailure<ProfileFeature.Action>?
      _ = await capturingTestFailures {
        failure = await sessions.run(count: 150, length: 40, seed: 4, actions: Self.steps)
      }
      return failure
    }
    let first = await failure()
    #expect(first != nil)
    #expect(first?.isReproduced == true)
    for _ in 1...3 {
      let again = await failure()
      #expect(again?.originalStepCount == first?.originalStepCount)
      #expect(again?.steps == first?.steps)
      #expect(again?.isReproduced == true)
    }
  }
}
