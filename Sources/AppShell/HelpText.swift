import Core
import Orders
import Profile

/// The text of `--help` and of the `help` command.
enum HelpText {
  /// The columns no line of `--help` takes more than (a long default state file aside).
  static let width = 90

  /// The commands, from ``CommandSpec/all``: each usage, then its summary indented on one line,
  /// for the screen to wrap at its own width. Wrapped here too, the screen's wrapping of an
  /// already wrapped line left a word alone on a line.
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
    let kept = PersistedState<AppState>.keptMovedAsideFiles
    let (line, name) = (LineEditor.maximumLength, FieldLimits.name)
    let (email, part) = (FieldLimits.email, FieldLimits.addressPart)
    return """
      AppShell: a profile and orders, in the terminal. A demo of scoped stores: each panel
      watches only its own module's state.

      USAGE: AppShell [--state-file PATH] [--latency SECONDS] [--plain] [--read-only]
                      [--record FILE] [--strict-exit-codes]
             AppShell replay FILE [--state-file OUT]
             AppShell inspect FILE [--html OUT]
             AppShell --help

      OPTIONS:
        --state-file PATH    Where the state is saved between runs.
                             Default: \(TerminalText.escaped(defaultStateFile))
                             (on Linux under $XDG_DATA_HOME, else ~/.local/share)
        --latency SECONDS    How long the simulated order service takes per order (default 2).
                             Profile saves take a fifth of it.
        --plain              Print line by line instead of the full screen, even in a terminal.
        --read-only          Show the state without locking or saving it, even while another
                             AppShell uses it; a damaged file is reported, never moved.
        --record FILE        Record the session to FILE (JSON Lines): every action, with the
                             ids and dates it used. It holds what you type. A path that is not
                             a regular file, or a file that is not a recording, is refused.
        --strict-exit-codes  Line by line, count 'undo' or 'redo' with nothing to do as a
                             rejected command (exit status 1); by default it is only said.
        -h, --help           Show this help.

      REPLAY
        'AppShell replay FILE' replays a recording without a screen and prints the final state;
        with '--state-file OUT' it writes it to OUT instead, exactly as the recorded session
        saved it (timestamps and order numbers included). OUT is never written when the
        replay fails: a damaged or foreign file, or a recording this build no longer
        reproduces, is reported with its line, and the exit status is non-zero; the
        recording's inspector page, written beside it, marks the action where it stopped.
        'AppShell inspect FILE' writes that page (FILE with '.html' for its extension, or
        '--html OUT'): one HTML file to open in a browser, showing every action, what it
        changed and the state after it.

      Type commands at the prompt; they also work piped in, one per line:
        printf 'profile name Ada\\nquit\\n' | AppShell
      Saves and submissions run in the background: in a script, put 'wait' after them when the
      next command needs their result.

      SCREENS AND QUESTIONS
        'open 3' shows order #3 on top of the list, and the Orders panel's title shows the open
        screens (Orders › #1 › #3); 'back' closes the top one. The profile is edited in an
        editor that 'profile save' closes once saved and 'profile discard' closes unsaved.
        'order delete' and 'order cancel' ask first: answer 'yes' or 'no' (any other command
        answers no).
        'undo' reverts the last profile or order edit (one command is one step, at most 100
        are kept) and 'redo' re-applies it; undoing 'profile discard' brings the editor back.
        An order submitted cannot be undone, nor can what a finished profile save wrote, nor a
        save that 'profile discard' stopped: 'undo' then says so. Undo history lasts until you
        quit: it is not saved with the state.

      \(commands.flatMap { PanelText.wrap($0, width: width) }.joined(separator: "\n"))

      KEYS (in the full-screen view)
        Enter runs the line; Up and Down recall earlier lines; Page Up and Page Down scroll long
        output; Ctrl-U clears the line, Ctrl-W deletes a word. Ctrl-C clears the line, and on an
        empty line leaves, as Ctrl-D and 'q' do. When there is no room for every order, the
        Orders panel shows the newest and 'orders' lists them all.
        Leaving while orders are being submitted waits for them and says so; press Ctrl-C again
        to quit at once: they are saved as interrupted, to retry next time.

      THE SIMULATED SERVICES
        Profile saves are refused for email addresses at example.com (a reserved domain).
        Orders over the credit limit of your loyalty tier are refused:
          \(limits.joined(separator: ", ")).
        Confirmed orders earn a loyalty point per dollar; tiers go by points:
          \(tiers.joined(separator: ", ")).

      STATE
        The state is saved in the background right after every change (a burst of changes is
        one save), atomically (a temporary file renamed over the old one), and when you quit.
        While the app runs it holds a lock on '<state file>.lock'; a second AppShell on the
        same file says which process holds it and does not start (use --read-only to look).
        A path that is not a regular file (a directory, a device, a FIFO) is refused, untouched.
        A state file that cannot be read is moved aside to 'state.json.corrupt-<timestamp>' and
        the app starts fresh; the newest \(kept) such files are kept. To recover one: quit, fix
        the value the warning names, check the file with 'AppShell --read-only --state-file
        <file>', and move it back over the state file.
        Orders that were being submitted when the app stopped come back as failed; retry them.

      LIMITS
        A command line has at most \(line) characters, a name \(name), an email address \(email),
        each part of an address \(part). Fields refuse control characters, and the app shows
        them escaped (like ^[) wherever they come from.

      EXIT STATUS
        0 on success; 1 if a piped command was rejected or the state could not be saved; 2 if
        the app could not start (bad options, a state file that is not a regular file or is in
        use); 128 + the signal's number when stopped by a signal (130 for Ctrl-C when piped).
      """
  }
}
