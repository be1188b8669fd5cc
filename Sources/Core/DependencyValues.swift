/// The dependencies in force for a store, an effect or a scope of work.
///
/// Features add a computed property per dependency (see ``DependencyKey``) and read it with
/// ``Dependency``. A ``Store`` uses live values, a `TestStore` test values, each with the
/// overrides given to it.
public struct DependencyValues: Sendable {
  /// Which default a key falls back to when it is not overridden.
  package enum Context: Sendable {
    case live
    case test
  }

  /// The dependencies of the current task.
  @TaskLocal package static var current = DependencyValues(context: .live)

  package var context: Context
  private var storage: [ObjectIdentifier: any Sendable] = [:]

  package init(context: Context) {
    self.context = context
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
      case .test: return Key.testValue
      }
    }
    set {
      storage[ObjectIdentifier(key)] = newValue
    }
  }
}
