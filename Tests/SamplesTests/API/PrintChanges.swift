import Core
import Testing

/// The example of `_printChanges()`, with the log it shows checked.
@MainActor
@Suite struct PrintChangesExample {
  struct AppFeature: Reducer {
    struct State: Equatable, Sendable { var profile = Profile() }
    struct Profile: Equatable, Sendable { var name = "" }

    var body: some Reducer<State, AppAction> {
      Reduce { state, action in
        switch action {
        case let .profile(.nameChanged(name)): state.profile.name = name
        }
        return .none
      }
    }
  }

  @Test func theLogIsTheOneTheExampleShows() {
    _ = {
      Store(initialState: AppFeature.State()) {
        AppFeature()._printChanges()
      }
      // received action:
      //   AppAction.profile(.nameChanged("Ada"))
      // - profile.name: ""
      // + profile.name: "Ada"
    }
    let log = Log()
    let store = Store(initialState: AppFeature.State()) {
      AppFeature()._printChanges { log.lines.append($0) }
    }
    store.send(.profile(.nameChanged("Ada")))
    #expect(
      log.lines == [
        """
        received action:
          AppAction.profile(.nameChanged("Ada"))
        - profile.name: ""
        + profile.name: "Ada"
        """
      ])
  }

  /// What the printer was given; the store calls it on the main actor, where the test reads it.
  final class Log: @unchecked Sendable {
    var lines: [String] = []
  }
}

/// The action of `PrintChangesExample`, at the top level so that the log names it as the
/// example does: a nested type is logged with the types around it.
enum AppAction: Equatable, Sendable {
  case profile(ProfileAction)

  enum ProfileAction: Equatable, Sendable { case nameChanged(String) }
}
