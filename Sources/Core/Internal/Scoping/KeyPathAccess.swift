/// Reads and writes a value through a writable key path, in place when the path leads to
/// stored properties.
///
/// The runtime's key-path accesses cost about a hundred instructions and more (a write is a
/// coroutine that also retains and releases the key path; a read instantiates generic metadata
/// on each call, about 640 instructions against 260 for an in-place access). A path to stored
/// properties without observers has a byte offset (`MemoryLayout.offset(of:)`), and is
/// accessed there (see ``withStoredProperty(at:of:as:_:)``). A path through a computed
/// property (a `$destination` projection, a module state with a setter) or a property with
/// observers has none, and goes through the key path, so its accessors run.
@usableFromInline
struct KeyPathAccess<Root, Value> {
  @usableFromInline
  let path: WritableKeyPath<Root, Value>
  /// The offset of the value in `Root`, when `path` leads to stored properties.
  @usableFromInline
  let offset: Int?

  @usableFromInline
  init(_ path: WritableKeyPath<Root, Value>) {
    self.path = path
    self.offset = MemoryLayout<Root>.offset(of: path)
  }

  /// `body` of the value at `path` in `root`; `root` is not changed.
  @inlinable
  func read<Result>(_ root: inout Root, _ body: (Value) -> Result) -> Result {
    guard let offset else { return body(root[keyPath: path]) }
    return withStoredProperty(at: offset, of: &root, as: Value.self) { body($0) }
  }

  /// Runs `body` on the value at `path` in `root`, in place.
  @inlinable
  func modify<Result>(_ root: inout Root, _ body: (inout Value) -> Result) -> Result {
    guard let offset else { return body(&root[keyPath: path]) }
    return withStoredProperty(at: offset, of: &root, as: Value.self, body)
  }
}
