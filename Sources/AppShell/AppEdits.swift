import Core
import Orders
import Profile

/// What `undo` and `redo` revert and re-apply: the profile and the orders, not the screens open
/// or the activity log.
struct AppEdits: Equatable, Sendable {
  var profile: ProfileFeature.State
  var orders: IdentifiedArray<Order>
  var nextOrderID: Order.ID
}

extension AppState {
  /// The part of the state that undo restores.
  ///
  /// The editor's save status (and whether it closes once saved) tells how the save that was
  /// sent is going, which no undo changes: it is left out of the edits, so sending a save is
  /// not a step, and a restore keeps the open editor's. A save still running goes on showing
  /// and lands; an editor that a restore brings back shows no save, since any save it ran
  /// ended when it closed.
  var edits: AppEdits {
    get {
      var profile = profile
      if profile.editor?.hasSaveProgress == true { profile.editor?.clearSaveProgress() }
      return AppEdits(profile: profile, orders: orders.list, nextOrderID: orders.nextID)
    }
    set {
      let open = profile.editor
      profile = newValue.profile
      if let open { profile.editor?.keepSaveProgress(of: open) }
      orders.list = newValue.orders
      orders.nextID = newValue.nextOrderID
    }
  }
}

extension ProfileEditor.State {
  /// Whether a save was sent from this editor.
  fileprivate var hasSaveProgress: Bool { saveStatus != .idle || closesWhenSaved }

  /// Forgets how a save went, as in an editor where none was sent.
  fileprivate mutating func clearSaveProgress() {
    saveStatus = .idle
    closesWhenSaved = false
  }

  /// Takes `other`'s save status, and whether it closes once saved.
  fileprivate mutating func keepSaveProgress(of other: Self) {
    saveStatus = other.saveStatus
    closesWhenSaved = other.closesWhenSaved
  }
}
