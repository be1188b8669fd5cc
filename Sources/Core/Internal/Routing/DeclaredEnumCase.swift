/// An enum value's case as its type declares it, for code that writes values as Swift source:
/// the case's name, which `Mirror` does not give for a case without payload, and which of its
/// payload's values are declared with an existential type (`Any`, `any Error`), where the
/// source must name the value's type.
///
/// Read through the runtime metadata (``EnumMetadata``), so that a `CustomStringConvertible`
/// or `CustomReflectable` conformance does not change it.
package struct DeclaredEnumCase {
  /// The case's name: `element`, `closeButtonTapped`.
  package let name: String
  /// For each value of the payload, in order, whether its declared type is an existential;
  /// empty for a case without payload.
  package let existentialPayloads: [Bool]

  /// The case of `value`, or `nil` when `value` is not an enum (an `Optional` is not one
  /// here) or its type has no reflection metadata.
  package init?(of value: Any) {
    let type = Swift.type(of: value)
    guard RuntimeMetadata.kind(of: type) == .enum, let metadata = EnumMetadata(type),
      metadata.hasFieldRecords
    else { return nil }
    let tag = metadata.tag(ofAny: value)
    guard let name = metadata.caseName(tag: tag) else { return nil }
    self.name = name
    guard let payload = metadata.payloadType(tag: tag) else {
      existentialPayloads = []
      return
    }
    let address = RuntimeMetadata.address(of: payload)
    let elements =
      RuntimeMetadata.kind(at: address) == .tuple
      ? RuntimeMetadata.tupleElements(at: address) : [address]
    existentialPayloads = elements.map { RuntimeMetadata.kind(at: $0) == .existential }
  }
}
