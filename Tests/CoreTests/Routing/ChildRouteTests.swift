import Testing

@testable import Core

@Suite struct ChildRouteTests {
  final class Reference: Equatable, Sendable {
    let value: Int
    init(_ value: Int) { self.value = value }
    static func == (lhs: Reference, rhs: Reference) -> Bool { lhs.value == rhs.value }
  }

  indirect enum Action: Equatable, Sendable {
    case a(Int)
    case b(Int)
    case text(String)
    case pair(id: Int, action: Action)
    case reference(Reference)
    case any(String?)
    case empty
  }

  enum Flat: Equatable, Sendable {
    case first(String)
    case second(String)
    case tuple(Int, String)
    case none
  }

  enum Generic<T: Equatable & Sendable>: Equatable, Sendable {
    case value(T)
    case other
  }

  @Test func extractsOnlyTheConstructorsCase() {
    let extractor = ChildRoute(Action.a)
    #expect(extractor.extract(.b(1)) == nil)  // same payload type, other case
    #expect(extractor.extract(.a(7)) == 7)
    #expect(extractor.extract(.b(2)) == nil)
    #expect(extractor.extract(.a(8)) == 8)
    #expect(extractor.extract(.empty) == nil)
    #expect(extractor.extract(.text("x")) == nil)
  }

  @Test func indirectCasesAndTuplePayloads() {
    let pair = ChildRoute(Action.pair)
    for _ in 0..<3 {
      let extracted = pair.extract(.pair(id: 4, action: .text("hello, a long string")))
      #expect(extracted?.0 == 4)
      #expect(extracted?.1 == .text("hello, a long string"))
    }
    #expect(pair.extract(.a(1)) == nil)
  }

  @Test func nonIndirectPayloadsOfManyKinds() {
    let second = ChildRoute(Flat.second)
    #expect(second.extract(.first("no")) == nil)
    for index in 0..<3 { #expect(second.extract(.second("yes \(index)")) == "yes \(index)") }
    let tuple = ChildRoute(Flat.tuple)
    #expect(tuple.extract(.tuple(1, "one")).map { "\($0.0) \($0.1)" } == "1 one")
    #expect(tuple.extract(.tuple(2, "two")).map { "\($0.0) \($0.1)" } == "2 two")
    #expect(tuple.extract(.none) == nil)

    let reference = ChildRoute(Action.reference)
    #expect(reference.extract(.reference(Reference(3)))?.value == 3)
    #expect(reference.extract(.reference(Reference(4)))?.value == 4)

    let optional = ChildRoute(Action.any)
    #expect(optional.extract(.any(nil)) == .some(nil))
    #expect(optional.extract(.any("x")) == "x")
  }

  @Test func genericEnums() {
    let extractor = ChildRoute(Generic<[Int]>.value)
    #expect(extractor.extract(.other) == nil)
    #expect(extractor.extract(.value([1, 2])) == [1, 2])
    #expect(extractor.extract(.value([3])) == [3])
  }

  @Test func sharedAcrossThreads() async {
    let extractor = ChildRoute(Action.pair)
    await withTaskGroup(of: Int.self) { group in
      for index in 0..<8 {
        group.addTask {
          var sum = 0
          for step in 0..<1_000 {
            if let (id, _) = extractor.extract(.pair(id: index * 1_000 + step, action: .empty)) {
              sum += id
            }
            _ = extractor.extract(.b(step))
          }
          return sum
        }
      }
      var total = 0
      for await sum in group { total += sum }
      #expect(total == (0..<8_000).reduce(0, +))
    }
  }
}
