import Profile

/// The profile in two lines, for a screen too short for the Profile panel: who you are, then
/// what the editor is doing, or your loyalty. A value edited and not yet saved ends in `*`.
///
/// ```swift
/// ProfileSummary.lines(profile)
/// // ["Ada Lovelace · ada@lovelace.org* · London", "Unsaved changes (*): save or discard them."]
/// ```
enum ProfileSummary {
  static func lines(_ state: ProfileFeature.State) -> [String] {
    let draft = state.editor?.draft ?? ProfileFeature.Draft()
    let shown = state.editedDetails
    let who = [
      value(shown.name, edited: draft.name != nil, or: "(no name)"),
      value(shown.email, edited: draft.email != nil, or: "(no email)"),
      value(
        shown.address.isEmpty ? "" : shown.address.city, edited: draft.address != nil,
        or: "(no address)"),
    ]
    return [who.joined(separator: " · "), status(state)]
  }

  private static func value(_ text: String, edited: Bool, or placeholder: String) -> String {
    (text.isEmpty ? placeholder : text) + (edited ? "*" : "")
  }

  /// The editor's first problem or its save status; without an editor, the loyalty tier.
  private static func status(_ state: ProfileFeature.State) -> String {
    guard let editor = state.editor else {
      let points = state.loyaltyPoints
      return "Loyalty: \(state.tier.rawValue), \(points) point\(points == 1 ? "" : "s")"
    }
    if let error = editor.errors.first {
      let more = editor.errors.count > 1 ? " (\(editor.errors.count - 1) more)" : ""
      return "! \(error.field.rawValue): \(error.message)\(more)"
    }
    switch editor.saveStatus {
    case .idle:
      return editor.draft.isEmpty
        ? "Editing: change a field, or discard to close."
        : "Unsaved changes (*): save or discard them."
    case .saving: return "Saving…"
    case .saved: return "Saved."
    case let .failed(message): return "Save failed: \(message)"
    }
  }
}
