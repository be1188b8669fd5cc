import Foundation
import Orders
import Profile

/// Turns a line typed at the prompt into a ``Command``, or a ``CommandError`` that says what
/// is valid.
///
/// Words are separated by spaces; the last argument of `profile name`, `profile email`,
/// `profile address` and `order ship` is the rest of the line. Command words and product
/// names are case-insensitive; an order is written `3` or `#3`.
///
/// ```swift
/// try CommandParser.parse("order add #1 mug 2")
/// // .orders(.addItemButtonTapped(orderID: 1, sku: "mug", quantity: 2))
/// try CommandParser.parse("ordr new")  // CommandError: "Unknown command 'ordr'. Did you mean 'order'? ..."
/// ```
enum CommandParser {
  /// Parses `line`; `nil` for a blank line.
  static func parse(_ line: String) throws(CommandError) -> Command? {
    let length = line.count
    guard length <= LineEditor.maximumLength else {
      throw CommandError(
        "The line has \(length) characters; a command has at most \(LineEditor.maximumLength).")
    }
    let words = Words(line)
    guard let first = words[0]?.lowercased() else { return nil }
    switch first {
    case "help", "?": return try noArguments(.help, "help", words, from: 1)
    case "products": return try noArguments(.products, "products", words, from: 1)
    case "state": return try noArguments(.state, "state", words, from: 1)
    case "stats": return try noArguments(.stats, "stats", words, from: 1)
    case "wait": return try noArguments(.wait, "wait", words, from: 1)
    case "undo": return try noArguments(.undo, "undo", words, from: 1)
    case "redo": return try noArguments(.redo, "redo", words, from: 1)
    case "quit", "exit", "q": return try noArguments(.quit, "quit", words, from: 1)
    case "yes", "y": return try noArguments(.answer(true), "yes", words, from: 1)
    case "no", "n": return try noArguments(.answer(false), "no", words, from: 1)
    case "back": return try noArguments(.orders(.backButtonTapped), "back", words, from: 1)
    case "open":
      let spec = CommandSpec.named("open")
      try expect(words, count: 2...2, spec)
      return .orders(.openButtonTapped(orderID: try orderID(words[1]!, spec)))
    case "profile" where words[1]?.lowercased() == "edit":
      return try noArguments(.profile(.editButtonTapped), "profile edit", words, from: 2)
    case "profile" where words.count == 1: return .showProfile
    case "profile": return try profile(words)
    case "orders" where words.count == 1: return .listOrders
    case "order", "orders": return .orders(try order(words))
    default:
      throw CommandError(
        "Unknown command '\(quoted(first))'.\(suggestion(for: first, among: CommandSpec.commands)) "
          + "Commands: \(CommandSpec.commands.joined(separator: ", ")). Type 'help' for details.")
    }
  }

  private static func profile(_ words: Words) throws(CommandError) -> Command {
    switch try subcommand(of: "profile", words) {
    case "name":
      let name = try rest(of: words, from: 2, for: "profile name")
      try FieldLimits.check(name, field: "name", limit: FieldLimits.name)
      return .profile(.nameChanged(name))
    case "email":
      let email = try rest(of: words, from: 2, for: "profile email")
      try FieldLimits.check(email, field: "email address", limit: FieldLimits.email)
      return .profile(.emailChanged(email))
    case "address":
      let text = try rest(of: words, from: 2, for: "profile address")
      if text.lowercased() == "none" { return .profile(.addressChanged(ShippingAddress())) }
      return .profile(.addressChanged(try address(text, for: "profile address")))
    case "save":
      return .profileEditor(try noArguments(.saveButtonTapped, "profile save", words, from: 2))
    default:
      return .profileEditor(
        try noArguments(.discardChangesButtonTapped, "profile discard", words, from: 2))
    }
  }

  private static func order(_ words: Words) throws(CommandError) -> OrdersFeature.Action.View {
    let subcommand = try subcommand(of: "order", words)
    let spec = CommandSpec.named("order \(subcommand)")
    if spec.arguments.hasPrefix("<order>"), words.count == 2 {
      throw CommandError("'\(spec.words)' needs an order number. Usage: \(spec.usage)")
    }
    switch subcommand {
    case "new":
      return try noArguments(.newOrderButtonTapped, spec.words, words, from: 2)
    case "add":
      try expect(words, count: 4...5, spec)
      let quantity = try words[4].map { word throws(CommandError) in
        try self.quantity(word, range: 1...LineItem.maximumQuantity)
      }
      return .addItemButtonTapped(
        orderID: try orderID(words, spec), sku: try product(words[3]!), quantity: quantity ?? 1)
    case "remove":
      try expect(words, count: 4...4, spec)
      return .removeItemButtonTapped(orderID: try orderID(words, spec), sku: try product(words[3]!))
    case "quantity":
      try expect(words, count: 5...5, spec)
      return .quantityChanged(
        orderID: try orderID(words, spec), sku: try product(words[3]!),
        quantity: try quantity(words[4]!, range: 0...LineItem.maximumQuantity))
    case "ship":
      let id = try orderID(words, spec)
      let text = try rest(of: words, from: 3, for: spec.words)
      if text.lowercased() == "default" { return .shippingAddressChanged(orderID: id, nil) }
      return .shippingAddressChanged(orderID: id, try address(text, for: spec.words))
    case "make-default":
      try expect(words, count: 3...3, spec)
      return .useAsDefaultAddressButtonTapped(orderID: try orderID(words, spec))
    case "submit":
      try expect(words, count: 3...3, spec)
      return .submitButtonTapped(orderID: try orderID(words, spec))
    case "cancel":
      try expect(words, count: 3...3, spec)
      return .cancelSubmissionButtonTapped(orderID: try orderID(words, spec))
    case "retry":
      try expect(words, count: 3...3, spec)
      return .retryButtonTapped(orderID: try orderID(words, spec))
    default:
      try expect(words, count: 3...3, spec)
      return .deleteButtonTapped(orderID: try orderID(words, spec))
    }
  }

  // MARK: - Pieces

  /// The second word, checked against the command's subcommands.
  private static func subcommand(of command: String, _ words: Words) throws(CommandError) -> String
  {
    let valid = CommandSpec.subcommands(of: command)
    let list = valid.map { "'\(command) \($0)'" }.joined(separator: ", ")
    guard let word = words[1]?.lowercased() else {
      throw CommandError("'\(command)' needs a subcommand: \(list). Type 'help' for details.")
    }
    guard valid.contains(word) else {
      throw CommandError(
        "Unknown subcommand '\(command) \(quoted(word))'."
          + suggestion(for: word, among: valid) { "\(command) \($0)" } + " Valid: \(list).")
    }
    return word
  }

  private static func noArguments<T>(
    _ value: T, _ command: String, _ words: Words, from index: Int
  ) throws(CommandError) -> T {
    guard words.count == index else {
      throw CommandError("'\(command)' takes no arguments; type just '\(command)'.")
    }
    return value
  }

  private static func expect(
    _ words: Words, count: ClosedRange<Int>, _ spec: CommandSpec
  ) throws(CommandError) {
    guard count.contains(words.count) else {
      let problem =
        words.count < count.lowerBound ? "is missing arguments" : "has too many arguments"
      throw CommandError("'\(spec.words)' \(problem). Usage: \(spec.usage)")
    }
  }

  private static func rest(of words: Words, from index: Int, for command: String)
    throws(CommandError)
    -> String
  {
    guard let text = words.rest(from: index) else {
      throw CommandError(
        "'\(command)' is missing its argument. Usage: \(CommandSpec.named(command).usage)")
    }
    return text
  }

  private static func orderID(_ words: Words, _ spec: CommandSpec) throws(CommandError) -> Int {
    try orderID(words[2] ?? "", spec)
  }

  private static func orderID(_ word: String, _ spec: CommandSpec) throws(CommandError) -> Int {
    let digits = word.hasPrefix("#") ? String(word.dropFirst()) : word
    guard let id = Int(digits), id > 0 else {
      throw CommandError(
        "'\(quoted(word))' is not an order number; write it like 1 or #1. Usage: \(spec.usage)")
    }
    return id
  }

  private static func product(_ word: String) throws(CommandError) -> String {
    let skus = Product.catalog.map(\.sku)
    guard let product = Product.named(word) else {
      throw CommandError(
        "There is no product '\(quoted(word))'.\(suggestion(for: word.lowercased(), among: skus)) "
          + "Products: \(skus.joined(separator: ", ")) (see 'products').")
    }
    return product.sku
  }

  private static func quantity(_ word: String, range: ClosedRange<Int>) throws(CommandError) -> Int
  {
    guard let quantity = Int(word), range.contains(quantity) else {
      throw CommandError(
        "'\(quoted(word))' is not a valid quantity; use a whole number from \(range.lowerBound) to "
          + "\(range.upperBound).")
    }
    return quantity
  }

  private static func address(_ text: String, for command: String) throws(CommandError)
    -> ShippingAddress
  {
    let usage = CommandSpec.named(command).usage
    if TerminalText.hasControlCharacters(text) {
      try FieldLimits.check(text, field: "address", limit: .max)
    }
    guard let address = ShippingAddress(parsing: text) else {
      let parts = text.split(separator: ",", omittingEmptySubsequences: false).count
      throw CommandError(
        "An address has 4 parts separated by commas; '\(quoted(text))' has \(parts). Usage: \(usage)"
      )
    }
    if let problem = address.problem {
      throw CommandError("\(problem) Usage: \(usage)")
    }
    try FieldLimits.check(addressParts: [
      ("street", address.street), ("city", address.city), ("postal code", address.postalCode),
      ("country", address.country),
    ])
    return address
  }

  /// `text` for quoting in a message: its first `limit` characters, then `…` when it is
  /// longer.
  static func quoted(_ text: String, limit: Int = 60) -> String {
    text.count <= limit ? text : text.prefix(limit - 1) + "…"
  }

  /// ` Did you mean 'x'?` for the closest candidate within two edits, or nothing.
  static func suggestion(
    for word: String, among candidates: [String], spelled spell: (String) -> String = { $0 }
  ) -> String {
    // An edit distance is at least the difference in length: skip the quadratic comparison
    // for words that cannot be close (a pasted paragraph, say).
    let length = word.count
    let scored = candidates.filter { abs($0.count - length) <= 2 }
      .map { ($0, editDistance(word, $0)) }.filter { $0.1 <= 2 }
    guard let best = scored.min(by: { $0.1 < $1.1 }) else { return "" }
    return " Did you mean '\(spell(best.0))'?"
  }

  static func editDistance(_ lhs: String, _ rhs: String) -> Int {
    let lhs = Array(lhs)
    let rhs = Array(rhs)
    var previous = Array(0...rhs.count)
    for (i, left) in lhs.enumerated() {
      var current = [i + 1]
      for (j, right) in rhs.enumerated() {
        current.append(
          min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1)))
      }
      previous = current
    }
    return previous[rhs.count]
  }
}
