/// The cases of a parent enum, classified once by the payload type each *declares*: whether
/// it can hold a given child type.
final class CaseTable: Sendable {
  enum Kind: Equatable {
    /// Its payload can hold the child: the child type, a type of the same layout, an
    /// existential or class it may be cast from, a tuple with one element leading to it, or an
    /// enum with a case leading to it.
    case candidate
    /// Its payload is stored in another form than generic code reads it: it holds the child
    /// as a function, or holds a value type's metatype (which takes no bytes in the payload).
    case unreadable
    /// Its payload is a tuple with several elements that could hold the child: which one the
    /// constructor fills cannot be told from one action.
    case ambiguous
    /// No payload, or one that cannot hold the child.
    case other
  }

  let kinds: [Kind]
  /// Whether the enum has field records (it was built with reflection metadata).
  let hasFieldRecords: Bool

  init(_ metadata: EnumMetadata, child: Any.Type) {
    var finder = ChildFinder(child: child)
    let childIsFunction = RuntimeMetadata.holdsBareFunction(child)
    hasFieldRecords = metadata.hasFieldRecords
    kinds = (0..<metadata.caseCount).map { tag in
      guard let type = metadata.payloadType(tag: tag) else { return .other }
      let carriers = finder.carriers(in: RuntimeMetadata.address(of: type))
      if carriers == 0 { return .other }
      if RuntimeMetadata.holdsThinMetatype(type) { return .unreadable }
      if childIsFunction, RuntimeMetadata.kind(of: type) != .existential { return .unreadable }
      return carriers == 1 ? .candidate : .ambiguous
    }
  }

  /// The kind of case `tag`.
  func kind(_ tag: UInt32) -> Kind {
    tag < kinds.count ? kinds[Int(tag)] : .other
  }

  /// Whether some case can hold the child.
  var hasCandidates: Bool { kinds.contains { $0 != .other } }
}

/// Judges from declared types whether a value can hold a child, and through how many tuple
/// elements.
struct ChildFinder {
  let child: UInt
  let childIsClass: Bool
  /// Enums already visited (a recursive enum leads nowhere new through itself).
  private var enums: [UInt: Bool] = [:]

  init(child: Any.Type) {
    self.child = RuntimeMetadata.address(of: child)
    self.childIsClass = child is AnyObject.Type
  }

  /// How many ways a value of the type at `address` can hold the child: 0, 1, or more when it
  /// is a tuple with several elements that can.
  mutating func carriers(in address: UInt) -> Int {
    if RuntimeMetadata.haveSameLayout(address, child) { return 1 }
    switch RuntimeMetadata.kind(at: address) {
    case .existential:
      return 1
    case .class:
      return childIsClass ? 1 : 0
    case .tuple:
      return RuntimeMetadata.tupleElements(at: address).reduce(0) {
        $0 + min(carriers(in: $1), 1)
      }
    case .enum, .optional:
      return leadsToChild(address) ? 1 : 0
    case .function, .metatype, .other:
      return 0
    }
  }

  /// Whether some case of the enum at `address` can hold the child.
  private mutating func leadsToChild(_ address: UInt) -> Bool {
    if let known = enums[address] { return known }
    enums[address] = false
    guard let metadata = EnumMetadata(address: address) else { return false }
    for tag in 0..<metadata.caseCount {
      if let type = metadata.payloadType(tag: tag),
        carriers(in: RuntimeMetadata.address(of: type)) > 0
      {
        enums[address] = true
        return true
      }
    }
    return false
  }
}
