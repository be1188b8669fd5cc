import Foundation
import Testing

@testable import Core

/// Extraction against a hand-written `switch` for payloads whose layout the enum shares with
/// other modules or generic contexts: Foundation values, enums nested in generic types, payloads
/// whose spare bits or extra inhabitants carry the enum's tag.
@MainActor @Suite struct ChildRouteForeignShapeTests {
  enum Foundational: Sendable, Equatable {
    case data(Data)
    case url(URL)
    case date(Date)
    case uuid(UUID)
    case decimal(Decimal)
    case text(String?)
    case nothing
  }

  enum Packed: Sendable, Equatable {
    case flag(Bool)
    case small(Direction)
    case maybe(Direction?)
    case twice(Int??)
    case pair(Bool, Direction)
    case none
  }

  enum Direction: Sendable, Equatable { case up, down, left }

  struct Outer<T: Sendable & Equatable>: Sendable {
    enum Action: Sendable, Equatable {
      case child(T)
      case list([T])
      case pair(id: Int, value: T)
      case idle
    }
  }

  final class Reference: Sendable, Equatable {
    let value: Int
    init(_ value: Int) { self.value = value }
    static func == (lhs: Reference, rhs: Reference) -> Bool { lhs.value == rhs.value }
  }

  enum References: Sendable, Equatable {
    case first(Reference)
    case second(Reference)
    case optional(Reference?)
    case function(Int)
  }

  func check<Parent, Child: Equatable>(
    _ name: String, embed: @escaping @Sendable (Child) -> Parent,
    expected: (Parent) -> Child?, values: [Parent],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let route = ChildRoute(embed)
    let issues = collectingIssues {
      for value in values + values.reversed() {
        #expect(
          route.extract(value) == expected(value), "\(name): \(value)",
          sourceLocation: sourceLocation)
      }
    }
    #expect(issues.isEmpty, "\(name): \(issues)", sourceLocation: sourceLocation)
  }

  @Test func foundationPayloads() {
    let values: [Foundational] = [
      .data(Data([1, 2, 3])), .data(Data(repeating: 7, count: 100)), .data(Data()),
      .url(URL(string: "https://example.com/a?b=c")!), .date(Date(timeIntervalSince1970: 5)),
      .uuid(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!),
      .decimal(Decimal(string: "12.5")!), .text("x"), .text(nil), .nothing,
    ]
    check(
      "data", embed: Foundational.data,
      expected: { if case .data(let v) = $0 { v } else { nil } }, values: values)
    check(
      "url", embed: Foundational.url,
      expected: { if case .url(let v) = $0 { v } else { nil } }, values: values)
    check(
      "date", embed: Foundational.date,
      expected: { if case .date(let v) = $0 { v } else { nil } }, values: values)
    check(
      "uuid", embed: Foundational.uuid,
      expected: { if case .uuid(let v) = $0 { v } else { nil } }, values: values)
    check(
      "decimal", embed: Foundational.decimal,
      expected: { if case .decimal(let v) = $0 { v } else { nil } }, values: values)
    check(
      "text", embed: Foundational.text,
      expected: { if case .text(let v) = $0 { v } else { nil } }, values: values)
  }

  @Test func payloadsWhoseSpareBitsHoldTheTag() {
    let values: [Packed] = [
      .flag(true), .flag(false), .small(.up), .small(.left), .maybe(nil), .maybe(.down),
      .twice(nil), .twice(.some(nil)), .twice(3), .pair(true, .left), .pair(false, .up), .none,
    ]
    check(
      "flag", embed: Packed.flag,
      expected: { if case .flag(let v) = $0 { v } else { nil } }, values: values)
    check(
      "small", embed: Packed.small,
      expected: { if case .small(let v) = $0 { v } else { nil } }, values: values)
    check(
      "maybe", embed: Packed.maybe,
      expected: { if case .maybe(let v) = $0 { v } else { nil } }, values: values)
    check(
      "twice", embed: Packed.twice,
      expected: { if case .twice(let v) = $0 { v } else { nil } }, values: values)
    struct Pair: Equatable { let flag: Bool, direction: Direction }
    let route = ChildRoute({ (pair: (Bool, Direction)) in Packed.pair(pair.0, pair.1) })
    for value in values {
      let expected: Pair? =
        if case .pair(let f, let d) = value { Pair(flag: f, direction: d) } else { nil }
      #expect(route.extract(value).map { Pair(flag: $0.0, direction: $0.1) } == expected)
    }
  }

  @Test func enumsNestedInGenericTypes() {
    typealias Strings = Outer<String>.Action
    let strings: [Strings] = [.child("a"), .list(["b", "c"]), .pair(id: 1, value: "d"), .idle]
    check(
      "string child", embed: Strings.child,
      expected: { if case .child(let v) = $0 { v } else { nil } }, values: strings)
    check(
      "string list", embed: Strings.list,
      expected: { if case .list(let v) = $0 { v } else { nil } }, values: strings)
    typealias Nested = Outer<Outer<Int>.Action>.Action
    let nested: [Nested] = [.child(.child(1)), .child(.idle), .list([.list([2])]), .idle]
    check(
      "nested child", embed: Nested.child,
      expected: { if case .child(let v) = $0 { v } else { nil } }, values: nested)
    let seven = ChildRoute({ (value: String) in Outer<String>.Action.pair(id: 7, value: value) })
    let pairs: [Outer<String>.Action] = [.pair(id: 7, value: "a"), .pair(id: 8, value: "b"), .idle]
    let issues = collectingIssues {
      #expect(seven.extract(pairs[0]) == "a")
      #expect(seven.extract(pairs[1]) == nil)
      #expect(seven.extract(pairs[2]) == nil)
    }
    #expect(issues.isEmpty, "\(issues)")
  }

  @Test func anAmbiguousPayloadIsRefusedWithAnOutlineOfTheExplicitPath() {
    let route = ChildRoute({ (value: Int) in Outer<Int>.Action.pair(id: 4, value: value) })
    let issues = collectingIssues {
      #expect(route.extract(.pair(id: 4, value: 1)) == nil)
      #expect(route.extract(.pair(id: 4, value: 2)) == nil)
    }
    #expect(issues.count == 1)
    let message = issues.first ?? ""
    #expect(message.contains("case '.pair' has several payloads that could hold a 'Int'"))
    #expect(message.contains("if case let .pair(…) = $0 { … } else { nil }"))
    #expect(message.contains("'(id: Int, value: Int)'"), "\(message)")
  }

  @Test func referencePayloads() {
    let values: [References] = [
      .first(Reference(1)), .second(Reference(2)), .optional(nil), .optional(Reference(3)),
      .function(4),
    ]
    check(
      "first", embed: References.first,
      expected: { if case .first(let v) = $0 { v } else { nil } }, values: values)
    check(
      "second", embed: References.second,
      expected: { if case .second(let v) = $0 { v } else { nil } }, values: values)
    check(
      "optional", embed: References.optional,
      expected: { if case .optional(let v) = $0 { v } else { nil } }, values: values)
  }
}
