/// What a dialog button does, for the UI to style it: cancel, or destroy something.
public enum ButtonRole: Hashable, Sendable, Codable {
  /// The button cancels the dialog.
  case cancel
  /// The button deletes or discards something.
  case destructive
}
