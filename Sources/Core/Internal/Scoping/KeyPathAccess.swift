/// Reads and writes a value through a writable key path, in place when the path leads to
/// stored properties, and through the path's accessors called directly where the path is a
/// literal at the operator.
///
/// The runtime's key-path accesses are costly on a hot path (a write is a coroutine that also
/// retains and releases the key path; a read instantiates generic metadata on each call; a
/// write through a computed property, such as a `$destination` projection, allocates a
/// write-back buffer and looks up its metadata). A path to stored properties without observers has a
/// byte offset (`MemoryLayout.offset(of:)`), and is accessed there (see
/// ``withStoredProperty(at:of:as:_:)``). Any other path (a `$destination` projection, a module
/// state with a setter, a property with observers) goes through ``access``, a closure that
/// holds the key path and nothing else: built in inlinable code where an operator is given a
/// key-path literal, the optimizer compiles it around the literal, calling the property's own
/// accessors instead of the runtime's. That needs the closure to be the literal's only user, so
/// the key path is not stored beside it: ``path(in:)`` asks the closure for it.
@usableFromInline
struct KeyPathAccess<Root, Value> {
  /// What ``access`` does with the value at the path.
  @usableFromInline
  enum Mode {
    /// Runs the body on a copy of the value.
    case read
    /// Runs the body on the value in place.
    case modify
    /// Returns the key path, without running the body.
    case path
  }

  /// The offset of the value in `Root`, when the path leads to stored properties.
  @usableFromInline
  let offset: Int?
  /// Accesses the value at the path as the mode says; returns the path for ``Mode/path``.
  @usableFromInline
  let access: (inout Root, Mode, (inout Value) -> Void) -> WritableKeyPath<Root, Value>?

  /// Always inlined, so that where the operator is given a literal, the literal reaches the
  /// closure.
  @inlinable @inline(__always)
  init(_ path: WritableKeyPath<Root, Value>) {
    self.offset = MemoryLayout<Root>.offset(of: path)
    self.access = { root, mode, body in
      switch mode {
      case .read:
        var value = root[keyPath: path]
        body(&value)
      case .modify:
        body(&root[keyPath: path])
      case .path:
        return path
      }
      return nil
    }
  }

  /// The key path.
  @inlinable
  func path(in root: inout Root) -> WritableKeyPath<Root, Value> {
    access(&root, .path, { _ in })!
  }

  /// `body` of the value at the path in `root`; `root` is not changed.
  @inlinable
  func read<Result>(_ root: inout Root, _ body: (Value) -> Result) -> Result {
    guard let offset else {
      var result: Result?
      _ = access(&root, .read) { result = body($0) }
      return result!
    }
    return withStoredProperty(at: offset, of: &root, as: Value.self) { body($0) }
  }

  /// Runs `body` on the value at the path in `root`, in place.
  @inlinable
  func modify<Result>(_ root: inout Root, _ body: (inout Value) -> Result) -> Result {
    guard let offset else {
      var result: Result?
      _ = access(&root, .modify) { result = body(&$0) }
      return result!
    }
    return withStoredProperty(at: offset, of: &root, as: Value.self, body)
  }
}
