/// Reads a value through a writable key path the cheaper of two ways.
///
/// The runtime's key-path read (`root[keyPath: path]` as a get) costs about 2.5 times an
/// in-place access to a stored property (about 640 against 260 instructions, the read
/// instantiating generic metadata on each call), so a path to stored properties is read
/// through an in-place access that changes nothing. A path through a computed property (a
/// `$destination` projection, a module state with a setter) is read with a get: an in-place
/// access would call its setter.
@usableFromInline
struct KeyPathReader<Root, Value> {
  @usableFromInline
  let path: WritableKeyPath<Root, Value>
  /// Whether `path` leads to stored properties only (it has an offset), without observers.
  @usableFromInline
  let isStored: Bool

  @usableFromInline
  init(_ path: WritableKeyPath<Root, Value>) {
    self.path = path
    self.isStored = MemoryLayout<Root>.offset(of: path) != nil
  }

  /// `body` of the value at `path` in `root`; `root` is not changed.
  @inlinable
  func read<Result>(_ root: inout Root, _ body: (Value) -> Result) -> Result {
    guard isStored else { return body(root[keyPath: path]) }
    return Self.read(&root[keyPath: path], body)
  }

  @inlinable
  static func read<Result>(_ value: inout Value, _ body: (Value) -> Result) -> Result {
    body(value)
  }
}
