import TestSupport
import Orders

/// Random command lines: well-formed ones from the command grammar, the same with random
/// damage, and plain noise (any Unicode, control characters, very long words).
enum FuzzLines {
  static let commandWords = [
    "help", "?", "products", "profile", "order", "orders", "state", "stats", "wait", "quit",
    "exit", "q", "open", "back", "yes", "no", "y", "n",
  ]
  static let subcommands = [
    "name", "email", "address", "save", "discard", "new", "add", "remove", "quantity", "ship",
    "make-default", "submit", "cancel", "retry", "delete", "edit",
  ]
  static let numbers = [
    "#1", "1", "2", "#2", "3", "#3", "0", "#0", "-1", "99", "100", "#", "##1", "1.5", "1e3",
    "99999999999999999999999", "-9223372036854775808", "9223372036854775807", "0x10", "٣",
  ]
  static let oddWords = [
    "", " ", "\t", "\"", "'", "\\", "none", "default", "NONE", "🙂", "e\u{301}", "\u{202E}evil",
    "\u{0}", "\u{7F}", "\u{FEFF}", "a,b", ",,,,", "@", "a@b", "a@b.c",
    String(repeating: "x", count: 2_000), String(repeating: "é", count: 600),
  ]

  /// A line from the grammar, with arguments that are sometimes valid.
  static func wellFormed(using generator: inout SplitMix64) -> String {
    let products = Product.catalog.map(\.sku) + ["MUG", "Tea", "unicorn", "mu g"]
    let order = generator.pick(numbers.prefix(8))
    let product = generator.pick(products)
    switch generator.int(in: 0..<20) {
    case 0: return generator.pick(["help", "products", "state", "stats", "wait", "quit"])
    case 1: return "profile name \(generator.pick(["Ada", "Grace Hopper", "", "  spaced  ", "🙂"]))"
    case 2: return "profile email \(generator.pick(["ada@example.org", "nope", "a@b", "@"]))"
    case 3:
      return "profile address "
        + generator.pick([
          "12 Analytical Way, London, N1 7AA, UK", "none", "a, b, c", "a, b, c, d, e", ",,,",
        ])
    case 4: return generator.pick(["profile save", "profile discard"])
    case 5, 6: return "order new"
    case 7, 8:
      return "order add \(order) \(product) \(generator.pick(["", "1", "2", "99", "100", "0"]))"
    case 9: return "order remove \(order) \(product)"
    case 10: return "order quantity \(order) \(product) \(generator.pick(["0", "5", "99", "-3"]))"
    case 11:
      return "order ship \(order) "
        + generator.pick(["default", "1 Main St, Springfield, 12345, US", "x"])
    case 12: return "order make-default \(order)"
    case 13, 14: return "order submit \(order)"
    case 15: return "order \(generator.pick(["cancel", "retry", "delete"])) \(order)"
    case 16: return generator.pick(["yes", "no", "yes", "profile edit"])
    case 17: return "open \(order)"
    case 18: return generator.pick(["back", "order delete \(order)"])
    default:
      return "\(generator.pick(commandWords)) \(generator.pick(subcommands)) \(order)"
    }
  }

  /// `line` with random damage: characters dropped, doubled, swapped or replaced, words
  /// shuffled, case changed, odd words inserted.
  static func damaged(_ line: String, using generator: inout SplitMix64) -> String {
    var characters = Array(line)
    for _ in 0..<generator.int(in: 1...3) {
      let index = characters.isEmpty ? 0 : generator.int(in: 0..<characters.count)
      switch generator.int(in: 0..<7) {
      case 0 where !characters.isEmpty: characters.remove(at: index)
      case 1 where !characters.isEmpty: characters.insert(characters[index], at: index)
      case 2: characters.insert(generator.pick(Array(" \t,#-0123456789aZ\u{0}é🙂")), at: index)
      case 3: characters = Array(String(characters).uppercased())
      case 4:
        let words = String(characters).split(separator: " ").shuffled(using: &generator)
        characters = Array(words.joined(separator: " "))
      case 5: characters.insert(contentsOf: " \(generator.pick(oddWords)) ", at: index)
      default: characters = Array(characters.prefix(index))
      }
    }
    return String(characters)
  }

  /// Noise: random scalars from all over Unicode, or odd words strung together.
  static func noise(using generator: inout SplitMix64) -> String {
    if generator.chance(50) {
      return (0..<generator.int(in: 0...6)).map { _ in
        generator.pick(oddWords + numbers + commandWords + subcommands)
      }.joined(separator: generator.pick([" ", "  ", "\t"]))
    }
    let ranges: [ClosedRange<UInt32>] = [
      0x0...0x7F, 0x80...0x7FF, 0x800...0xD7FF, 0xE000...0xFFFD, 0x1_0000...0x10_FFFF,
    ]
    var scalars = String.UnicodeScalarView()
    for _ in 0..<generator.int(in: 0...40) {
      let range = generator.pick(ranges)
      if let scalar = Unicode.Scalar(
        UInt32(generator.int(in: Int(range.lowerBound)...Int(range.upperBound))))
      {
        scalars.append(scalar)
      }
    }
    return String(scalars)
  }

  /// One random line of any kind.
  static func line(using generator: inout SplitMix64) -> String {
    switch generator.int(in: 0..<100) {
    case 0..<45: wellFormed(using: &generator)
    case 45..<80: damaged(wellFormed(using: &generator), using: &generator)
    default: noise(using: &generator)
    }
  }
}
