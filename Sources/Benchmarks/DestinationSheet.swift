import Core

/// A feature presenting an enum of destinations, as most apps present their sheets: each
/// action to the presented child goes through the presentation, then the destination's
/// `Scope` to its case.
struct DestinationSheet: Reducer {
  struct Destination: Reducer {
    enum State: Equatable, Sendable {
      case screen(Navigation.Screen.State)
      case confirmation(Int)
    }

    enum Action: Equatable, Sendable {
      case screen(Navigation.Screen.Action)
      case confirmation
    }

    var body: some Reducer<State, Action> {
      Scope(state: State.screen, action: Action.screen) { Navigation.Screen() }
    }
  }

  struct State: Equatable {
    @PresentationState var destination: Destination.State? = .screen(Navigation.Screen.State())
  }

  enum Action: Equatable, Sendable {
    case destination(PresentationAction<Destination.Action>)
  }

  var body: some Reducer<State, Action> {
    Reduce { _, _ in .none }
      .ifLet(\.$destination, action: Action.destination) { Destination() }
  }
}
