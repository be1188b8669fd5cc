import Core
import Orders
import Profile

/// The app's root reducer: ``AppFeature`` with undo and redo of the profile and order edits.
///
/// The shell wraps each command that sends actions in `.history(.beginGroup)` and
/// `.history(.endGroup)`, so a command is one step however many actions it sends. A change that
/// left the app cannot be undone: an order submitted (and what its submission reports back), a
/// profile save that finished, or one that a discard stopped after it was sent. Such a change
/// empties the history and `undo` then says why. Sending a save is not a step (see
/// ``AppState/edits``): a save still running when an edit is undone goes on, and when it
/// finishes, what it saved lands, unless an undo went back past opening the editor, which ends
/// it. A discard that stopped no save is a step like any edit: undoing it brings the editor
/// back with the draft it dropped.
struct AppRoot: Reducer {
  var body: some Reducer<AppState, AppAction> {
    AppFeature()
      .undoable(
        \.edits, history: \.history, action: AppAction.history, limit: Self.undoLimit,
        forget: Self.forgetReason)
  }

  /// How many steps `undo` can go back.
  static let undoLimit = 100

  /// Why the change `action` made cannot be undone, or `nil` if it can.
  static func forgetReason(_ action: AppAction) -> String? {
    switch action {
    case .orders(.view(.submitButtonTapped(let id))), .orders(.view(.retryButtonTapped(let id))),
      .orders(.submissionProgressed(let id, _)), .orders(.submissionConfirmed(let id, _)),
      .orders(.submissionFailed(let id, _)):
      "Order #\(id) was already submitted: a submission that was sent cannot be undone."
    case .orders(.view(.cancelSubmissionButtonTapped(let id))),
      .orders(.confirmation(.presented(.cancelSubmission(let id)))):
      "Order #\(id)'s submission was cancelled: a submission that was sent cannot be undone."
    case .profile(.editor(.presented(.delegate(.discarded(let stoppedSave))))):
      // Undoing a discard that stopped a save would bring back an editor saving with no save
      // running; the save was sent, like a cancelled submission.
      stoppedSave
        ? "A discard stopped the profile save: a save that was sent cannot be undone." : nil
    case .profile(.view), .profile(.editor(.presented(.view))),
      .profile(.editor(.presented(.binding))), .orders(.view), .orders(.confirmation),
      .orders(.path), .history:
      nil
    case .profile, .orders:
      // Fed back by an effect: a save that reached the account service, and the editor
      // closing itself after it.
      "The profile was saved: a save that reached the account service cannot be undone."
    }
  }
}
