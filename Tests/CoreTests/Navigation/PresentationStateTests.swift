import Foundation
import Testing

@testable import Core

extension NavigationTests {
  @Suite struct PresentationStateTests {
    struct Big: Equatable, Codable {
      var values = [Int](repeating: 0, count: 4)
    }

    struct Parent: Equatable {
      @PresentationState var big: Big? = nil
    }

    @Test func copiesShareTheBoxUntilOneIsWritten() {
      var original = Parent(big: Big())
      let copy = original
      #expect(original.$big.isIdentical(to: copy.$big))
      original.big?.values[0] = 1
      #expect(!original.$big.isIdentical(to: copy.$big))
      #expect(copy.big?.values[0] == 0)
      #expect(original.big?.values[0] == 1)
    }

    @Test func writesToAUniqueBoxAreInPlace() {
      var parent = Parent(big: Big())
      let before = parent.$big
      _ = consume before
      parent.big?.values[1] = 2
      let identity = parent.$big
      parent.big?.values[2] = 3
      #expect(parent.big == Big(values: [0, 2, 3, 0]))
      #expect(identity.wrappedValue == Big(values: [0, 2, 0, 0]))
    }

    @Test func isOneReferenceWhateverTheChildsSize() {
      #expect(MemoryLayout<PresentationState<Big>>.size == MemoryLayout<Int>.size)
    }

    @Test func equalWhenBothPresentEqualStatesOrNeitherPresents() {
      let none = PresentationState<Big>()
      let zero = PresentationState(wrappedValue: Big())
      #expect(none == PresentationState<Big>())
      #expect(zero == zero)
      #expect(zero == PresentationState(wrappedValue: Big()))  // two boxes, equal states
      #expect(zero != PresentationState(wrappedValue: Big(values: [1])))
      #expect(zero != none)
      #expect(none != zero)
    }

    @Test func settingNilDismisses() {
      var parent = Parent(big: Big())
      parent.big = nil
      #expect(parent.big == nil)
      #expect(parent == Parent())
      parent.big?.values[0] = 1
      #expect(parent.big == nil)
    }

    @Test func codableAsTheOptional() throws {
      let parent = PresentationState(wrappedValue: Big(values: [1]))
      let data = try JSONEncoder().encode(parent)
      #expect(String(decoding: data, as: UTF8.self) == #"{"values":[1]}"#)
      #expect(try JSONDecoder().decode(PresentationState<Big>.self, from: data) == parent)
      let none = try JSONEncoder().encode(PresentationState<Big>())
      #expect(try JSONDecoder().decode(PresentationState<Big>.self, from: none).wrappedValue == nil)
    }

    struct Saved: Equatable, Codable {
      var name = ""
      @PresentationState var big: Big?
    }

    @Test func aStateSavedWithoutThePresentationDecodesWithNothingPresented() throws {
      let saved = try JSONDecoder().decode(Saved.self, from: Data(#"{"name":"a"}"#.utf8))
      #expect(saved == Saved(name: "a"))
      #expect(saved.big == nil)
      var presented = Saved(name: "b")
      presented.big = Big(values: [2])
      let data = try JSONEncoder().encode(presented)
      #expect(try JSONDecoder().decode(Saved.self, from: data) == presented)
      // A present key that does not decode is still an error.
      #expect(throws: DecodingError.self) {
        try JSONDecoder().decode(Saved.self, from: Data(#"{"name":"a","big":3}"#.utf8))
      }
    }

    @Test func reflectsAsTheChild() {
      var dump = ""
      Swift.dump(PresentationState(wrappedValue: 7), to: &dump)
      #expect(dump.contains("7"))
      #expect(!dump.contains("box"))
    }
  }
}
