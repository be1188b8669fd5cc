import Orders
import Profile
import Testing

@testable import AppShell

@Suite struct CommandParserTests {
  static let address = ShippingAddress(
    street: "12 Analytical Way", city: "London", postalCode: "N1 7AA", country: "UK")

  static let valid: [(String, Command)] = [
    ("help", .help),
    ("  HELP  ", .help),
    ("?", .help),
    ("products", .products),
    ("state", .state),
    ("stats", .stats),
    ("undo", .undo),
    ("redo", .redo),
    ("wait", .wait),
    ("quit", .quit),
    ("exit", .quit),
    ("profile name Ada   Lovelace ", .profile(.nameChanged("Ada   Lovelace"))),
    ("Profile Email ada@example.org", .profile(.emailChanged("ada@example.org"))),
    (
      "profile address 12 Analytical Way, London,N1 7AA , UK",
      .profile(.addressChanged(address))
    ),
    ("profile address none", .profile(.addressChanged(ShippingAddress()))),
    ("profile save", .profileEditor(.saveButtonTapped)),
    ("profile discard", .profileEditor(.discardChangesButtonTapped)),
    ("profile edit", .profile(.editButtonTapped)),
    ("profile", .showProfile),
    ("  Profile ", .showProfile),
    ("open 3", .orders(.openButtonTapped(orderID: 3))),
    ("open #3", .orders(.openButtonTapped(orderID: 3))),
    ("back", .orders(.backButtonTapped)),
    ("yes", .answer(true)),
    ("N", .answer(false)),
    ("order new", .orders(.newOrderButtonTapped)),
    ("orders new", .orders(.newOrderButtonTapped)),
    ("order add 1 mug", .orders(.addItemButtonTapped(orderID: 1, sku: "mug", quantity: 1))),
    ("order add #12 MUG 99", .orders(.addItemButtonTapped(orderID: 12, sku: "mug", quantity: 99))),
    ("order remove 2 tea", .orders(.removeItemButtonTapped(orderID: 2, sku: "tea"))),
    ("order quantity 2 tea 0", .orders(.quantityChanged(orderID: 2, sku: "tea", quantity: 0))),
    (
      "order ship 3 12 Analytical Way, London, N1 7AA, UK",
      .orders(.shippingAddressChanged(orderID: 3, address))
    ),
    ("order ship 3 default", .orders(.shippingAddressChanged(orderID: 3, nil))),
    ("order make-default 3", .orders(.useAsDefaultAddressButtonTapped(orderID: 3))),
    ("order submit 4", .orders(.submitButtonTapped(orderID: 4))),
    ("order cancel 4", .orders(.cancelSubmissionButtonTapped(orderID: 4))),
    ("order retry 4", .orders(.retryButtonTapped(orderID: 4))),
    ("order delete #4", .orders(.deleteButtonTapped(orderID: 4))),
  ]

  @Test(arguments: valid)
  func parsesValidLines(_ line: String, _ command: Command) throws {
    #expect(try CommandParser.parse(line) == command)
  }

  @Test func suggestionsSkipWordsOfAFarLength() {
    let pasted = String(repeating: "x", count: 10_000)
    #expect(CommandParser.suggestion(for: pasted, among: ["order", "profile"]).isEmpty)
    #expect(
      CommandParser.suggestion(for: "ordre", among: ["order", "profile"])
        == " Did you mean 'order'?")
  }

  @Test(arguments: ["", "   ", "\t"])
  func blankLinesAreNoCommand(_ line: String) throws {
    #expect(try CommandParser.parse(line) == nil)
  }

  static let invalid: [(String, String)] = [
    (
      "ordr new",
      "Unknown command 'ordr'. Did you mean 'order'? Commands: help, products, profile, order, "
        + "open, back, yes, no, orders, state, stats, wait, undo, redo, quit. Type 'help' for details."
    ),
    (
      "dance",
      "Unknown command 'dance'. Commands: help, products, profile, order, open, back, yes, no, "
        + "orders, state, stats, wait, undo, redo, quit. Type 'help' for details."
    ),
    (
      "profile nmae Ada",
      "Unknown subcommand 'profile nmae'. Did you mean 'profile name'? Valid: 'profile edit', "
        + "'profile name', "
        + "'profile email', 'profile address', 'profile save', 'profile discard'."
    ),
    (
      "profile name",
      "'profile name' is missing its argument. Usage: profile name <name>"
    ),
    ("profile save now", "'profile save' takes no arguments; type just 'profile save'."),
    ("stats please", "'stats' takes no arguments; type just 'stats'."),
    (
      "profile address 12 Way, London",
      "An address has 4 parts separated by commas; '12 Way, London' has 2. Usage: profile "
        + "address <street>, <city>, <postal code>, <country>"
    ),
    (
      "profile address 12 Way, , N1, UK",
      "The address is missing: city. Write it as 'street, city, postal code, country'. Usage: "
        + "profile address <street>, <city>, <postal code>, <country>"
    ),
    (
      "order add 1",
      "'order add' is missing arguments. Usage: order add <order> <product> [quantity]"
    ),
    (
      "order add 1 mug 2 3",
      "'order add' has too many arguments. Usage: order add <order> <product> [quantity]"
    ),
    (
      "order add one mug",
      "'one' is not an order number; write it like 1 or #1. Usage: order add <order> <product> "
        + "[quantity]"
    ),
    (
      "order submit 0",
      "'0' is not an order number; write it like 1 or #1. Usage: order submit <order>"
    ),
    (
      "order add 1 mugg",
      "There is no product 'mugg'. Did you mean 'mug'? Products: tea, mug, notebook, pen, lamp, "
        + "chair (see 'products')."
    ),
    ("order add 1 mug 0", "'0' is not a valid quantity; use a whole number from 1 to 99."),
    ("order add 1 mug 100", "'100' is not a valid quantity; use a whole number from 1 to 99."),
    ("order quantity 1 mug -1", "'-1' is not a valid quantity; use a whole number from 0 to 99."),
    (
      "order quantity 1 mug lots",
      "'lots' is not a valid quantity; use a whole number from 0 to 99."
    ),
    (
      "order ship 1",
      "'order ship' is missing its argument. Usage: order ship <order> <street>, <city>, <postal code>, <country>"
    ),
    ("order submit", "'order submit' needs an order number. Usage: order submit <order>"),
    ("order cancel 1 2", "'order cancel' has too many arguments. Usage: order cancel <order>"),
  ]

  @Test(arguments: invalid)
  func rejectsInvalidLinesSayingWhatIsValid(_ line: String, _ message: String) {
    #expect(throws: CommandError(message)) { try CommandParser.parse(line) }
  }

  @Test func everySpecIsReachable() throws {
    for spec in CommandSpec.all {
      let example = spec.usage
        .replacingOccurrences(of: "<order>", with: "1")
        .replacingOccurrences(of: "<product>", with: "mug")
        .replacingOccurrences(of: "[quantity]", with: "2")
        .replacingOccurrences(of: "<quantity>", with: "2")
        .replacingOccurrences(of: "<street>, <city>, <postal code>, <country>", with: "a, b, c, d")
        .replacingOccurrences(of: "<name>", with: "Ada")
        .replacingOccurrences(of: "<email>", with: "ada@example.org")
      #expect(try CommandParser.parse(example) != nil, "\(spec.words)")
    }
  }

  @Test func editDistanceCountsInsertionsDeletionsAndSubstitutions() {
    #expect(CommandParser.editDistance("order", "order") == 0)
    #expect(CommandParser.editDistance("ordr", "order") == 1)
    #expect(CommandParser.editDistance("odrer", "order") == 2)
    #expect(CommandParser.editDistance("", "abc") == 3)
  }
}
