/// Reads the Swift runtime's type metadata (`docs/ABI/TypeMetadata.rst`): the one place, with
/// the enum witness calls of ``EnumMetadata``, where Core reads memory by address outside its
/// persistent containers. Addresses are plain integers; ``load(_:offset:as:)`` turns one into
/// a read.
///
/// Only immutable metadata that the runtime keeps for the life of the process is read here.
@usableFromInline
enum RuntimeMetadata {
  /// The metadata kinds routing tells apart (`MetadataKind` in the ABI).
  enum Kind: Equatable {
    case `enum`, optional, tuple, function, existential, metatype, `class`, other
  }

  static let wordSize = MemoryLayout<UInt>.size

  /// The address of `type`'s metadata.
  static func address(of type: Any.Type) -> UInt {
    UInt(bitPattern: ObjectIdentifier(type))
  }

  /// The kind of the metadata at `address`.
  static func kind(at address: UInt) -> Kind {
    switch load(address, offset: 0, as: UInt.self) {
    case 0x201: .enum
    case 0x202: .optional
    case 0x301: .tuple
    case 0x302: .function
    case 0x303, 0x306, 0x307: .existential  // existential, existential metatype, extended
    case 0x304: .metatype
    case 0, 0x305: .class  // a Swift class without Objective-C interop, an Objective-C wrapper
    case let kind where kind > 0x7FF: .class  // a class's isa pointer
    default: .other
    }
  }

  /// The kind of `type`.
  static func kind(of type: Any.Type) -> Kind {
    kind(at: address(of: type))
  }

  /// The `T` stored at `address + offset`.
  ///
  /// > Important: `address + offset` is runtime metadata that holds a `T`, suitably aligned.
  static func load<T>(_ address: UInt, offset: Int, as _: T.Type) -> T {
    unsafe pointer(address).load(fromByteOffset: offset, as: T.self)
  }

  /// The pointer to `address`, which is not null: the one conversion from an address back to
  /// a pointer.
  @inlinable
  static func pointer(_ address: UInt) -> UnsafeRawPointer {
    unsafe .init(bitPattern: address)!
  }

  /// The target of the 32-bit relative pointer at `address + offset`, or `nil` when it is null.
  static func relative(_ address: UInt, offset: Int) -> UInt? {
    let field = address &+ UInt(bitPattern: offset)
    let distance = load(field, offset: 0, as: Int32.self)
    guard distance != 0 else { return nil }
    return field &+ UInt(bitPattern: Int(distance))
  }

  /// The NUL-terminated UTF-8 string at `address`.
  static func string(at address: UInt) -> String {
    var bytes: [UInt8] = []
    var next = address
    while case let byte = load(next, offset: 0, as: UInt8.self), byte != 0 {
      bytes.append(byte)
      next += 1
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The type a mangled name in a field record stands for, resolved by the runtime the way
  /// `Mirror` resolves it.
  static func type(mangledName name: UInt, context: UInt, genericArguments: UInt?) -> Any.Type? {
    unsafe _getTypeByMangledNameInContext(
      pointer(name).assumingMemoryBound(to: UInt8.self), UInt(length(ofMangledName: name)),
      genericContext: pointer(context), genericArguments: genericArguments.map(unsafe pointer))
  }

  /// The length of a mangled name that may embed symbolic references: a byte 0x01...0x17 is
  /// followed by a 4-byte relative reference, 0x18...0x1F by a pointer.
  private static func length(ofMangledName name: UInt) -> Int {
    var end = name
    while case let byte = load(end, offset: 0, as: UInt8.self), byte != 0 {
      switch byte {
      case 0x01...0x17: end += 5
      case 0x18...0x1F: end += 1 + UInt(wordSize)
      default: end += 1
      }
    }
    return Int(end - name)
  }

  /// The metadata addresses of the elements of the tuple type at `address`.
  static func tupleElements(at address: UInt) -> [UInt] {
    // TupleTypeMetadata: kind, element count, labels, then (type, offset) per element.
    let count = load(address, offset: wordSize, as: Int.self)
    return (0..<count).map { load(address, offset: (3 + 2 * $0) * wordSize, as: UInt.self) }
  }

  /// The type of element `index` of the tuple type at `address`.
  static func tupleElementType(at address: UInt, index: Int) -> Any.Type {
    // An `Any.Type` is the metadata pointer the element's slot holds.
    load(address, offset: (3 + 2 * index) * wordSize, as: Any.Type.self)
  }

  /// Whether values of the two types share one memory layout: the same type, tuples of the
  /// same element types that differ only in labels, or a one-element tuple and its element.
  static func haveSameLayout(_ lhs: Any.Type, _ rhs: Any.Type) -> Bool {
    haveSameLayout(address(of: lhs), address(of: rhs))
  }

  /// ``haveSameLayout(_:_:)`` for the types at two addresses.
  static func haveSameLayout(_ lhs: UInt, _ rhs: UInt) -> Bool {
    if lhs == rhs { return true }
    let left = kind(at: lhs) == .tuple ? tupleElements(at: lhs) : nil
    let right = kind(at: rhs) == .tuple ? tupleElements(at: rhs) : nil
    // A one-element tuple is laid out as its element.
    if let left, left.count == 1 { return haveSameLayout(left[0], rhs) }
    if let right, right.count == 1 { return haveSameLayout(lhs, right[0]) }
    guard let left, let right else { return false }
    return left == right
  }

  /// Whether a value of `type` holds a function where generic code would read it at another
  /// abstraction than an enum payload stores it: the type itself, or an element of a tuple
  /// or an `Optional` (which the compiler lays out as their substituted types). Functions
  /// inside structs, classes and generic containers are stored as those types declare.
  static func holdsBareFunction(_ type: Any.Type) -> Bool {
    holds(at: address(of: type)) { kind(at: $0) == .function }
  }

  /// Whether a value of `type` holds, as itself or an element of a tuple or an `Optional`,
  /// the metatype of a value type, which an enum payload stores in no bytes at all where
  /// generic code reads a pointer: every element after it would be read at the wrong offset.
  static func holdsThinMetatype(_ type: Any.Type) -> Bool {
    holds(at: address(of: type)) { address in
      // MetatypeMetadata: kind, instance type.
      guard kind(at: address) == .metatype else { return false }
      return kind(at: load(address, offset: wordSize, as: UInt.self)) != .class
    }
  }

  private static func holds(at address: UInt, _ matches: (UInt) -> Bool) -> Bool {
    if matches(address) { return true }
    switch kind(at: address) {
    case .tuple: return tupleElements(at: address).contains { holds(at: $0, matches) }
    // Optional's metadata: kind, descriptor, then `Wrapped`.
    case .optional: return holds(at: load(address, offset: 2 * wordSize, as: UInt.self), matches)
    default: return false
    }
  }
}
