/// Reads an enum value's case (tag) and payload through the Swift runtime's metadata, and each
/// case's *declared* payload type, the way `Mirror` does, without `Mirror`'s allocations and
/// without consulting a `CustomReflectable` conformance.
///
/// Layouts follow the Swift ABI (`docs/ABI/TypeMetadata.rst`): an enum's value witness table
/// ends with `getEnumTag`, `destructiveProjectEnumData` and `destructiveInjectEnumTag`; its
/// nominal type descriptor points at field records whose order matches the tags (payload cases
/// first), whose flags mark `indirect` cases, and whose mangled type names the runtime resolves
/// to the declared payload types (`_getTypeByMangledNameInContext`, what `Mirror` uses).
///
/// `@unchecked Sendable` is safe: it holds pointers to immutable runtime metadata only.
@usableFromInline
struct EnumMetadata: @unchecked Sendable {
  @usableFromInline
  typealias GetTag = @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32
  @usableFromInline
  typealias Project = @convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer) -> Void
  @usableFromInline
  typealias Inject =
    @convention(c) (UnsafeMutableRawPointer, UInt32, UnsafeRawPointer)
    -> Void

  private static let enumKind: UInt = 0x201
  private static let optionalKind: UInt = 0x202
  private static let hasEnumWitnesses: UInt32 = 0x0020_0000
  @usableFromInline
  static let pointerSize = MemoryLayout<UnsafeRawPointer>.size

  @usableFromInline
  let metadata: UnsafeRawPointer
  @usableFromInline
  let getTag: GetTag
  @usableFromInline
  let project: Project
  @usableFromInline
  let inject: Inject

  /// The metadata of `type`, or `nil` when it is not an enum.
  init?(_ type: Any.Type) {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    let kind = metadata.load(as: UInt.self)
    guard kind == Self.enumKind || kind == Self.optionalKind else { return nil }
    let witnesses = metadata.load(fromByteOffset: -Self.pointerSize, as: UnsafeRawPointer.self)
    // ValueWitnessTable: 8 function pointers, size, stride, flags (UInt32), extra inhabitants.
    let flags = witnesses.load(fromByteOffset: 10 * Self.pointerSize, as: UInt32.self)
    guard flags & Self.hasEnumWitnesses != 0 else { return nil }
    let enumWitnesses = 11 * Self.pointerSize
    self.metadata = metadata
    self.getTag = witnesses.load(fromByteOffset: enumWitnesses, as: GetTag.self)
    self.project = witnesses.load(
      fromByteOffset: enumWitnesses + Self.pointerSize, as: Project.self)
    self.inject = witnesses.load(
      fromByteOffset: enumWitnesses + 2 * Self.pointerSize, as: Inject.self)
  }

  /// The case number of `value` (payload cases first, in declaration order).
  ///
  /// > Important: `value` is of this enum type.
  @inlinable
  func tag<Enum>(of value: Enum) -> UInt32 {
    withUnsafePointer(to: value) { getTag(UnsafeRawPointer($0), metadata) }
  }

  /// The number of cases, or 0 when the type has no reflection metadata.
  var caseCount: UInt32 {
    fields.map { $0.load(fromByteOffset: 12, as: UInt32.self) } ?? 0
  }

  /// The payload type case `tag` declares (`Any`, `any Shape`, a tuple with its labels...),
  /// or `nil` for a case without payload or a type without reflection metadata.
  func payloadType(tag: UInt32) -> Any.Type? {
    guard let record = record(tag: tag) else { return nil }
    let nameField = record + 4
    let offset = nameField.load(as: Int32.self)
    guard offset != 0 else { return nil }
    let name = (nameField + Int(offset)).assumingMemoryBound(to: UInt8.self)
    let isGeneric = descriptor.load(as: UInt32.self) & 0x80 != 0
    // Value-type metadata: kind, descriptor, then the generic arguments.
    return _getTypeByMangledNameInContext(
      name, UInt(Self.length(ofMangledName: name)), genericContext: descriptor,
      genericArguments: isGeneric ? metadata + 2 * Self.pointerSize : nil)
  }

  /// Whether case `tag` is `indirect` (its payload lives in a heap box); `nil` when the type
  /// has no reflection metadata.
  func isIndirect(tag: UInt32) -> Bool? {
    record(tag: tag).map { $0.load(as: UInt32.self) & 0x1 != 0 }
  }

  /// The payload of `value`, read as `Payload`.
  ///
  /// > Important: The caller guarantees that `value` is of this enum type, that its case
  /// > declares a payload of type `Payload` (or a tuple type differing only in labels), and
  /// > whether the case is indirect.
  @inlinable
  func payload<Enum, Payload>(of value: Enum, as _: Payload.Type, indirect: Bool) -> Payload {
    var copy = value
    return withUnsafeMutablePointer(to: &copy) { pointer in
      let raw = UnsafeMutableRawPointer(pointer)
      let tag = getTag(raw, metadata)
      project(raw, metadata)
      defer { inject(raw, tag, metadata) }
      guard indirect else { return raw.load(as: Payload.self) }
      let box = raw.load(as: UnsafeRawPointer.self)
      let alignMask = MemoryLayout<Payload>.alignment - 1
      let headerSize = 2 * Self.pointerSize
      return (box + ((headerSize + alignMask) & ~alignMask)).load(as: Payload.self)
    }
  }

  /// The payload of `value`, an enum of this type boxed in `Any`, read as the case's declared
  /// payload type `type` and boxed.
  ///
  /// > Important: The caller guarantees that `value`'s case declares a payload of type `type`
  /// > (from ``payloadType(tag:)``) and whether it is indirect.
  func payload(ofAny value: Any, type: Any.Type, indirect: Bool) -> Any {
    func open<Enum>(_ value: Enum) -> Any {
      func read<Payload>(_: Payload.Type) -> Any {
        payload(of: value, as: Payload.self, indirect: indirect)
      }
      return _openExistential(type, do: read)
    }
    return _openExistential(value, do: open)
  }

  /// The tag of `value`, an enum of this type boxed in `Any`.
  func tag(ofAny value: Any) -> UInt32 {
    func open<Enum>(_ value: Enum) -> UInt32 { tag(of: value) }
    return _openExistential(value, do: open)
  }

  private var descriptor: UnsafeRawPointer {
    metadata.load(fromByteOffset: Self.pointerSize, as: UnsafeRawPointer.self)
  }

  /// The field descriptor, or `nil` when the type has no reflection metadata.
  private var fields: UnsafeRawPointer? {
    // TypeContextDescriptor: flags, parent, name, access function, fields (relative pointers).
    let fieldsField = descriptor + 16
    let offset = fieldsField.load(as: Int32.self)
    guard offset != 0 else { return nil }
    return fieldsField + Int(offset)
  }

  /// The field record of case `tag`.
  private func record(tag: UInt32) -> UnsafeRawPointer? {
    guard let fields else { return nil }
    // FieldDescriptor: type name, superclass, kind (UInt16), record size (UInt16), count;
    // FieldRecord: flags, mangled type name, field name.
    let recordSize = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
    guard tag < fields.load(fromByteOffset: 12, as: UInt32.self) else { return nil }
    return fields + 16 + Int(tag) * recordSize
  }

  /// The length of a mangled name that may embed symbolic references: a byte 0x01...0x17 is
  /// followed by a 4-byte relative reference, 0x18...0x1F by a pointer.
  private static func length(ofMangledName name: UnsafePointer<UInt8>) -> Int {
    var end = name
    while end.pointee != 0 {
      switch end.pointee {
      case 0x01...0x17: end += 5
      case 0x18...0x1F: end += 1 + pointerSize
      default: end += 1
      }
    }
    return end - name
  }
}

/// Whether values of the two types share one memory layout: the same type, or tuples of the
/// same element types that differ only in labels.
func haveSameLayout(_ lhs: Any.Type, _ rhs: Any.Type) -> Bool {
  if lhs == rhs { return true }
  let tupleKind: UInt = 0x301
  let left = unsafeBitCast(lhs, to: UnsafeRawPointer.self)
  let right = unsafeBitCast(rhs, to: UnsafeRawPointer.self)
  guard left.load(as: UInt.self) == tupleKind, right.load(as: UInt.self) == tupleKind else {
    return false
  }
  let pointerSize = MemoryLayout<UnsafeRawPointer>.size
  // TupleTypeMetadata: kind, element count, labels, then (type, offset) per element.
  let count = left.load(fromByteOffset: pointerSize, as: Int.self)
  guard count == right.load(fromByteOffset: pointerSize, as: Int.self) else { return false }
  for index in 0..<count {
    let offset = 3 * pointerSize + index * 2 * pointerSize
    guard
      left.load(fromByteOffset: offset, as: UnsafeRawPointer.self)
        == right.load(fromByteOffset: offset, as: UnsafeRawPointer.self)
    else { return false }
  }
  return true
}

/// The metadata kind of `type`, per the Swift ABI (`MetadataKind`).
func metadataKind(of type: Any.Type) -> UInt {
  unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: UInt.self)
}
