import Core
import CoreTesting
import Testing

/// A note that asks before deleting, with a button for shared notes only.
private struct NoteActions: Reducer {
  struct State: Equatable {
    var isShared = false
    var isPinned = false
    @PresentationState var alert: AlertState<Action.Alert>? = nil
    @PresentationState var dialog: ConfirmationDialogState<Action.Dialog>? = nil
  }
  enum Action: Equatable, Sendable {
    case deleteTapped
    case moreTapped
    case alert(PresentationAction<Alert>)
    case dialog(PresentationAction<Dialog>)
    enum Alert: Equatable, Sendable { case delete, deleteForEveryone }
    enum Dialog: Equatable, Sendable { case pin, unpin }
  }
  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .deleteTapped:
        state.alert = AlertState(title: "Delete this note?") {
          ButtonState(role: .destructive, action: .delete, label: "Delete")
          if state.isShared {
            ButtonState(action: .deleteForEveryone, label: "Delete for everyone")
          }
          ButtonState(role: .cancel, label: "Cancel")
        }
        return .none
      case .moreTapped:
        state.dialog = ConfirmationDialogState(title: "Note", message: "Choose") {
          if state.isPinned {
            ButtonState(action: .unpin, label: "Unpin")
          } else {
            ButtonState(action: .pin, label: "Pin")
          }
        }
        return .none
      case .alert, .dialog:
        return .none
      }
    }
    .ifLet(\.$alert, action: Action.alert)
    .ifLet(\.$dialog, action: Action.dialog)
  }
}

@MainActor
@Suite struct ButtonStateBuilderTests {
  @Test func anIfLeavesAButtonOut() async {
    let store = TestStore(initialState: NoteActions.State()) { NoteActions() }
    await store.send(.deleteTapped) {
      $0.alert = AlertState(
        title: "Delete this note?",
        buttons: [
          ButtonState(role: .destructive, action: .delete, label: "Delete"),
          ButtonState(role: .cancel, label: "Cancel"),
        ])
    }
  }

  @Test func anIfThatHoldsKeepsTheButtonInPlace() async {
    let store = TestStore(initialState: NoteActions.State(isShared: true)) { NoteActions() }
    await store.send(.deleteTapped) {
      $0.alert = AlertState(
        title: "Delete this note?",
        buttons: [
          ButtonState(role: .destructive, action: .delete, label: "Delete"),
          ButtonState(action: .deleteForEveryone, label: "Delete for everyone"),
          ButtonState(role: .cancel, label: "Cancel"),
        ])
    }
    await store.send(.alert(.presented(.deleteForEveryone))) { $0.alert = nil }
  }

  @Test func ifElseAndLoopsBuildDialogButtons() async {
    let store = TestStore(initialState: NoteActions.State(isPinned: true)) { NoteActions() }
    await store.send(.moreTapped) {
      $0.dialog = ConfirmationDialogState(
        title: "Note", message: "Choose", buttons: [ButtonState(action: .unpin, label: "Unpin")])
    }
    let labels = ["A", "B"]
    let alert = AlertState<Int>(title: "Pick") {
      for (index, label) in labels.enumerated() {
        ButtonState(action: index, label: label)
      }
    }
    #expect(alert.buttons.map(\.label) == ["A", "B"])
    #expect(alert.buttons.map(\.action) == [0, 1])
  }
}
