import Core
import CoreTesting
import Testing

/// A parent whose destinations are an alert, a confirmation dialog and an editor, and which also
/// holds a plain optional alert of its own.
struct DialogHost: Reducer {
  struct State: Equatable, Sendable {
    @PresentationState var destination: Destination.State? = nil
    var notice: AlertState<Action.Notice>? = nil
    var log: [String] = []
  }

  enum Action: Equatable, Sendable {
    case destination(PresentationAction<Destination.Action>)
    case notice(Notice)
    case showNoticeTapped

    enum Notice: Equatable, Sendable { case okTapped }
  }

  struct Destination: Reducer {
    enum State: Equatable, Sendable {
      case alert(AlertState<Action.Alert>)
      case confirm(ConfirmationDialogState<Action.Confirm>)
      case editor(Int)
    }

    enum Action: Equatable, Sendable {
      case alert(Alert)
      case confirm(Confirm)
      case editor(Editor)

      enum Alert: Equatable, Sendable { case retryTapped }
      enum Confirm: Equatable, Sendable { case deleteTapped }
      enum Editor: Equatable, Sendable { case bumped }
    }

    var body: some Reducer<State, Action> {
      EmptyReducer()
    }
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .destination(.presented(.confirm(.deleteTapped))):
        state.log.append("deleted")
      case .destination(.presented):
        break
      case .showNoticeTapped:
        state.notice = AlertState(
          title: "Saved", buttons: [ButtonState(action: .okTapped, label: "OK")])
      case .notice(.okTapped):
        state.log.append("ok")
      case .destination(.dismiss):
        break
      }
      return .none
    }
    .ifLet(\.$destination, action: Action.destination) { Destination() }
    .ifLet(\.notice, action: Action.notice) { EmptyReducer() }
  }
}

@MainActor
@Suite struct DialogClosingTests {
  static let alert = AlertState<DialogHost.Destination.Action.Alert>(
    title: "Failed", buttons: [ButtonState(action: .retryTapped, label: "Retry")])
  static let confirm = ConfirmationDialogState<DialogHost.Destination.Action.Confirm>(
    title: "Delete?",
    buttons: [ButtonState(role: .destructive, action: .deleteTapped, label: "Delete")])

  @Test func anAlertInAnEnumDestinationStaysPresentedForAnotherCasesAction() async {
    let store = TestStore(
      initialState: DialogHost.State(destination: .alert(Self.alert))
    ) { DialogHost() }
    // An editor action arriving while the alert shows is not the alert's: it stays.
    await store.send(.destination(.presented(.editor(.bumped))))
    #expect(store.state.destination == .alert(Self.alert))
    // One of its own buttons closes it.
    await store.send(.destination(.presented(.alert(.retryTapped)))) {
      $0.destination = nil
    }
  }

  @Test func aConfirmationDialogInAnEnumDestinationClosesOnlyOnItsOwnAction() async {
    let store = TestStore(
      initialState: DialogHost.State(destination: .confirm(Self.confirm))
    ) { DialogHost() }
    await store.send(.destination(.presented(.alert(.retryTapped))))
    #expect(store.state.destination == .confirm(Self.confirm))
    await store.send(.destination(.presented(.confirm(.deleteTapped)))) {
      $0.log = ["deleted"]
      $0.destination = nil
    }
  }

  @Test func anAlertClosesOnlyOnItsOwnCaseWhenAnotherCaseHasTheSameActionType() async {
    struct Host: Reducer {
      struct Destination: Reducer {
        enum State: Equatable {
          case deleteAlert(AlertState<Choice>)
          case errorAlert(AlertState<Choice>)
        }
        enum Action: Equatable {
          case deleteAlert(Choice)
          case errorAlert(Choice)
        }
        enum Choice: Equatable { case ok }
        var body: some Reducer<State, Action> { EmptyReducer() }
      }
      struct State: Equatable {
        @PresentationState var destination: Destination.State? = nil
      }
      enum Action: Equatable { case destination(PresentationAction<Destination.Action>) }
      var body: some Reducer<State, Action> {
        EmptyReducer()
          .ifLet(\.$destination, action: Action.destination) { Destination() }
      }
    }
    let alert = AlertState<Host.Destination.Choice>(
      title: "Delete?", buttons: [ButtonState(action: .ok, label: "OK")])
    let store = TestStore(initialState: Host.State(destination: .deleteAlert(alert))) {
      Host()
    }
    // The error alert's action, arriving while the delete alert shows: not the delete alert's.
    await store.send(.destination(.presented(.errorAlert(.ok))))
    #expect(store.state.destination == .deleteAlert(alert))
    await store.send(.destination(.presented(.deleteAlert(.ok)))) { $0.destination = nil }
  }

  @Test func anAlertWhoseActionCaseCannotBeToldApartClosesAndIsReportedOnce() {
    struct Host: Reducer {
      struct Destination: Reducer {
        enum State: Equatable { case alert(AlertState<Choice>) }
        enum Action: Equatable {
          case first(Choice)
          case second(Choice)
        }
        enum Choice: Equatable { case ok }
        var body: some Reducer<State, Action> { EmptyReducer() }
      }
      struct State: Equatable {
        @PresentationState var destination: Destination.State? = nil
      }
      enum Action: Equatable {
        case show
        case destination(PresentationAction<Destination.Action>)
      }
      static let alert = AlertState<Destination.Choice>(
        title: "Sure?", buttons: [ButtonState(action: .ok, label: "OK")])
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          if action == .show { state.destination = .alert(Self.alert) }
          return .none
        }
        .ifLet(\.$destination, action: Action.destination) { Destination() }
      }
    }
    let store = Store(initialState: Host.State()) { Host() }
    let issues = collectingIssues {
      store.send(.show)
      store.send(.destination(.presented(.second(.ok))))
      #expect(store.state.destination == nil)
      store.send(.show)
      store.send(.destination(.presented(.first(.ok))))
      #expect(store.state.destination == nil)
    }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("('first', 'second')") == true)
  }

  @Test func anAlertWhoseActionsAreNotEquatableClosesAfterOneOfItsButtons() {
    struct Host: Reducer {
      /// Not `Equatable`, so neither is the alert.
      struct Receipt: Sendable { let number: Int }
      enum Notice: Sendable { case okTapped(Receipt) }
      struct State { var notice: AlertState<Notice>? }
      enum Action: Sendable { case notice(Notice) }

      var body: some Reducer<State, Action> {
        Reduce { _, _ in .none }
          .ifLet(\.notice, action: Action.notice) { EmptyReducer() }
      }
    }
    let alert = AlertState(
      title: "Saved",
      buttons: [ButtonState(action: Host.Notice.okTapped(.init(number: 1)), label: "OK")])
    let store = Store(initialState: Host.State(notice: alert)) { Host() }
    store.send(.notice(.okTapped(.init(number: 1))))
    #expect(store.state.notice == nil)
  }

  @Test func anAlertInAPlainOptionalClosesAfterOneOfItsButtons() async {
    let store = TestStore(initialState: DialogHost.State()) { DialogHost() }
    await store.send(.showNoticeTapped) {
      $0.notice = AlertState(title: "Saved", buttons: [ButtonState(action: .okTapped, label: "OK")])
    }
    await store.send(.notice(.okTapped)) {
      $0.log = ["ok"]
      $0.notice = nil
    }
  }

  /// A parent that presents the same alert again when its "Retry" button is tapped, in a plain
  /// optional and in a presentation state.
  struct Retrying: Reducer {
    struct State: Equatable, Sendable {
      var notice: AlertState<Choice>?
      @PresentationState var alert: AlertState<Choice>?
      var retries = 0
    }
    enum Choice: Equatable, Sendable { case okTapped, retryTapped }
    enum Action: Equatable, Sendable {
      case notice(Choice)
      case alert(PresentationAction<Choice>)
    }
    static let failed = AlertState<Choice>(
      title: "Failed",
      buttons: [
        ButtonState(action: .retryTapped, label: "Retry"),
        ButtonState(action: .okTapped, label: "OK"),
      ])

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .notice(.retryTapped):
          state.retries += 1
          state.notice = Self.failed
        case .alert(.presented(.retryTapped)):
          state.retries += 1
          state.alert = Self.failed
        case .notice(.okTapped), .alert:
          break
        }
        return .none
      }
      .ifLet(\.notice, action: Action.notice) { EmptyReducer() }
      .ifLet(\.$alert, action: Action.alert)
    }
  }

  @Test func aPlainOptionalAlertItsButtonPresentsAgainStaysPresented() async {
    let store = TestStore(initialState: Retrying.State(notice: Retrying.failed)) { Retrying() }
    // The button's action clears the alert, then the parent presents it again: it stays up.
    await store.send(.notice(.retryTapped)) { $0.retries = 1 }
    #expect(store.state.notice == Retrying.failed)
    await store.send(.notice(.okTapped)) { $0.notice = nil }
  }

  @Test func aPresentedAlertItsButtonPresentsAgainStaysPresented() async {
    let store = TestStore(
      initialState: Retrying.State(alert: PresentationState(wrappedValue: Retrying.failed))
    ) { Retrying() }
    await store.send(.alert(.presented(.retryTapped))) { $0.retries = 1 }
    #expect(store.state.alert == Retrying.failed)
    await store.send(.alert(.presented(.okTapped))) { $0.alert = nil }
  }
}
