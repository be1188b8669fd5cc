import Core
import CoreTesting
import Foundation

/// A feature whose actions carry every kind of payload a handed-back test must write as
/// Swift: ids, nested types, values whose description is not Swift, dates, floating-point
/// numbers, strings with escapes, optionals, labelled payloads, collections and dialogs.
///
/// Its random sessions send ``script`` in order, one action a step, and break the rule "the
/// parade never ends" at the last one: the session is always the whole script. An action that
/// differs from the script's is reported as an issue, so that a pasted test whose values are
/// not the session's fails.
struct PayloadParade: Reducer {
  struct State: Equatable {
    var received = 0
  }

  enum Action: Equatable {
    case identified(UUID, other: UUID)
    case card(StackAction<Card.State, Card.Action>)
    case rowEdited(Row.State)
    case priced(Price)
    case scheduled(Date)
    case measured(Double, ratio: Float, extremes: [Double])
    case noted(String)
    case optionals(String?, nested: Int??, mood: Mood?, missing: Mood?)
    case labelled(id: Int, name: String)
    case rows(IdentifiedArrayOf<Row.State>)
    case collections([Int], table: [String: [Bool]], tags: Set<String>, empty: [String: Int])
    case alert(AlertState<Answer>)
    case dialog(ConfirmationDialogState<Answer>)
    case mood(Mood)
    case ticket(Ticket)
    case token(Token)
    case waited(Duration, Duration)
    case linked(URL, Data, Decimal)
    case narrow(Int8, UInt64, Character)
    case finished
  }

  /// The actions its sessions send, in order.
  static var script: [Action] {
    [
      .identified(UUID(7), other: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!),
      .card(.push(id: 0, state: Card.State(title: "Front"))),
      .card(.element(id: 0, action: .flipped(toBack: true))),
      .card(.popFrom(id: 0)),
      .rowEdited(Row.State(id: 3, title: "Read", isDone: false)),
      .priced(Price(cents: 450)),
      .scheduled(Date(timeIntervalSinceReferenceDate: 1_234.567_8)),
      .measured(
        0.1 + 0.2, ratio: 1e-7,
        extremes: [-0.0, 1e300, .infinity, -.infinity, .leastNonzeroMagnitude]),
      .noted("She said \"hi\"\t\\ back\nthen 👍🏽, 👨‍👩‍👧 and cafe\u{301}\r\u{7}"),
      .optionals(nil, nested: .some(nil), mood: Mood.none, missing: nil),
      .optionals("set", nested: 4, mood: .glad, missing: .some(.none)),
      .labelled(id: -12, name: ""),
      .rows([
        Row.State(id: 1, title: "One", isDone: true), Row.State(id: 2, title: "Two", isDone: false),
      ]),
      .collections(
        [3, 1, 2], table: ["b": [true], "a": [false, true]], tags: ["zeta", "alpha"], empty: [:]),
      .alert(
        AlertState(
          title: "Remove?", message: nil,
          buttons: [ButtonState(role: .destructive, action: .remove(id: 1), label: "Remove")])),
      .dialog(
        ConfirmationDialogState(
          title: "Keep?", message: "Or not", buttons: [ButtonState(role: .cancel, label: "Keep")])),
      .mood(.glad),
      .mood(.none),
      .ticket(Ticket(code: "A-1")),
      .token(Token(value: 42)),
      .waited(.milliseconds(1_500), Duration(secondsComponent: 1, attosecondsComponent: 5)),
      .linked(URL(string: "https://example.com/a?b=c")!, Data([0, 255]), Decimal(string: "4.50")!),
      .narrow(-8, .max, "\""),
      .finished,
    ]
  }

  /// Counts the actions, and reports an issue for one that is not the next of the script: the
  /// pasted test fails if it writes a value that differs from the session's.
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    let script = Self.script
    if state.received >= script.count || action != script[state.received] {
      reportIssue("Action \(state.received + 1) of the parade is not the script's: \(action)")
    }
    state.received += 1
    return .none
  }
}

/// A screen on the parade's stack.
enum Card {
  struct State: Equatable {
    var title: String
  }

  enum Action: Equatable {
    case flipped(toBack: Bool)
  }
}

/// A row, its state nested under another type.
enum Row {
  struct State: Equatable, Identifiable {
    var id: Int
    var title: String
    var isDone: Bool
  }
}

/// An amount whose description, `$4.50`, is not Swift: it is written through its initializer.
struct Price: Equatable, CustomStringConvertible {
  var cents: Int

  var description: String { "$\(cents / 100).\(cents % 100 < 10 ? "0" : "")\(cents % 100)" }
}

/// An enum whose description hides its cases' names, with a case named `none`.
enum Mood: Equatable, CustomStringConvertible {
  case glad
  case none

  var description: String { "a mood" }
}

/// What a dialog's buttons send.
enum Answer: Equatable {
  case remove(id: Int)
}

/// A value whose stored property is private: it says how to make it.
struct Ticket: Equatable, SwiftExpressionConvertible {
  private var storage: String

  init(code: String) {
    storage = code.lowercased()
  }

  var swiftExpression: String { "Ticket(code: \(String(reflecting: storage)))" }
}

/// A class: written by decoding its JSON.
final class Token: Equatable, Codable {
  let value: Int

  init(value: Int) {
    self.value = value
  }

  static func == (lhs: Token, rhs: Token) -> Bool { lhs.value == rhs.value }
}
