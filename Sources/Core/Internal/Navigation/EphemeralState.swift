/// State presented only until one of its actions is sent: ``AlertState`` and
/// ``ConfirmationDialogState``. The presentation operator sets it to `nil` after the parent
/// reduced a `.presented` action for it, whether it is the presented state itself or the
/// payload of the enum case that is presented.
///
/// In an enum of destinations, only an action of the dialog's own case closes it: one whose
/// declared payload is the dialog's ``dialogAction`` type.
protocol EphemeralState {
  /// The type of the actions of the dialog's buttons.
  static var dialogAction: Any.Type { get }
}
