import TestSupport
import Testing

@testable import Core

/// Extraction compared with a hand-written `switch` over many enum shapes, on random actions of
/// every case, in random order (so each case may be the first one seen).
@MainActor @Suite struct ChildRouteShapeTests {
  protocol Shape: Sendable {}
  struct Square: Shape, Equatable { var side: Int }
  struct Label: Shape, Equatable { var text: String }
  class Base: @unchecked Sendable {
    let value: Int
    init(_ value: Int) { self.value = value }
  }
  final class Sub: Base, @unchecked Sendable {}

  indirect enum Indirect: Sendable {
    case leaf(Int)
    case node(Indirect)
    case pair(id: Int, action: String)
    case empty
  }

  enum Mixed: @unchecked Sendable {  // `Any` holds only sendable test values
    case shape(any Shape)
    case any(Any)
    case base(Base)
    case optional(Int?)
    case tuple(Int, String)
    case labelled(id: Int, name: String)
    case nested(Inner)
    case other(Int)
    case empty
  }

  enum Inner: Sendable {
    case leaf(Int)
    case twig(Int)
    case deeper(Innermost)
  }

  enum Innermost: Sendable {
    case value(String)
    case nothing
  }

  enum Generic<T: Sendable>: Sendable {
    case value(T)
    case values([T])
    case none
  }

  enum Single: Sendable {
    case only(Int)
  }

  enum Redacted: CustomReflectable, Sendable {
    case password(String)
    case name(String)
    var customMirror: Mirror { Mirror(self, children: ["redacted": "****"]) }
  }

  /// Checks `extract` against `expected` on `count` random values made by `make`.
  func check<Parent, Child: Equatable>(
    _ name: String, embed: @escaping @Sendable (Child) -> Parent,
    expected: (Parent) -> Child?, make: (inout SplitMix64) -> Parent, seed: UInt64,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    var random = SplitMix64(seed: seed)
    let extractor = ChildRoute(embed)
    let issues = collectingIssues {
      for _ in 0..<200 {
        let parent = make(&random)
        #expect(
          extractor.extract(parent) == expected(parent), "\(name): \(parent)",
          sourceLocation: sourceLocation)
      }
    }
    #expect(issues.isEmpty, "\(name): \(issues)", sourceLocation: sourceLocation)
  }

  static func mixed(_ random: inout SplitMix64) -> Mixed {
    let number = random.int(in: -3...3)
    switch random.int(in: 0..<13) {
    case 0: return .shape(Square(side: number))
    case 1: return .shape(Label(text: "\(number)"))
    case 2: return .any(number)
    case 3: return .any(Double(number) + 0.5)
    case 4: return .base(Base(number))
    case 5: return .base(Sub(number))
    case 6: return .optional(random.chance(50) ? nil : number)
    case 7: return .tuple(number, "\(number)")
    case 8: return .labelled(id: number, name: "n\(number)")
    case 9: return .nested(.leaf(number))
    case 10: return .nested(random.chance(50) ? .twig(number) : .deeper(.value("\(number)")))
    case 11: return .other(number)
    default: return .empty
    }
  }

  @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
  func mixedShapes(seed: UInt64) {
    check(
      "existential payload, concrete child",
      embed: { (square: Square) in Mixed.shape(square) },
      expected: { if case .shape(let shape as Square) = $0 { shape } else { nil } },
      make: Self.mixed, seed: seed)
    check(
      "Any payload, Int child", embed: { (value: Int) in Mixed.any(value) },
      expected: { if case .any(let value as Int) = $0 { value } else { nil } },
      make: Self.mixed, seed: seed)
    check(
      "optional payload, non-optional child", embed: { (value: Int) in Mixed.optional(value) },
      expected: { if case .optional(let value?) = $0 { value } else { nil } },
      make: Self.mixed, seed: seed)
    check(
      "optional payload, optional child", embed: Mixed.optional,
      expected: { if case .optional(let value) = $0 { value } else { nil } },
      make: Self.mixed, seed: seed)
    check(
      "nested embed", embed: { (value: Int) in Mixed.nested(.leaf(value)) },
      expected: { if case .nested(.leaf(let value)) = $0 { value } else { nil } },
      make: Self.mixed, seed: seed)
    check(
      "doubly nested embed", embed: { (value: String) in Mixed.nested(.deeper(.value(value))) },
      expected: { if case .nested(.deeper(.value(let value))) = $0 { value } else { nil } },
      make: Self.mixed, seed: seed)
    check(
      "same payload type as other cases", embed: Mixed.other,
      expected: { if case .other(let value) = $0 { value } else { nil } },
      make: Self.mixed, seed: seed)
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func tuplesAndClasses(seed: UInt64) {
    struct Pair: Equatable {
      let id: Int
      let name: String
    }
    var random = SplitMix64(seed: seed)
    let unlabelled = ChildRoute(Mixed.labelled)  // (id:name:) read as (Int, String)
    let tuple = ChildRoute(Mixed.tuple)
    let sub = ChildRoute({ (sub: Sub) in Mixed.base(sub) })
    let base = ChildRoute(Mixed.base)
    for _ in 0..<200 {
      let parent = Self.mixed(&random)
      let pair = unlabelled.extract(parent).map { Pair(id: $0.0, name: $0.1) }
      if case let .labelled(id, name) = parent {
        #expect(pair == Pair(id: id, name: name))
      } else {
        #expect(pair == nil)
      }
      let plain = tuple.extract(parent).map { Pair(id: $0.0, name: $0.1) }
      if case let .tuple(id, name) = parent {
        #expect(plain == Pair(id: id, name: name))
      } else {
        #expect(plain == nil)
      }
      if case .base(let value) = parent {
        #expect(base.extract(parent) === value)
        #expect(sub.extract(parent) === (value as? Sub))
      } else {
        #expect(base.extract(parent) == nil)
        #expect(sub.extract(parent) == nil)
      }
    }
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func indirectGenericSingleAndRedacted(seed: UInt64) {
    func indirect(_ random: inout SplitMix64) -> Indirect {
      let number = random.int(in: 0...5)
      switch random.int(in: 0..<5) {
      case 0: return .leaf(number)
      case 1: return .node(.leaf(number))
      case 2: return .node(.node(.empty))
      case 3: return .pair(id: number, action: String(repeating: "x", count: number))
      default: return .empty
      }
    }
    check(
      "indirect case", embed: Indirect.leaf,
      expected: { if case .leaf(let value) = $0 { value } else { nil } }, make: indirect,
      seed: seed)
    check(
      "indirect nested", embed: { (value: Int) in Indirect.node(.leaf(value)) },
      expected: { if case .node(.leaf(let value)) = $0 { value } else { nil } }, make: indirect,
      seed: seed)
    check(
      "generic", embed: Generic<String>.value,
      expected: { if case .value(let value) = $0 { value } else { nil } },
      make: { random in
        let text = "\(random.int(in: 0...9))"
        return random.chance(30)
          ? Generic<String>.none : random.chance(50) ? .value(text) : .values([text])
      }, seed: seed)
    check(
      "single case", embed: Single.only,
      expected: { if case .only(let value) = $0 { value } else { nil } },
      make: { Single.only($0.int(in: 0...9)) }, seed: seed)
    check(
      "custom mirror", embed: Redacted.password,
      expected: { if case .password(let value) = $0 { value } else { nil } },
      make: { random in
        let text = "secret \(random.int(in: 0...9))"
        return random.chance(50) ? Redacted.password(text) : .name(text)
      }, seed: seed)
  }

  @Test func aWrongPayloadNeverReachesTheChildAfterARightOne() {
    let square = ChildRoute({ (square: Square) in Mixed.shape(square) })
    #expect(square.extract(.shape(Square(side: 2))) == Square(side: 2))
    #expect(square.extract(.shape(Label(text: "not a square"))) == nil)
    let integer = ChildRoute({ (value: Int) in Mixed.any(value) })
    #expect(integer.extract(.any(3)) == 3)
    #expect(integer.extract(.any(3.5)) == nil)
    let sub = ChildRoute({ (sub: Sub) in Mixed.base(sub) })
    #expect(sub.extract(.base(Sub(1)))?.value == 1)
    #expect(sub.extract(.base(Base(2))) == nil)
  }

  @Test func aClosureThatIsNotACaseConstructorIsRefusedLoudly() {
    enum Action: Equatable { case count(Int), reset }
    let extractor = ChildRoute({ (value: Int) in Action.count(value + 1) })
    let issues = collectingIssues {
      #expect(extractor.extract(.count(5)) == nil)
      #expect(extractor.extract(.count(6)) == nil)
    }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("not an enum case constructor") == true)
    #expect(issues.first?.contains("extract:") == true)
  }

  @Test func aNonEnumParentIsRefusedLoudly() {
    struct Action: Equatable { var value: Int }
    let extractor = ChildRoute({ (value: Int) in Action(value: value) })
    let issues = collectingIssues {
      #expect(extractor.extract(Action(value: 1)) == nil)
    }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("'Action' is not an enum") == true)
  }

  @Test func anExplicitExtractClosureIsUsedAsIs() {
    struct Action: Equatable { var value: Int }
    let extractor = ChildRoute(
      embed: { (value: Int) in Action(value: value) },
      extract: { $0.value > 0 ? $0.value : nil })
    #expect(extractor.extract(Action(value: 3)) == 3)
    #expect(extractor.extract(Action(value: -1)) == nil)
  }

  @Test func theIdentityEmbedExtractsEveryAction() {
    enum Action: Equatable { case a(Int), b }
    let extractor = ChildRoute({ (action: Action) in action })
    #expect(extractor.extract(.b) == .b)
    #expect(extractor.extract(.a(1)) == .a(1))
  }
}
