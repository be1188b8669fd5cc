import Foundation

/// Tells the current date: the system's in a live ``Store``, a fixed one in tests.
///
/// Read it with ``Dependency`` instead of calling `Date()` directly, so that a test can
/// predict the dates a feature records:
///
/// ```swift
/// struct NotesFeature: Reducer {
///   @Dependency(\.date) var date
///
///   func reduce(into state: inout State, action: Action) -> Effect<Action> {
///     switch action {
///     case .addButtonTapped:
///       state.notes.append(Note(createdAt: date.now))
///       return .none
///     }
///   }
/// }
/// ```
///
/// Under a `TestStore` it returns ``testNow`` (2001-01-01 00:00:00 UTC) unless the test
/// sets another: `$0.date.now = someDate` in `withDependencies:`, or
/// `store.dependencies.date.now = later` between steps to move time on.
public struct DateGenerator: Sendable {
  private let generate: @Sendable () -> Date
  /// Whether a session recording notes the values (see `GeneratorCapture`).
  let notesValues: Bool

  /// Creates a generator that calls `now` for each date.
  public init(_ now: @escaping @Sendable () -> Date) {
    self.generate = now
    notesValues = false
  }

  private init(generating generate: @escaping @Sendable () -> Date, notesValues: Bool) {
    self.generate = generate
    self.notesValues = notesValues
  }

  /// A generator whose values a session recording notes while a root reducer reduces.
  static func noting(_ now: @escaping @Sendable () -> Date) -> Self {
    Self(
      generating: {
        let value = now()
        GeneratorCapture.note(date: value)
        return value
      }, notesValues: true)
  }

  /// The current date.
  ///
  /// Setting it makes the generator always return the date set, as ``constant(_:)`` does; a
  /// test moves time on with it:
  ///
  /// ```swift
  /// store.dependencies.date.now = Date(timeIntervalSinceReferenceDate: 60)
  /// ```
  public var now: Date {
    get { generate() }
    set { self = .constant(newValue) }
  }

  /// The current date; the same as ``now``.
  public func callAsFunction() -> Date {
    generate()
  }

  /// The system's date (`Date()`): the live value.
  public static var system: Self {
    Self { Date() }
  }

  /// Always `date`.
  public static func constant(_ date: Date) -> Self {
    Self { date }
  }

  /// The date a `TestStore` reports unless the test sets another: 2001-01-01 00:00:00 UTC
  /// (`Date(timeIntervalSinceReferenceDate: 0)`).
  public static let testNow = Date(timeIntervalSinceReferenceDate: 0)
}

extension DependencyValues {
  /// The current date: ``DateGenerator/system`` in a live ``Store``, fixed at
  /// ``DateGenerator/testNow`` under a `TestStore`.
  ///
  /// ```swift
  /// @Dependency(\.date) var date
  /// let createdAt = date.now
  /// ```
  public var date: DateGenerator {
    get { self[DateGeneratorKey.self] }
    set { self[DateGeneratorKey.self] = newValue }
  }
}

/// The key of ``DependencyValues/date``.
enum DateGeneratorKey: DependencyKey {
  static var liveValue: DateGenerator { .noting { Date() } }
  static var testValue: DateGenerator { .constant(DateGenerator.testNow) }
}
