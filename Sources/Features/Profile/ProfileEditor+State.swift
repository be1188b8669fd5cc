import Core

extension ProfileEditor {
  /// The editor's state: the details it started from, the edits not saved yet, and the save's
  /// progress.
  ///
  /// Only ``draft`` is worth keeping across runs; the Profile module encodes it with the
  /// profile and rebuilds the rest (see ``ProfileFeature/State``).
  public struct State: Equatable, Sendable {
    /// The saved details the edits apply to: the profile's when the editor opened, or the
    /// last details it saved.
    public var saved: ProfileDetails
    /// Edits not saved yet.
    public var draft: ProfileFeature.Draft
    /// Why the last save attempt was refused, field by field.
    public var errors: [ProfileFeature.ValidationError] = []
    /// Whether a save is running, finished, or failed.
    public var saveStatus: ProfileFeature.SaveStatus = .idle
    /// Whether edits are saved by themselves, a second after the last one; off by default.
    public var isAutosaveEnabled = false
    /// Whether the editor closes itself when the running save succeeds: set by the save
    /// button, not by an autosave.
    public var closesWhenSaved = false

    /// Creates an editor on `saved`, with `draft` already edited.
    public init(saved: ProfileDetails, draft: ProfileFeature.Draft = ProfileFeature.Draft()) {
      self.saved = saved
      self.draft = draft
    }

    /// The details as they would be saved: the saved ones with the draft applied.
    public var editedDetails: ProfileDetails {
      draft.applied(to: saved)
    }
  }
}
