import Core
import Foundation

/// The steps a random session may take next, which the closure given to
/// ``RandomSessions/run(count:length:seed:fileID:filePath:line:column:actions:)`` lists from the
/// current state, and the generators of their payloads.
///
/// List each possible step with a weight (how often it is picked, relative to the others);
/// list only the steps that make sense in the state, so that the session does what a user
/// could:
///
/// ```swift
/// await sessions.run(count: 100, length: 30) { state, next in
///   next.send(.addButtonTapped)
///   if let id = next.element(of: state.rows.ids) {
///     next.send(.renameTapped(id, next.string()), weight: 3)
///   }
///   if !state.path.isEmpty { next.send(.backButtonTapped) }
///   next.advanceClock(by: .seconds(1))
/// }
/// ```
///
/// Every draw (a generator's value, the pick of a step) reads the session's choices, so a
/// seed gives the same session again and the session can be shrunk. Each step reads choices of
/// its own, and a step is told apart from the others by the line and column of the call that
/// listed it, so a step that shrinking deletes or simplifies leaves the others as they were.
/// The action of a listed step is only built when the step is picked: draws inside
/// `send(...)`'s argument happen only then, draws outside (`element(of:)` above, to decide
/// whether to list the rename) happen at every step. Each generator's simplest value (what
/// shrinking goes to) is its first: 0 or the bound nearest to it, `false`, the empty string,
/// the first element, the reference date; and the first step listed is the simplest step.
@MainActor
public final class NextSteps<Action> {
  enum Option {
    case send(() -> Action)
    case advanceClock(() -> Duration)
  }

  private(set) var keys: [StepKey] = []
  private(set) var weights: [UInt64] = []
  private(set) var options: [Option] = []
  let choices: SessionChoices
  /// Reports a misuse of the generators (a weight or a length too large), once per run.
  let reportMisuse: (String) -> Void

  /// The largest weight a step may have: a larger one is taken as this, and reported.
  public static var maximumWeight: Int { 1_000_000 }

  /// The longest string ``string(maxLength:from:)`` draws: a larger `maxLength` is taken as
  /// this, and reported.
  public static var maximumStringLength: Int { 100_000 }

  init(choices: SessionChoices, reportMisuse: @escaping (String) -> Void) {
    self.choices = choices
    self.reportMisuse = reportMisuse
  }

  /// Lists sending `action` as a possible next step.
  ///
  /// - Parameters:
  ///   - action: The action; built only if the step is picked, so payload draws in it cost
  ///     nothing otherwise.
  ///   - weight: How often the step is picked, relative to the others listed; a weight below 1
  ///     leaves the step out, and one above ``maximumWeight`` is taken as that and reported.
  ///   - line: The line of the call: the session tells its steps apart by where they were
  ///     listed, so that a replayed step stays the same step when the list changes.
  ///   - column: The column of the call.
  public func send(
    _ action: @autoclosure @escaping () -> Action, weight: Int = 1, line: UInt = #line,
    column: UInt = #column
  ) {
    list(.send(action), weight: weight, line: line, column: column)
  }

  /// Lists letting `duration` pass on the session's clock as a possible next step: the
  /// effects that sleep on the clock wake, in deadline order, and what they send is checked.
  ///
  /// - Parameters:
  ///   - duration: How far the clock moves; built only if the step is picked.
  ///   - weight: How often the step is picked, relative to the others listed.
  ///   - line: The line of the call, which tells the step apart from the others listed.
  ///   - column: The column of the call.
  public func advanceClock(
    by duration: @autoclosure @escaping () -> Duration, weight: Int = 1, line: UInt = #line,
    column: UInt = #column
  ) {
    list(.advanceClock(duration), weight: weight, line: line, column: column)
  }

  /// The site of a generator's call, which tells its draws apart from the other calls'.
  static func site(_ line: UInt, _ column: UInt) -> UInt64 {
    StepKey(line: line, column: column, occurrence: 0).site
  }

  private func list(_ option: Option, weight: Int, line: UInt, column: UInt) {
    guard weight > 0 else { return }
    if weight > Self.maximumWeight {
      reportMisuse(
        """
        A step listed at line \(line) has the weight \(weight), above the largest a step may \
        have, \(Self.maximumWeight); it was taken as \(Self.maximumWeight). To fix, give \
        weights relative to each other, such as 1 to 100.
        """)
    }
    let site = StepKey(line: line, column: column, occurrence: 0).site
    let occurrence = keys.reduce(0) { $0 + ($1.site == site ? 1 : 0) }
    keys.append(StepKey(line: line, column: column, occurrence: occurrence))
    weights.append(UInt64(min(weight, Self.maximumWeight)))
    options.append(option)
  }

  /// Picks one of the listed steps, and builds it; `nil` when none is listed or, in a replay,
  /// the replayed step is not.
  func pick() -> (step: RandomSessionStep<Action>, key: StepKey, rank: Int)? {
    // The options are let go of once one is picked: a step's closure captures the
    // `NextSteps` that listed it (`next.send(.renamed(next.string()))`), a cycle that would
    // otherwise keep this, its choices and the run alive after the session.
    let options = options
    self.options = []
    guard let index = choices.pick(keys, weights: weights) else { return nil }
    switch options[index] {
    case let .send(action):
      return (.send(action()), keys[index], index)
    case let .advanceClock(duration):
      let drawn = duration()
      return (.advanceClock(by: choices.durationOverride ?? drawn), keys[index], index)
    }
  }
}

extension NextSteps {
  /// A number in `range`, often one of its ends, 0, a small number or one next to a round
  /// number (99, 100, 101, 256); shrinks toward 0 (or the end nearest 0).
  ///
  /// ```swift
  /// next.send(.quantityChanged(id, next.int(in: -1...100)))
  /// ```
  public func int(in range: ClosedRange<Int>, line: UInt = #line, column: UInt = #column) -> Int {
    let ladder = IntLadder(range)
    let index = choices.draw(below: ladder.count, at: Self.site(line, column)) { random in
      switch random.next(below: 8) {
      case 0: ladder.index(of: range.lowerBound)
      case 1: ladder.index(of: range.upperBound)
      case 2: 0
      // Small numbers, where most limits and off-by-one slips are.
      case 3: random.next(below: min(ladder.count, 32))
      // Round numbers and their neighbours, where the others are: 99, 100, 101, 255, 1000.
      case 4:
        Self.roundNumbers(in: range).map {
          ladder.index(of: $0[Int(random.next(below: UInt64($0.count)))])
        }
          ?? random.next(below: ladder.count)
      default: random.next(below: ladder.count)
      }
    }
    return ladder.value(at: index)
  }

  /// The round numbers of `range` (powers of ten, their halves, powers of two, and the
  /// negatives of those) and the numbers next to them; `nil` when it holds none.
  static func roundNumbers(in range: ClosedRange<Int>) -> [Int]? {
    var numbers: [Int] = []
    var power = 10
    while true {
      for round in [power, power / 2, power &* 128 / 100] {
        for number in [round - 1, round, round + 1, -round - 1, -round, -round + 1]
        where range.contains(number) {
          numbers.append(number)
        }
      }
      let (next, overflow) = power.multipliedReportingOverflow(by: 10)
      if overflow { break }
      power = next
    }
    var two = 16
    while two < Int.max / 2 {
      for number in [two - 1, two, -two] where range.contains(number) { numbers.append(number) }
      two *= 2
    }
    return numbers.isEmpty ? nil : numbers
  }

  /// `true` or `false`, even odds; shrinks toward `false`.
  public func bool(line: UInt = #line, column: UInt = #column) -> Bool {
    choices.uniform(below: 2, at: Self.site(line, column)) == 1
  }

  /// An element of `elements`, or `nil` (drawing nothing) when it is empty; shrinks toward the
  /// first.
  ///
  /// ```swift
  /// if let id = next.element(of: state.orders.ids) { next.send(.submitTapped(id)) }
  /// ```
  public func element<C: Collection>(
    of elements: C, line: UInt = #line, column: UInt = #column
  ) -> C.Element? {
    guard !elements.isEmpty else { return nil }
    let offset = choices.uniform(below: UInt64(elements.count), at: Self.site(line, column))
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
  public func string(
    maxLength: Int = 1_000, from alphabet: String = defaultAlphabet, line: UInt = #line,
    column: UInt = #column
  ) -> String {
    let characters = Array(alphabet)
    if maxLength > Self.maximumStringLength {
      reportMisuse(
        """
        'string(maxLength: \(maxLength))' asks for strings longer than the longest a session \
        draws, \(Self.maximumStringLength) characters; they were drawn up to that length. To \
        fix, give the longest string the feature must handle.
        """)
    }
    let maxLength = min(max(0, maxLength), Self.maximumStringLength)
    let bound = UInt64(maxLength) + 1
    let length = choices.draw(below: bound, at: Self.site(line, column)) { random in
      switch random.next(below: 20) {
      case 0, 1: 0
      case 2: UInt64(maxLength)
      default: 1 + random.next(below: UInt64(min(8, max(maxLength, 1))))
      }
    }
    guard !characters.isEmpty else { return "" }
    var result = ""
    for _ in 0..<length {
      result.append(characters[Int(choices.uniform(below: UInt64(characters.count), at: nil))])
    }
    return result
  }

  /// A date, in whole seconds, within ten years of `DateGenerator.testNow` (the date the
  /// session's `date` dependency returns), or within `range`; shrinks toward `testNow`, or
  /// toward `range`'s start.
  public func date(
    in range: ClosedRange<Date>? = nil, line: UInt = #line, column: UInt = #column
  ) -> Date {
    guard let range else {
      let tenYears = 10 * 365 * 86_400
      let offset = int(in: -tenYears...tenYears, line: line, column: column)
      return DateGenerator.testNow.addingTimeInterval(TimeInterval(offset))
    }
    let span = Int(range.upperBound.timeIntervalSince(range.lowerBound))
    return range.lowerBound.addingTimeInterval(
      TimeInterval(int(in: 0...max(0, span), line: line, column: column)))
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
