/// Reads an enum value's case (tag) and payload through the Swift runtime's metadata, the way
/// `Mirror` does, without `Mirror`'s allocations.
///
/// Layouts follow the Swift ABI (`docs/ABI/TypeMetadata.rst`): an enum's value witness table
/// ends with `getEnumTag`, `destructiveProjectEnumData` and `destructiveInjectEnumTag`, and its
/// nominal type descriptor points at field records whose order matches the tags (payload cases
/// first) and whose flags mark `indirect` cases.
///
/// `@unchecked Sendable` is safe: it holds pointers to immutable runtime metadata only.
struct EnumMetadata: @unchecked Sendable {
  private typealias GetTag = @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32
  private typealias Project = @convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer) -> Void
  private typealias Inject =
    @convention(c) (UnsafeMutableRawPointer, UInt32, UnsafeRawPointer)
    -> Void

  private static let enumKind: UInt = 0x201
  private static let optionalKind: UInt = 0x202
  private static let hasEnumWitnesses: UInt32 = 0x0020_0000

  private let metadata: UnsafeRawPointer
  private let getTag: GetTag
  private let project: Project
  private let inject: Inject

  /// The metadata of `type`, or `nil` when it is not an enum.
  init?(_ type: Any.Type) {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    let kind = metadata.load(as: UInt.self)
    guard kind == Self.enumKind || kind == Self.optionalKind else { return nil }
    let pointerSize = MemoryLayout<UnsafeRawPointer>.size
    let witnesses = metadata.load(fromByteOffset: -pointerSize, as: UnsafeRawPointer.self)
    // ValueWitnessTable: 8 function pointers, size, stride, flags (UInt32), extra inhabitants.
    let flags = witnesses.load(fromByteOffset: 10 * pointerSize, as: UInt32.self)
    guard flags & Self.hasEnumWitnesses != 0 else { return nil }
    let enumWitnesses = 11 * pointerSize
    self.metadata = metadata
    self.getTag = witnesses.load(fromByteOffset: enumWitnesses, as: GetTag.self)
    self.project = witnesses.load(fromByteOffset: enumWitnesses + pointerSize, as: Project.self)
    self.inject = witnesses.load(fromByteOffset: enumWitnesses + 2 * pointerSize, as: Inject.self)
  }

  /// The case number of `value` (payload cases first, in declaration order).
  func tag<Enum>(of value: Enum) -> UInt32 {
    withUnsafePointer(to: value) { getTag(UnsafeRawPointer($0), metadata) }
  }

  /// Whether case `tag` is `indirect` (its payload lives in a heap box); `nil` when the type
  /// has no reflection metadata.
  func isIndirect(tag: UInt32) -> Bool? {
    let descriptor = metadata.load(
      fromByteOffset: MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer.self)
    // TypeContextDescriptor: flags, parent, name, access function, fields (relative pointers).
    let fieldsField = descriptor + 16
    let offset = fieldsField.load(as: Int32.self)
    guard offset != 0 else { return nil }
    let fields = fieldsField + Int(offset)
    // FieldDescriptor: type name, superclass, kind (UInt16), record size (UInt16), count.
    let recordSize = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
    let count = fields.load(fromByteOffset: 12, as: UInt32.self)
    guard tag < count else { return nil }
    let recordFlags = (fields + 16 + Int(tag) * recordSize).load(as: UInt32.self)
    return recordFlags & 0x1 != 0
  }

  /// The payload of `value`, read as `Payload`.
  ///
  /// > Important: The caller guarantees that `value`'s case carries a payload laid out as
  /// > `Payload`, and whether the case is indirect.
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
      let headerSize = 2 * MemoryLayout<UnsafeRawPointer>.size
      return (box + ((headerSize + alignMask) & ~alignMask)).load(as: Payload.self)
    }
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
