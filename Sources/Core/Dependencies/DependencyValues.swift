/// The dependencies in force for a store, an effect or a scope of work.
///
/// Features add a computed property per dependency (see ``DependencyKey``) and read it with
/// ``Dependency``. A ``Store`` uses live values, a `TestStore` test values, each with the
/// overrides given to it.
///
/// Each test store gets values of its own for the dependencies that keep state between uses:
/// ``uuid`` counts from zero for every test store, and throttled effects
/// (``Effect/throttle(id:for:clock:latest:)``) keep their windows per test store.
public struct DependencyValues: Sendable {
  /// Which default a key falls back to when it is not overridden.
  package enum Context: Sendable {
    case live
    case test
  }

  /// The dependencies of the current task.
  @TaskLocal package static var current = DependencyValues(context: .live)

  /// Setting it to `.test` gives these values fresh per-store state (see `DependencyScope`), so
  /// that each test store starts from the same state whatever ran before it.
  package var context: Context {
    didSet {
      if context == .test { scope = DependencyScope() }
    }
  }
  private var storage: [ObjectIdentifier: any Sendable] = [:]
  /// State shared by the copies of these values: the throttle windows and, in tests, the UUID
  /// counter.
  private(set) var scope: DependencyScope

  package init(context: Context) {
    self.context = context
    self.scope = DependencyScope()
  }

  /// Whether overrides are being set on these values: a dependency read then, to change one of
  /// its properties (`$0.client.load = { ... }`), is not used, so a key without a `testValue`
  /// is not reported.
  package var isOverriding = false

  /// Applies `update`, whose reads of dependencies are not uses (see ``isOverriding``).
  package mutating func override(with update: (inout DependencyValues) throws -> Void) rethrows {
    isOverriding = true
    defer { isOverriding = false }
    try update(&self)
  }

  /// Whether this holds no overrides in the live context (the default values).
  var isDefault: Bool { context == .live && storage.isEmpty }

  /// The value for `key`: its override if one was set, else the key's default for the context.
  public subscript<Key: DependencyKey>(key: Key.Type) -> Key.Value {
    get {
      if let value = storage[ObjectIdentifier(key)] {
        // The stored value was set through this subscript for the same key, so it has the
        // key's value type.
        return value as! Key.Value
      }
      switch context {
      case .live: return Key.liveValue
      case .test:
        if let value = scope.testValue(for: Key.self) { return value }
        guard isOverriding else { return Key.testValue }
        // Read to be changed in place, not used: a missing `testValue` is not reported.
        return IssueReporting.$override.withValue(IssueReporter { _, _ in }) { Key.testValue }
      }
    }
    set {
      storage[ObjectIdentifier(key)] = newValue
    }
  }
}
