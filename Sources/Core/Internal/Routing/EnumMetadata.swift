/// Reads an enum value's case (tag) and payload through the Swift runtime's metadata, and each
/// case's name and *declared* payload type, the way `Mirror` does, without `Mirror`'s
/// allocations and without consulting a `CustomReflectable` conformance.
///
/// Layouts follow the Swift ABI (`docs/ABI/TypeMetadata.rst`): an enum's value witness table
/// ends with `getEnumTag`, `destructiveProjectEnumData` and `destructiveInjectEnumTag`; its
/// nominal type descriptor points at field records whose order matches the tags (payload cases
/// first), whose flags mark `indirect` cases, and whose mangled type names the runtime resolves
/// to the declared payload types (`_getTypeByMangledNameInContext`, what `Mirror` uses). Every
/// read of runtime metadata goes through ``RuntimeMetadata/load(_:offset:as:)``.
///
/// `@unchecked Sendable` is safe: it holds pointers to immutable runtime metadata only.
/// `@safe`: holding those pointers is safe; each call through them, and each read of the
/// metadata, is an expression marked `unsafe`.
@usableFromInline @safe
struct EnumMetadata: @unchecked Sendable {
  @usableFromInline
  typealias GetTag = @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32
  @usableFromInline
  typealias Project = @convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer) -> Void
  @usableFromInline
  typealias Inject = @convention(c) (UnsafeMutableRawPointer, UInt32, UnsafeRawPointer) -> Void

  private static let hasEnumWitnesses: UInt32 = 0x0020_0000

  @usableFromInline
  let getTag: GetTag
  @usableFromInline
  let project: Project
  @usableFromInline
  let inject: Inject
  /// Whether the enum has one case with a payload (`Optional`, or a feature's action with one
  /// child case): its payload is stored as is, so projecting and re-injecting it are no-ops.
  @usableFromInline
  let isSinglePayload: Bool
  /// The address of the metadata, for reads through ``RuntimeMetadata`` and for the witness
  /// calls, which take it as ``RuntimeMetadata/pointer(_:)`` gives it.
  @usableFromInline
  let address: UInt

  /// The metadata of `type`, or `nil` when it is not an enum.
  init?(_ type: Any.Type) {
    self.init(address: RuntimeMetadata.address(of: type))
  }

  /// The metadata at `address` (see ``RuntimeMetadata``), or `nil` when it is not an enum's.
  init?(address: UInt) {
    let kind = RuntimeMetadata.kind(at: address)
    guard kind == .enum || kind == .optional else { return nil }
    let word = RuntimeMetadata.wordSize
    let witnesses = RuntimeMetadata.load(address, offset: -word, as: UInt.self)
    // ValueWitnessTable: 8 function pointers, size, stride, flags (UInt32), extra inhabitants.
    let flags = RuntimeMetadata.load(witnesses, offset: 10 * word, as: UInt32.self)
    guard flags & Self.hasEnumWitnesses != 0 else { return nil }
    self.address = address
    unsafe self.getTag = unsafe RuntimeMetadata.load(witnesses, offset: 11 * word, as: GetTag.self)
    unsafe self.project = unsafe RuntimeMetadata.load(
      witnesses, offset: 12 * word, as: Project.self)
    unsafe self.inject = unsafe RuntimeMetadata.load(witnesses, offset: 13 * word, as: Inject.self)
    // EnumDescriptor: the type context descriptor's five fields, then the number of payload
    // cases (low 24 bits) and the number of empty cases.
    let descriptor = RuntimeMetadata.load(address, offset: word, as: UInt.self)
    let payloadCases = RuntimeMetadata.load(descriptor, offset: 20, as: UInt32.self) & 0xFF_FFFF
    self.isSinglePayload = payloadCases == 1
  }

  /// The case number of `value` (payload cases first, in declaration order).
  ///
  /// > Important: `value` is of this enum type.
  @inlinable
  func tag<Enum>(of value: Enum) -> UInt32 {
    unsafe withUnsafePointer(to: value) {
      unsafe getTag(UnsafeRawPointer($0), RuntimeMetadata.pointer(address))
    }
  }

  /// The tag of `value`, an enum of this type boxed in `Any`.
  func tag(ofAny value: Any) -> UInt32 {
    func open<Enum>(_ value: Enum) -> UInt32 { tag(of: value) }
    return open(value)
  }

  /// Whether the type was compiled with reflection metadata (field records): without it, no
  /// case's payload type or name can be known.
  var hasFieldRecords: Bool { fields != nil }

  /// The number of cases, or 0 when the type has no reflection metadata.
  var caseCount: UInt32 {
    fields.map { RuntimeMetadata.load($0, offset: 12, as: UInt32.self) } ?? 0
  }

  /// The payload type case `tag` declares (`Any`, `any Shape`, a tuple with its labels...),
  /// or `nil` for a case without payload or a type without reflection metadata.
  func payloadType(tag: UInt32) -> Any.Type? {
    guard let record = record(tag: tag) else { return nil }
    guard let name = RuntimeMetadata.relative(record, offset: 4) else { return nil }
    let descriptor = RuntimeMetadata.load(address, offset: RuntimeMetadata.wordSize, as: UInt.self)
    let isGeneric = RuntimeMetadata.load(descriptor, offset: 0, as: UInt32.self) & 0x80 != 0
    // Value-type metadata: kind, descriptor, then the generic arguments.
    return RuntimeMetadata.type(
      mangledName: name, context: descriptor,
      genericArguments: isGeneric ? address + 2 * UInt(RuntimeMetadata.wordSize) : nil)
  }

  /// The name case `tag` is declared with (`counter`), or `nil` without reflection metadata.
  func caseName(tag: UInt32) -> String? {
    record(tag: tag).flatMap { RuntimeMetadata.relative($0, offset: 8) }
      .map(RuntimeMetadata.string(at:))
  }

  /// Whether case `tag` is `indirect` (its payload lives in a heap box); `nil` when the type
  /// has no reflection metadata.
  func isIndirect(tag: UInt32) -> Bool? {
    record(tag: tag).map { RuntimeMetadata.load($0, offset: 0, as: UInt32.self) & 0x1 != 0 }
  }

  /// The payload of `value`, whose case is `tag`, read as `Payload`.
  ///
  /// > Important: The caller guarantees that `value` is of this enum type, that its case is
  /// > `tag` and declares a payload of type `Payload` (or a type of the same layout: a tuple
  /// > differing only in labels, a one-element tuple of `Payload`), and whether the case is
  /// > indirect.
  @inlinable @inline(__always)
  func payload<Enum, Payload>(
    of value: Enum, as _: Payload.Type, tag: UInt32, indirect: Bool
  ) -> Payload {
    var copy = value
    let metadata = unsafe RuntimeMetadata.pointer(address)
    return unsafe withUnsafeMutableBytes(of: &copy) { bytes in
      let raw = bytes.baseAddress!
      if !isSinglePayload { unsafe project(raw, metadata) }
      defer { if !isSinglePayload { unsafe inject(raw, tag, metadata) } }
      guard indirect else { return unsafe raw.load(as: Payload.self) }
      // A box: a heap object header (two words), then the payload at its alignment.
      let box = unsafe raw.load(as: UnsafeRawPointer.self)
      let alignMask = MemoryLayout<Payload>.alignment - 1
      let headerSize = 2 * MemoryLayout<Int>.size
      return unsafe (box + ((headerSize + alignMask) & ~alignMask)).load(as: Payload.self)
    }
  }

  /// The payload of `value`, an enum of this type boxed in `Any`, read as `type` and boxed.
  ///
  /// > Important: The caller guarantees that `value`'s case declares a payload of type `type`
  /// > (from ``payloadType(tag:)``, or a type of the same layout) and whether it is indirect.
  func payload(ofAny value: Any, as type: Any.Type, indirect: Bool) -> Any {
    func open<Enum>(_ value: Enum) -> Any {
      func read<Payload>(_: Payload.Type) -> Any {
        payload(of: value, as: Payload.self, tag: tag(of: value), indirect: indirect)
      }
      return read(type)
    }
    return open(value)
  }

  /// The payload of `value` read as its case declares it, boxed; `nil` for a case without
  /// payload or a type without reflection metadata.
  ///
  /// > Important: `value` is of this enum type.
  func declaredPayload<Enum>(of value: Enum) -> Any? {
    let tag = tag(of: value)
    guard let type = payloadType(tag: tag), let indirect = isIndirect(tag: tag) else {
      return nil
    }
    return payload(ofAny: value, as: type, indirect: indirect)
  }

  /// The field descriptor, or `nil` when the type has no reflection metadata.
  private var fields: UInt? {
    // TypeContextDescriptor: flags, parent, name, access function, fields (relative pointers).
    let descriptor = RuntimeMetadata.load(address, offset: RuntimeMetadata.wordSize, as: UInt.self)
    return RuntimeMetadata.relative(descriptor, offset: 16)
  }

  /// The field record of case `tag`.
  private func record(tag: UInt32) -> UInt? {
    guard let fields else { return nil }
    // FieldDescriptor: type name, superclass, kind (UInt16), record size (UInt16), count;
    // FieldRecord: flags, mangled type name, field name.
    let recordSize = RuntimeMetadata.load(fields, offset: 10, as: UInt16.self)
    guard tag < RuntimeMetadata.load(fields, offset: 12, as: UInt32.self) else { return nil }
    return fields + 16 + UInt(tag) * UInt(recordSize)
  }
}
