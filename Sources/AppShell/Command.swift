import Orders
import Profile

/// A command typed at the prompt, parsed (see ``CommandParser``).
///
/// Module commands carry the module's view intent, which the shell sends to the module's
/// panel as is.
enum Command: Equatable, Sendable {
  /// Show the commands.
  case help
  /// Show the profile in full.
  case showProfile
  /// Something for the Profile module.
  case profile(ProfileFeature.Action.View)
  /// Something for the profile editor; a field edit opens the editor first.
  case profileEditor(ProfileEditor.Action.View)
  /// Something for the Orders module.
  case orders(OrdersFeature.Action.View)
  /// The answer to the question the Orders panel asks: `yes` (`true`) or `no`.
  case answer(Bool)
  /// List every order, in full.
  case listOrders
  /// List the products.
  case products
  /// Print the app state as JSON.
  case state
  /// Show how often each panel rendered.
  case stats
  /// Wait until running submissions and saves finish.
  case wait
  /// Leave the app.
  case quit
  /// Revert the last profile or order edit.
  case undo
  /// Re-apply the edit the last `undo` reverted.
  case redo
}
