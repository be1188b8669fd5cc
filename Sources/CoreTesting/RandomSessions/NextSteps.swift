import Core
import Foundation

/// The steps a random session may take next, which the closure given to
/// ``RandomSessions/actions(_:)`` lists from the current state, and the generators of their
/// payloads.
///
/// List each possible step with a weight (how often it is picked, relative to the others);
/// list only the steps that make sense in the state, so that the session does what a user
/// could:
///
/// ```swift
/// sessions.actions { state, next in
///   next.send(.addButtonTapped)
///   if let id = next.element(of: state.rows.ids) {
///     next.send(.renameTapped(id, next.string()), weight: 3)
///   }
///   if !state.path.isEmpty { next.send(.backButtonTapped) }
///   next.advanceClock(by: .seconds(1))
/// }
/// ```
///
/// Every draw (a generator's value, the pick of a step) reads the session's choice sequence, so
/// a seed gives the same session again and the session can be shrunk. The action of a listed
/// step is only built when the step is picked: draws inside `send(...)`'s argument happen only
/// then, draws outside (`element(of:)` above, to decide whether to list the rename) happen at
/// every step. Each generator's simplest value (what shrinking goes to) is its first: 0 or the
/// bound nearest to it, `false`, the empty string, the first element, the reference date; and
/// the first step listed is the simplest step.
@MainActor
public final class NextSteps<Action> {
  enum Option {
    case send(() -> Action)
    case advanceClock(() -> Duration)
  }

  private(set) var options: [(weight: UInt64, option: Option)] = []
  let choices: ChoiceStream

  init(choices: ChoiceStream) {
    self.choices = choices
  }

  /// Lists sending `action` as a possible next step.
  ///
  /// - Parameters:
  ///   - action: The action; built only if the step is picked, so payload draws in it cost
  ///     nothing otherwise.
  ///   - weight: How often the step is picked, relative to the others listed; a weight below 1
  ///     leaves the step out.
  public func send(_ action: @autoclosure @escaping () -> Action, weight: Int = 1) {
    guard weight > 0 else { return }
    options.append((UInt64(weight), .send(action)))
  }

  /// Lists letting `duration` pass on the session's clock as a possible next step: the
  /// effects that sleep on the clock wake, in deadline order, and what they send is checked.
  ///
  /// - Parameters:
  ///   - duration: How far the clock moves; built only if the step is picked.
  ///   - weight: How often the step is picked, relative to the others listed.
  public func advanceClock(
    by duration: @autoclosure @escaping () -> Duration, weight: Int = 1
  ) {
    guard weight > 0 else { return }
    options.append((UInt64(weight), .advanceClock(duration)))
  }

  /// Picks one of the listed steps by weight, or `nil` when none is listed.
  func pick() -> RandomSessionStep<Action>? {
    let total = options.reduce(0) { $0 + $1.weight }
    guard total > 0 else { return nil }
    var choice = choices.uniform(below: total)
    for (weight, option) in options {
      if choice < weight {
        switch option {
        case let .send(action): return .send(action())
        case let .advanceClock(duration): return .advanceClock(by: duration())
        }
      }
      choice -= weight
    }
    return nil
  }
}

extension NextSteps {
  /// A number in `range`, often one of its ends or 0; shrinks toward 0 (or the end nearest 0).
  ///
  /// ```swift
  /// next.send(.quantityChanged(id, next.int(in: -1...100)))
  /// ```
  public func int(in range: ClosedRange<Int>) -> Int {
    let ladder = IntLadder(range)
    let index = choices.draw(below: ladder.count) { random in
      switch random.next(below: 8) {
      case 0: ladder.index(of: range.lowerBound)
      case 1: ladder.index(of: range.upperBound)
      case 2: 0
      default: random.next(below: ladder.count)
      }
    }
    return ladder.value(at: index)
  }

  /// `true` or `false`, even odds; shrinks toward `false`.
  public func bool() -> Bool {
    choices.uniform(below: 2) == 1
  }

  /// An element of `elements`, or `nil` (drawing nothing) when it is empty; shrinks toward the
  /// first.
  ///
  /// ```swift
  /// if let id = next.element(of: state.orders.ids) { next.send(.submitTapped(id)) }
  /// ```
  public func element<C: Collection>(of elements: C) -> C.Element? {
    guard !elements.isEmpty else { return nil }
    let offset = choices.uniform(below: UInt64(elements.count))
    return elements[elements.index(elements.startIndex, offsetBy: Int(offset))]
  }

  /// A string of characters from `alphabet`: often empty, sometimes `maxLength` long, mostly
  /// a few characters; shrinks toward the empty string, then toward `alphabet`'s first
  /// character.
  ///
  /// The default alphabet mixes letters, digits, spaces, punctuation, accented and combining
  /// characters, an emoji, a tab and a newline.
  ///
  /// - Parameters:
  ///   - maxLength: The longest string drawn, in characters; 1,000 by default.
  ///   - alphabet: The characters drawn from, the simplest first.
  public func string(maxLength: Int = 1_000, from alphabet: String = defaultAlphabet)
    -> String
  {
    let characters = Array(alphabet)
    let maxLength = max(0, maxLength)
    let bound = UInt64(maxLength) + 1
    let length = choices.draw(below: bound) { random in
      switch random.next(below: 20) {
      case 0, 1: 0
      case 2: UInt64(maxLength)
      default: 1 + random.next(below: UInt64(min(8, max(maxLength, 1))))
      }
    }
    guard !characters.isEmpty else { return "" }
    var result = ""
    for _ in 0..<length {
      result.append(characters[Int(choices.uniform(below: UInt64(characters.count)))])
    }
    return result
  }

  /// A date, in whole seconds, within ten years of `DateGenerator.testNow` (the date the
  /// session's `date` dependency returns), or within `range`; shrinks toward `testNow`, or
  /// toward `range`'s start.
  public func date(in range: ClosedRange<Date>? = nil) -> Date {
    guard let range else {
      let tenYears = 10 * 365 * 86_400
      let offset = int(in: -tenYears...tenYears)
      return DateGenerator.testNow.addingTimeInterval(TimeInterval(offset))
    }
    let span = Int(range.upperBound.timeIntervalSince(range.lowerBound))
    return range.lowerBound.addingTimeInterval(TimeInterval(int(in: 0...max(0, span))))
  }
}

extension NextSteps {
  /// The characters ``string(maxLength:from:)`` draws from by default: lower-case letters
  /// first (the simplest), then upper-case ones, digits, a space and characters that
  /// validation and layout often get wrong (accents, a combining accent, an emoji, CJK, a tab,
  /// a newline).
  public static var defaultAlphabet: String {
    "abcdefghijklmnopqrstuvwxyzABCXYZ0189 -_.,'@#\u{e9}e\u{301}\u{df}\u{1F600}\u{4E2D}\t\n"
  }
}
