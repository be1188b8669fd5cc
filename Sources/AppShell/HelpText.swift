import Orders
import Profile

/// The text of `--help` and of the `help` command.
enum HelpText {
  /// The commands, from ``CommandSpec/all``.
  static var commands: [String] {
    var lines = ["Commands (an <order> is its number, like 1 or #1):"]
    for spec in CommandSpec.all {
      lines.append("  \(spec.usage)")
      lines.append("      \(spec.summary)")
    }
    return lines
  }

  /// The whole `--help` text.
  static func usage(defaultStateFile: String) -> String {
    let limits = LoyaltyTier.allCases.map {
      "\($0.rawValue) \(OrdersClient.creditLimit(for: $0))"
    }
    let tiers = LoyaltyTier.allCases.dropFirst().map { "\($0.rawValue) from \($0.threshold)" }
    return """
      AppShell: a profile and orders, in the terminal. A demo of scoped stores: each panel
      watches only its own module's state.

      USAGE: AppShell [--state-file PATH] [--latency SECONDS] [--plain]
             AppShell --help

      OPTIONS:
        --state-file PATH    Where the state is saved between runs.
                             Default: \(defaultStateFile)
                             (on Linux under $XDG_DATA_HOME, else ~/.local/share)
        --latency SECONDS    How long the simulated order service takes per order (default 2).
                             Profile saves take a fifth of it.
        --plain              Print line by line instead of drawing the screen, even in a terminal.
        -h, --help           Show this help.

      Type commands at the prompt; they also work piped in, one per line:
        printf 'profile name Ada\\nquit\\n' | AppShell
      Saves and submissions run in the background: in a script, put 'wait' after them when the
      next command needs their result.

      \(commands.joined(separator: "\n"))

      THE SIMULATED SERVICES
        Profile saves are refused for email addresses at example.com (a reserved domain).
        Orders over the credit limit of your loyalty tier are refused:
          \(limits.joined(separator: ", ")).
        Confirmed orders earn a loyalty point per dollar; tiers go by points:
          \(tiers.joined(separator: ", ")).

      STATE
        The state is saved after every change, atomically (a temporary file renamed over the
        old one). A state file that cannot be read is moved aside to
        'state.json.corrupt-<timestamp>' and the app starts fresh. Orders that were being
        submitted when the app stopped come back as failed; retry them.

      EXIT STATUS
        0 on success; 1 if a piped command was rejected; 2 if the app could not start.
      """
  }
}
