import Core
import CoreTesting
import Foundation
import Testing

// The examples in the doc comments of ClockTimer.swift (`clock.timer(interval:)`),
// ButtonStateBuilder.swift, the builder initializers of AlertState and
// ConfirmationDialogState, and DateGenerator's settable `now`.

@MainActor
@Suite struct TimersAndDialogsDocs {
  /// A timer started and stopped by buttons.
  struct TimerFeature: Reducer {
    struct State: Equatable { var ticks = 0 }
    enum Action: Equatable, Sendable { case startButtonTapped, stopButtonTapped, timerTicked }
    enum CancelID { case timer }

    @Dependency(\.clock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .startButtonTapped:
        return .run { [clock] send in
          for await _ in clock.timer(interval: .seconds(1)) {
            await send(.timerTicked)
          }
        }
        .cancellable(id: CancelID.timer)
      case .stopButtonTapped:
        return .cancel(id: CancelID.timer)
      case .timerTicked:
        state.ticks += 1
        return .none
      }
    }
  }

  struct Note: Equatable { var isShared: Bool }

  enum Choice: Equatable, Sendable {
    case confirmDeletion, confirmDeletionForEveryone
    case discardConfirmed, saveDraftTapped
    case copyLinkTapped, sendToContactTapped
  }

  struct State: Equatable {
    var alert: AlertState<Choice>?
    var dialog: ConfirmationDialogState<Choice>?
  }

  @Test func timer() async {
    let clock = TestClock()
    let store = TestStore(initialState: TimerFeature.State()) {
      TimerFeature()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.startButtonTapped)
    await clock.advance(by: .seconds(2))
    await store.receive(.timerTicked) { $0.ticks = 1 }
    await store.receive(.timerTicked) { $0.ticks = 2 }
    await store.send(.stopButtonTapped)
  }

  @Test func builtButtons() {
    var state = State()
    let note = Note(isShared: false)
    state.alert = AlertState(title: "Delete this note?") {
      ButtonState(role: .destructive, action: .confirmDeletion, label: "Delete")
      if note.isShared {
        ButtonState(action: .confirmDeletionForEveryone, label: "Delete for everyone")
      }
      ButtonState(role: .cancel, label: "Cancel")
    }
    #expect(state.alert?.buttons.map(\.label) == ["Delete", "Cancel"])

    let canSaveDraft = true
    state.alert = AlertState(title: "Discard the draft?") {
      ButtonState(role: .destructive, action: .discardConfirmed, label: "Discard")
      if canSaveDraft {
        ButtonState(action: .saveDraftTapped, label: "Save as draft")
      }
      ButtonState(role: .cancel, label: "Keep editing")
    }
    #expect(state.alert?.buttons.count == 3)

    let hasContacts = false
    state.dialog = ConfirmationDialogState(title: "Share the note") {
      ButtonState(action: .copyLinkTapped, label: "Copy link")
      if hasContacts {
        ButtonState(action: .sendToContactTapped, label: "Send to a contact")
      }
      ButtonState(role: .cancel, label: "Cancel")
    }
    #expect(state.dialog?.buttons.map(\.action) == [.copyLinkTapped, nil])
  }

  @Test func settingTheDate() {
    let store = TestStore(initialState: 0) { EmptyReducer<Int, Never>() }
    store.dependencies.date.now = Date(timeIntervalSinceReferenceDate: 60)
    #expect(store.dependencies.date.now == Date(timeIntervalSinceReferenceDate: 60))
  }
}
