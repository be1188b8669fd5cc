import Core
import Foundation
import Testing

/// A feature with an alert, a confirmation dialog and bindings records and replays with no
/// `Codable` code of its own but one line per bindable field.
@MainActor
@Suite struct DialogsAndBindingsRecordingTests {
  struct Form: Reducer {
    struct State: Codable, Equatable, Sendable {
      var nickname = ""
      var volume = 5
      @PresentationState var alert: AlertState<Action.Alert>?
      @PresentationState var dialog: ConfirmationDialogState<Action.Dialog>?
    }

    enum Action: BindableAction, Codable, Equatable, Sendable {
      case binding(BindingAction<State>)
      case alert(PresentationAction<Alert>)
      case dialog(PresentationAction<Dialog>)
      case resetTapped
      case leaveTapped

      enum Alert: Codable, Equatable, Sendable { case confirmReset }
      enum Dialog: Codable, Equatable, Sendable { case leave, stay }
    }

    var body: some Reducer<State, Action> {
      BindingReducer()
      Reduce { state, action in
        switch action {
        case .resetTapped:
          state.alert = AlertState(
            title: "Reset \(state.nickname)?", message: "Volume \(state.volume)",
            buttons: [
              ButtonState(role: .destructive, action: .confirmReset, label: "Reset"),
              ButtonState(role: .cancel, label: "Cancel"),
            ])
        case .alert(.presented(.confirmReset)):
          state.nickname = ""
          state.volume = 5
        case .leaveTapped:
          state.dialog = ConfirmationDialogState(
            title: "Leave?", buttons: [ButtonState(action: .leave, label: "Leave")])
        case .binding, .alert, .dialog:
          break
        }
        return .none
      }
      .ifLet(\.$alert, action: Action.alert)
      .ifLet(\.$dialog, action: Action.dialog)
    }
  }

  @Test func aSessionWithDialogsAndBindingsRecordsAndReplays() throws {
    let file = TemporaryFile()
    let recorder = try SessionRecorder<Form.State, Form.Action>(
      fileAt: file.url, initialState: Form.State(),
      options: RecordingOptions(checkpointInterval: 2))
    let store = Store(initialState: Form.State(), recordingTo: recorder) { Form() }
    store.send(.binding(.set(\.nickname, "Ada")))
    store.send(.binding(.set(\.volume, 9)))
    store.send(.resetTapped)
    store.send(.leaveTapped)
    let presented = store.state
    store.send(.alert(.presented(.confirmReset)))
    store.send(.dialog(.dismiss))
    try recorder.finish()

    #expect(file.lines.contains { $0.contains(#""field":"nickname","value":"Ada""#) })
    let recording = try Recording<Form.State, Form.Action>(contentsOf: file.url)
    #expect(try recording.actions.first == .binding(.set(\.nickname, "Ada")))
    #expect(try recording.prefix(4).replay { Form() } == presented)
    #expect(try recording.replay { Form() } == store.state)
    #expect(presented.alert?.buttons.first?.role == .destructive)
  }

  @Test func dialogsRoundTrip() throws {
    let alert = AlertState<Form.Action.Alert>(
      title: "T", message: nil,
      buttons: [
        ButtonState(role: .cancel, label: "No"), ButtonState(action: .confirmReset, label: "Yes"),
      ])
    let data = try JSONEncoder().encode(alert)
    #expect(try JSONDecoder().decode(AlertState<Form.Action.Alert>.self, from: data) == alert)
    let dialog = ConfirmationDialogState<Form.Action.Dialog>(
      title: "D", message: "m",
      buttons: [ButtonState(role: .destructive, action: .leave, label: "L")])
    let dialogData = try JSONEncoder().encode(dialog)
    #expect(
      try JSONDecoder().decode(ConfirmationDialogState<Form.Action.Dialog>.self, from: dialogData)
        == dialog)
  }

  struct Other: Codable, Equatable, Sendable {
    var listed = 0
    var unlisted = ""
  }

  @Test func anUnlistedOrUnknownBindingFieldIsAClearError() throws {
    let encodeError = #expect(throws: EncodingError.self) {
      try JSONEncoder().encode(BindingAction<Other>.set(\.unlisted, "x"))
    }
    #expect(String(describing: encodeError).contains("add it to 'bindingFields'"))
    #expect(try JSONEncoder().encode(BindingAction<Other>.set(\.listed, 3)).count > 0)

    let decodeError = #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(
        BindingAction<Other>.self, from: Data(#"{"field":"gone","value":1}"#.utf8))
    }
    #expect(
      String(describing: decodeError).contains(
        "no binding field named 'gone'; its fields are 'listed'"))
    let decoded = try JSONDecoder().decode(
      BindingAction<Other>.self, from: Data(#"{"field":"listed","value":7}"#.utf8))
    #expect(decoded == .set(\.listed, 7))
  }
}

extension DialogsAndBindingsRecordingTests.Form.State: BindingCodable {
  static let bindingFields = BindingFields<Self>(
    .field("nickname", \.nickname),
    .field("volume", \.volume))
}

extension DialogsAndBindingsRecordingTests.Other: BindingCodable {
  static let bindingFields = BindingFields<Self>(.field("listed", \.listed))
}
