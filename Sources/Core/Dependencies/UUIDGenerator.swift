import Foundation

/// Makes UUIDs: random ones in a live ``Store``, predictable ones in tests.
///
/// Read it with ``Dependency`` and call it, instead of calling `UUID()` directly, so that a
/// test can predict the ids a feature creates:
///
/// ```swift
/// struct TodosFeature: Reducer {
///   @Dependency(\.uuid) var uuid
///
///   func reduce(into state: inout State, action: Action) -> Effect<Action> {
///     switch action {
///     case .addButtonTapped:
///       state.todos.append(Todo(id: uuid(), title: ""))
///       return .none
///     }
///   }
/// }
/// ```
///
/// Under a `TestStore` the generator counts up from
/// `00000000-0000-0000-0000-000000000000`, afresh for each test store, so the test
/// expects `UUID(0)`, `UUID(1)`, ...:
///
/// ```swift
/// await store.send(.addButtonTapped) {
///   $0.todos = [Todo(id: UUID(0), title: "")]
/// }
/// ```
public struct UUIDGenerator: Sendable {
  private let generate: @Sendable () -> UUID
  /// Whether a session recording notes the values (see `GeneratorCapture`).
  let notesValues: Bool

  /// Creates a generator that calls `generate` for each UUID.
  public init(_ generate: @escaping @Sendable () -> UUID) {
    self.generate = generate
    notesValues = false
  }

  private init(generating generate: @escaping @Sendable () -> UUID, notesValues: Bool) {
    self.generate = generate
    self.notesValues = notesValues
  }

  /// A generator whose values a session recording notes while a root reducer reduces.
  static func noting(_ generate: @escaping @Sendable () -> UUID) -> Self {
    Self(
      generating: {
        let value = generate()
        GeneratorCapture.note(uuid: value)
        return value
      }, notesValues: true)
  }

  /// A new UUID.
  public func callAsFunction() -> UUID {
    generate()
  }

  /// Random UUIDs (`UUID()`): the live value.
  public static var random: Self {
    Self { UUID() }
  }

  /// Always `uuid`.
  public static func constant(_ uuid: UUID) -> Self {
    Self { uuid }
  }

  /// UUIDs counting up from `00000000-0000-0000-0000-000000000000`: the test value.
  ///
  /// Each call returns a generator with its own count; copies of one generator share it.
  ///
  /// - Complexity: O(1) per UUID.
  public static var incrementing: Self {
    let counter = Locked<UInt64>(0)
    return Self {
      let next = counter.withLock { count in
        defer { count &+= 1 }
        return count
      }
      return UUID(next)
    }
  }
}

extension UUID {
  /// The UUID whose last 16 hex digits are `value`: `UUID(1)` is
  /// `00000000-0000-0000-0000-000000000001`, the second UUID an incrementing
  /// ``UUIDGenerator`` makes.
  public init(_ value: UInt64) {
    func byte(_ index: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: value >> (56 - 8 * index)) }
    self.init(
      uuid: (
        0, 0, 0, 0, 0, 0, 0, 0,
        byte(0), byte(1), byte(2), byte(3), byte(4), byte(5), byte(6), byte(7)
      ))
  }
}

extension DependencyValues {
  /// Makes UUIDs: ``UUIDGenerator/random`` in a live ``Store``; under a `TestStore`, an
  /// ``UUIDGenerator/incrementing`` generator of its own, starting at
  /// `00000000-0000-0000-0000-000000000000`.
  ///
  /// ```swift
  /// @Dependency(\.uuid) var uuid
  /// let id = uuid()
  /// ```
  public var uuid: UUIDGenerator {
    get { self[UUIDGeneratorKey.self] }
    set { self[UUIDGeneratorKey.self] = newValue }
  }
}

/// The key of ``DependencyValues/uuid``.
enum UUIDGeneratorKey: DependencyKey {
  static var liveValue: UUIDGenerator { .noting { UUID() } }
  /// Unused by test stores, which get a fresh generator each (see `DependencyValues`); kept
  /// for values made with `DependencyValues(context: .test)` elsewhere.
  static var testValue: UUIDGenerator { .incrementing }
}
