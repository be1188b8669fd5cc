/// One command's words, arguments and summary: the single source for `help` and for the
/// usage lines in parse errors.
struct CommandSpec: Sendable {
  /// The command's words, like `order add`.
  let words: String
  /// Its arguments, like `<order> <product> [quantity]`.
  let arguments: String
  /// What it does.
  let summary: String

  /// `words arguments`.
  var usage: String {
    arguments.isEmpty ? words : "\(words) \(arguments)"
  }

  /// Every command, in the order `help` lists them.
  static let all: [CommandSpec] = [
    CommandSpec(words: "help", arguments: "", summary: "Show this list."),
    CommandSpec(words: "products", arguments: "", summary: "List what you can order, with prices."),
    CommandSpec(
      words: "profile", arguments: "",
      summary: "Show your profile in full, with the editor's unsaved edits and problems."),
    CommandSpec(
      words: "profile edit", arguments: "",
      summary: "Open the profile editor; the field commands below open it too."),
    CommandSpec(
      words: "profile name", arguments: "<name>",
      summary: "Edit your name (kept as an unsaved change until 'profile save')."),
    CommandSpec(words: "profile email", arguments: "<email>", summary: "Edit your email address."),
    CommandSpec(
      words: "profile address", arguments: "<street>, <city>, <postal code>, <country>",
      summary: "Edit your default shipping address; 'profile address none' clears it."),
    CommandSpec(
      words: "profile save", arguments: "",
      summary: "Check and save your edits, then close the editor; problems show in the panel."),
    CommandSpec(
      words: "profile discard", arguments: "",
      summary: "Drop your unsaved edits, stop a save that is running, and close the editor."),
    CommandSpec(words: "order new", arguments: "", summary: "Start a new draft order."),
    CommandSpec(
      words: "order add", arguments: "<order> <product> [quantity]",
      summary: "Add a product to an order (1 unless you give a quantity)."),
    CommandSpec(
      words: "order remove", arguments: "<order> <product>",
      summary: "Remove a product from an order."),
    CommandSpec(
      words: "order quantity", arguments: "<order> <product> <quantity>",
      summary: "Change how many of a product; 0 removes it."),
    CommandSpec(
      words: "order ship", arguments: "<order> <street>, <city>, <postal code>, <country>",
      summary: "Ship an order to its own address; 'default' ships to your profile's."),
    CommandSpec(
      words: "order make-default", arguments: "<order>",
      summary: "Make an order's own address your profile's default address."),
    CommandSpec(
      words: "order submit", arguments: "<order>",
      summary: "Submit a draft; its progress shows in the Orders panel."),
    CommandSpec(
      words: "order cancel", arguments: "<order>",
      summary: "Cancel an order while it is being submitted (asks first: 'yes' or 'no')."),
    CommandSpec(
      words: "order retry", arguments: "<order>",
      summary: "Submit a failed or cancelled order again."),
    CommandSpec(
      words: "order delete", arguments: "<order>",
      summary: "Delete an order, not while it is being submitted (asks first: 'yes' or 'no')."),
    CommandSpec(
      words: "open", arguments: "<order>",
      summary: "Show an order's lines, status and actions, on top of the screens already open."),
    CommandSpec(words: "back", arguments: "", summary: "Close the order screen on top."),
    CommandSpec(
      words: "yes", arguments: "", summary: "Answer the question the Orders panel asks: do it."),
    CommandSpec(
      words: "no", arguments: "",
      summary: "Answer no: nothing happens (any other command answers no as well)."),
    CommandSpec(
      words: "orders", arguments: "",
      summary: "List every order in full (the Orders panel shows as many as fit)."),
    CommandSpec(words: "state", arguments: "", summary: "Print the app state as JSON."),
    CommandSpec(
      words: "stats", arguments: "",
      summary: "Show how many times each panel re-rendered (each only when its data changed)."),
    CommandSpec(
      words: "wait", arguments: "", summary: "Wait until running submissions and saves finish."),
    CommandSpec(
      words: "undo", arguments: "",
      summary: "Revert the last profile or order edit (not an order already submitted)."),
    CommandSpec(words: "redo", arguments: "", summary: "Re-apply the edit 'undo' reverted."),
    CommandSpec(
      words: "quit", arguments: "",
      summary:
        "Leave; running submissions finish first ('q', 'exit' and Ctrl-D work too; press "
        + "Ctrl-C while waiting to quit at once)."),
  ]

  /// The spec for `words`.
  static func named(_ words: String) -> CommandSpec {
    guard let spec = all.first(where: { $0.words == words }) else {
      preconditionFailure("No command spec for '\(words)'; add it to 'CommandSpec.all'.")
    }
    return spec
  }

  /// The subcommands of `command` (`profile`, `order`), in order.
  static func subcommands(of command: String) -> [String] {
    all.compactMap { spec in
      let parts = spec.words.split(separator: " ")
      return parts.count == 2 && parts[0] == command ? String(parts[1]) : nil
    }
  }

  /// The top-level commands, in order.
  static var commands: [String] {
    var seen: [String] = []
    for spec in all {
      let first = String(spec.words.split(separator: " ")[0])
      if !seen.contains(first) { seen.append(first) }
    }
    return seen
  }
}
