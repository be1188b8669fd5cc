import Testing

@testable import Core

/// What the enum metadata reads from the runtime's type descriptors.
@Suite struct EnumMetadataTests {
  final class Reference: Sendable {}

  enum OnePayload { case child(Int), idle, stopped }
  enum OnlyPayload { case only(Reference) }
  enum TwoPayloads { case left(Reference), right(Reference), none }
  enum NoPayload { case a, b }
  indirect enum Recursive { case leaf, node(Recursive) }

  @Test func anEnumWithOnePayloadCaseIsSinglePayload() throws {
    #expect(try #require(EnumMetadata(OnePayload.self)).isSinglePayload)
    #expect(try #require(EnumMetadata(OnlyPayload.self)).isSinglePayload)
    #expect(try #require(EnumMetadata(Int?.self)).isSinglePayload)
    #expect(try #require(EnumMetadata(Recursive.self)).isSinglePayload)
  }

  @Test func anEnumWithSeveralOrNoPayloadCasesIsNot() throws {
    #expect(try !#require(EnumMetadata(TwoPayloads.self)).isSinglePayload)
    #expect(try !#require(EnumMetadata(NoPayload.self)).isSinglePayload)
  }

  /// Multi-payload cases of references keep their tag in the pointers' spare bits: the
  /// payload read must project them away, whichever case it is.
  @Test func aPayloadSharingItsBitsWithTheTagReadsBackExactly() throws {
    let metadata = try #require(EnumMetadata(TwoPayloads.self))
    let left = Reference()
    let right = Reference()
    for (value, expected) in [(TwoPayloads.left(left), left), (.right(right), right)] {
      let tag = metadata.tag(of: value)
      let payload = metadata.payload(of: value, as: Reference.self, tag: tag, indirect: false)
      #expect(payload === expected)
    }
    let single = try #require(EnumMetadata(OnlyPayload.self))
    let only = single.payload(
      of: OnlyPayload.only(left), as: Reference.self, tag: 0, indirect: false)
    #expect(only === left)
  }
}
