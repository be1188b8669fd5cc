/// State presented only until one of its actions is sent: ``AlertState`` and
/// ``ConfirmationDialogState``. The presentation operator sets it to `nil` after the parent
/// reduced a `.presented` action for it, whether it is the presented state itself or the
/// payload of the enum case that is presented.
protocol EphemeralState {}
