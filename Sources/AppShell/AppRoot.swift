import Core
import Orders
import Profile

/// The app's root reducer: ``AppFeature`` with undo and redo of the profile and order edits.
///
/// The shell wraps each command in `.history(.beginGroup)`/`.history(.endGroup)`, so a command is
/// one step however many actions it sends. A change that left the app cannot be undone: an
/// order submitted (and what its submission reports back), or a profile save that finished.
/// Such a change empties the history and `undo` then says why. A save still running when its
/// edit is undone is not recalled: when it finishes, what it saved lands.
struct AppRoot: Reducer {
  var body: some Reducer<AppState, AppAction> {
    AppFeature()
      .undoable(
        \.edits, history: \.history, action: AppAction.history, limit: 100,
        forget: Self.forgetReason)
  }

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
    case .profile(.view), .profile(.editor(.presented(.view))),
      .profile(.editor(.presented(.binding))), .orders(.view), .orders(.confirmation),
      .orders(.path), .history:
      nil
    case .profile(.editor(.dismiss)), .profile(.editor(.presented(.delegate(.discarded)))):
      "The profile editor closed after a save or a discard: edits made in it cannot be undone."
    case .profile, .orders:
      // Fed back by an effect: a save that reached the account service.
      "The profile was saved: a save that reached the account service cannot be undone."
    }
  }
}
