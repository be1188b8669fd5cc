import Core

/// A child feature for navigation tests: a counter with a timer effect that runs until it is
/// cancelled, and a close button that dismisses it.
struct Counter: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
  }

  enum Action: Equatable, Sendable {
    case increment
    case startTimer
    case tick
    case closeButtonTapped
    case saveButtonTapped
    case delegate(Delegate)

    enum Delegate: Equatable, Sendable { case saved(Int) }
  }

  @Dependency(\.clock) var clock
  @Dependency(\.dismiss) var dismiss

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .startTimer:
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
    case .tick:
      state.count += 1
      return .none
    case .closeButtonTapped:
      return .run { [dismiss] _ in await dismiss() }
    case .saveButtonTapped:
      return .run { [count = state.count, dismiss] send in
        await send(.delegate(.saved(count)))
        await dismiss()
      }
    case .delegate:
      return .none
    }
  }
}

/// A parent presenting one `Counter` in a sheet, with a timer of its own.
struct SheetParent: Reducer {
  struct State: Equatable, Sendable {
    @PresentationState var child: Counter.State? = nil
    var ticks = 0
    var saved: Int?
  }

  enum Action: Equatable, Sendable {
    case child(PresentationAction<Counter.Action>)
    case presentButtonTapped
    case closeFromParentTapped
    case startParentTimer
    case parentTick
  }

  @Dependency(\.clock) var clock

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .presentButtonTapped:
        state.child = Counter.State()
        return .none
      case .closeFromParentTapped:
        state.child = nil
        return .none
      case .startParentTimer:
        return .run { [clock] send in
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.parentTick)
          }
        }
      case .parentTick:
        state.ticks += 1
        return .none
      case let .child(.presented(.delegate(.saved(count)))):
        state.saved = count
        return .none
      case .child:
        return .none
      }
    }
    .ifLet(\.$child, action: Action.child) { Counter() }
  }
}

/// A parent whose one presentation slot holds an editor, an alert or a confirmation dialog.
struct DestinationParent: Reducer {
  struct Destination: Reducer {
    enum State: Equatable, Sendable {
      case edit(Counter.State)
      case alert(AlertState<DialogAction>)
      case dialog(ConfirmationDialogState<DialogAction>)

      var edit: Counter.State? {
        guard case let .edit(state) = self else { return nil }
        return state
      }
    }

    enum Action: Equatable, Sendable {
      case edit(Counter.Action)
      case alert(DialogAction)
      case dialog(DialogAction)
    }

    var body: some Reducer<State, Action> {
      Scope(state: State.edit, action: Action.edit) { Counter() }
    }
  }

  enum DialogAction: Equatable, Sendable {
    case confirmDeletion
    case retry
  }

  struct State: Equatable, Sendable {
    @PresentationState var destination: Destination.State?
    var deletions = 0
  }

  enum Action: Equatable, Sendable {
    case destination(PresentationAction<Destination.Action>)
    case editButtonTapped
    case deleteButtonTapped
    case cancelButtonTapped
  }

  static let deleteAlert = AlertState<DialogAction>(
    title: "Delete?",
    buttons: [
      ButtonState(role: .destructive, action: .confirmDeletion, label: "Delete"),
      ButtonState(role: .cancel, label: "Cancel"),
    ])

  static let retryAlert = AlertState<DialogAction>(
    title: "Failed", buttons: [ButtonState(action: .retry, label: "Retry")])

  static let cancelDialog = ConfirmationDialogState<DialogAction>(
    title: "Cancel?",
    buttons: [ButtonState(role: .destructive, action: .confirmDeletion, label: "Yes")])

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .editButtonTapped:
        state.destination = .edit(Counter.State())
        return .none
      case .deleteButtonTapped:
        state.destination = .alert(Self.deleteAlert)
        return .none
      case .cancelButtonTapped:
        state.destination = .dialog(Self.cancelDialog)
        return .none
      case .destination(.presented(.alert(.confirmDeletion))),
        .destination(.presented(.dialog(.confirmDeletion))):
        state.deletions += 1
        return .none
      case .destination(.presented(.alert(.retry))):
        // A dialog answered with another one stays up.
        state.destination = .alert(Self.deleteAlert)
        return .none
      case .destination:
        return .none
      }
    }
    .ifLet(\.$destination, action: Action.destination) { Destination() }
  }
}

/// A parent with an alert and no child reducer.
struct AlertParent: Reducer {
  enum AlertAction: Equatable, Sendable { case confirm }

  struct State: Equatable, Sendable {
    @PresentationState var alert: AlertState<AlertAction>?
    var confirmed = false
  }

  enum Action: Equatable, Sendable {
    case alert(PresentationAction<AlertAction>)
    case showAlert
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .showAlert:
        state.alert = AlertState(
          title: "Sure?", buttons: [ButtonState(action: .confirm, label: "Yes")])
        return .none
      case .alert(.presented(.confirm)):
        state.confirmed = true
        return .none
      case .alert:
        return .none
      }
    }
    .ifLet(\.$alert, action: Action.alert)
  }
}

/// A parent with a navigation stack of counters and notes.
struct StackParent: Reducer {
  struct Path: Reducer {
    enum State: Equatable, Sendable {
      case counter(Counter.State)
      case note(String)
    }

    enum Action: Equatable, Sendable {
      case counter(Counter.Action)
    }

    var body: some Reducer<State, Action> {
      Scope(state: State.counter, action: Action.counter) { Counter() }
    }
  }

  struct State: Equatable, Sendable {
    var path = StackState<Path.State>()
  }

  enum Action: Equatable, Sendable {
    case path(StackAction<Path.State, Path.Action>)
    case pushCounter
    case pushNote(String)
    case popToRoot
    case popTo(StackElementID)
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .pushCounter:
        state.path.append(.counter(Counter.State()))
        return .none
      case let .pushNote(text):
        state.path.append(.note(text))
        return .none
      case .popToRoot:
        state.path.removeAll()
        return .none
      case let .popTo(id):
        state.path.pop(to: id)
        return .none
      case .path:
        return .none
      }
    }
    .forEach(\.path, action: Action.path) { Path() }
  }
}
