import Core
import Foundation
import Testing

@testable import CoreTesting

/// Values written as Swift: each test checks the text, and the same text, written in the test,
/// compiles and makes an equal value.
struct SwiftExpressionTests {
  enum Shape: Equatable {
    case point
    case circle(radius: Double)
    case `default`(Int)
    case `self`
  }

  struct Wrapper<Value: Equatable>: Equatable {
    var value: Value
  }

  enum Anything {
    case one(Any)
    case pair(label: Any, Int)
  }

  struct Form: Equatable {
    var name = ""
  }

  struct Screen: Equatable {
    @PresentationState var child: Wrapper<Int>? = nil
    var title: String
  }

  struct Sheet: Equatable, Codable {
    @PresentationState var child: Int?
    var title: String
  }

  struct Row: Identifiable, Equatable {
    var id: Int
  }

  /// A class that is not `Codable`: nothing can make it.
  final class Session {}

  @Test func enumCasesAreWrittenWithTheirLabelsAndKeywordsQuoted() {
    #expect(SwiftExpression.of(Shape.point) == ".point")
    #expect(SwiftExpression.of(Shape.circle(radius: 1.5)) == ".circle(radius: 1.5)")
    #expect(SwiftExpression.of(Shape.default(3)) == ".default(3)")
    #expect(SwiftExpression.of(Shape.`self`) == ".`self`")
    #expect(SwiftExpression.of(Shape.self) == "SwiftExpressionTests.Shape.self")
    let shapes: [Shape] = [.point, .circle(radius: 1.5), .default(3), .`self`]
    #expect(shapes == [Shape.point, Shape.circle(radius: 1.5), Shape.default(3), Shape.`self`])
  }

  @Test func whereTheTypeIsNotKnownItIsNamed() {
    #expect(
      SwiftExpression.of(Shape.circle(radius: 2), typeIsKnown: false)
        == "SwiftExpressionTests.Shape.circle(radius: 2.0)")
    #expect(SwiftExpression.of(Int8(5), typeIsKnown: false) == "Int8(5)")
    #expect(SwiftExpression.of(Float(0.1), typeIsKnown: false) == "Float(0.1)")
    #expect(SwiftExpression.of(Double.infinity, typeIsKnown: false) == "Double.infinity")
    #expect(SwiftExpression.of([1, 2], typeIsKnown: false) == "([1, 2] as Array<Int>)")
    #expect(SwiftExpression.of(Int?.none as Any, typeIsKnown: false) == "Optional<Int>.none")
    #expect(SwiftExpression.of(Int?.some(3) as Any, typeIsKnown: false) == "Optional(3)")
    let values: [Any] = [
      SwiftExpressionTests.Shape.circle(radius: 2.0), Int8(5), Float(0.1), Double.infinity,
      ([1, 2] as Array<Int>), Optional<Int>.none as Any, Optional(3) as Any,
    ]
    #expect(values[0] as? Shape == .circle(radius: 2))
    #expect(values[1] as? Int8 == 5)
    #expect(values[2] as? Float == 0.1)
    #expect(type(of: values[5]) == Int?.self)
    #expect(type(of: values[6]) == Int?.self)
  }

  @Test func aPayloadDeclaredAnyNamesItsType() {
    #expect(
      SwiftExpression.of(Anything.one(Shape.point)) == ".one(SwiftExpressionTests.Shape.point)")
    #expect(SwiftExpression.of(Anything.pair(label: UInt8(1), 2)) == ".pair(label: UInt8(1), 2)")
    let written = Anything.one(SwiftExpressionTests.Shape.point)
    guard case let .one(value) = written else { return }
    #expect(value as? Shape == .point)
  }

  @Test func genericStructsAreNamedWithTheirArguments() {
    #expect(
      SwiftExpression.of(Wrapper(value: [Shape.point]))
        == "SwiftExpressionTests.Wrapper<Array<SwiftExpressionTests.Shape>>(value: [.point])")
    #expect(
      SwiftExpressionTests.Wrapper<Array<SwiftExpressionTests.Shape>>(value: [.point])
        == Wrapper(value: [Shape.point]))
  }

  @Test func aPresentedChildIsWrittenAsItsOptionalState() {
    let screen = Screen(child: Wrapper(value: 1), title: "Top")
    #expect(
      SwiftExpression.of(screen)
        == """
        SwiftExpressionTests.Screen(child: SwiftExpressionTests.Wrapper<Int>(value: 1), \
        title: "Top")
        """)
    #expect(
      SwiftExpressionTests.Screen(child: SwiftExpressionTests.Wrapper<Int>(value: 1), title: "Top")
        == screen)
    #expect(
      SwiftExpression.of(Screen(child: nil, title: ""))
        == #"SwiftExpressionTests.Screen(child: nil, title: "")"#)
  }

  @Test func aCodableStructWithPropertyWrappersIsDecodedFromItsJSON() {
    let sheet = Sheet(child: PresentationState(wrappedValue: 2), title: "Top")
    let json = #"Data("{\"child\":2,\"title\":\"Top\"}".utf8)"#
    #expect(
      SwiftExpression.of(sheet)
        == "try! JSONDecoder().decode(SwiftExpressionTests.Sheet.self, from: \(json))")
    #expect(
      try! JSONDecoder().decode(
        SwiftExpressionTests.Sheet.self, from: Data("{\"child\":2,\"title\":\"Top\"}".utf8))
        == sheet)
  }

  @Test func stackStatesAndIdentifiedArraysAreWrittenAsTheirElements() {
    let rows: IdentifiedArray<Row> = [Row(id: 1)]
    #expect(SwiftExpression.of(rows) == "[SwiftExpressionTests.Row(id: 1)]")
    #expect(
      SwiftExpression.of(rows, typeIsKnown: false)
        == """
        IdentifiedArray<SwiftExpressionTests.Row>(uniqueElements: \
        [SwiftExpressionTests.Row(id: 1)])
        """)
    #expect(
      IdentifiedArray<SwiftExpressionTests.Row>(uniqueElements: [SwiftExpressionTests.Row(id: 1)])
        == rows)
    #expect(SwiftExpression.of(StackState([2, 3])) == "StackState<Int>([2, 3])")
    #expect(SwiftExpression.of(StackElementID(generation: 4)) == "4")
    #expect(
      SwiftExpression.of(StackElementID(generation: 4), typeIsKnown: false)
        == "StackElementID(generation: 4)")
  }

  @Test func aBindingIsWrittenAsItsKeyPathAndValue() {
    let binding = BindingAction<Form>.set(\.name, "Ada")
    #expect(SwiftExpression.of(binding) == #".set(\SwiftExpressionTests.Form.name, "Ada")"#)
    #expect(BindingAction<Form>.set(\SwiftExpressionTests.Form.name, "Ada") == binding)
  }

  @Test func whatCannotBeMadeIsAPlaceholderThatDoesNotCompile() {
    #expect(SwiftExpression.of(Session()) == "<#SwiftExpressionTests.Session#>")
    #expect(SwiftExpression.of({ () in }) == "<#() -> ()#>")
  }

  @Test func rangesAreWrittenWithTheirOperators() {
    #expect(SwiftExpression.of(1..<3) == "1..<3")
    #expect(SwiftExpression.of(-2...(-1)) == "-2 ... -1")
    #expect(SwiftExpression.of(0.0...Double.infinity) == "0.0 ... .infinity")
    #expect(SwiftExpression.of(Int8(1)...Int8(2), typeIsKnown: false) == "(Int8(1)...Int8(2))")
    let ranges: (Range<Int>, ClosedRange<Int>, Any, ClosedRange<Double>) = (
      1..<3, -2 ... -1, (Int8(1)...Int8(2)), 0.0 ... .infinity
    )
    #expect(ranges.1 == -2...(-1))
    #expect(ranges.3 == 0...Double.infinity)
    #expect(ranges.2 as? ClosedRange<Int8> == 1...2)
  }

  @Test func durationsAreExact() {
    #expect(SwiftExpression.duration(.seconds(2)) == ".seconds(2)")
    #expect(SwiftExpression.duration(.milliseconds(1_500)) == ".milliseconds(1500)")
    #expect(SwiftExpression.duration(.microseconds(-3)) == ".microseconds(-3)")
    #expect(SwiftExpression.duration(.nanoseconds(7)) == ".nanoseconds(7)")
    #expect(
      SwiftExpression.duration(Duration(secondsComponent: 0, attosecondsComponent: 1))
        == "Duration(secondsComponent: 0, attosecondsComponent: 1)")
  }

  @Test func stringsKeepWhatIsVisibleAndEscapeTheRest() {
    let text = "tab\tquote\"slash\\ new\nline 👍🏽 👨‍👩‍👧 e\u{301} \u{0}\u{7F}\u{2028}"
    let written = SwiftLiteral.string(text)
    #expect(
      written
        == #""tab\tquote\"slash\\ new\nline 👍🏽 👨\u{200D}👩\u{200D}👧 e\u{301} \0\u{7F}\u{2028}""#)
    #expect(
      "tab\tquote\"slash\\ new\nline 👍🏽 👨\u{200D}👩\u{200D}👧 e\u{301} \0\u{7F}\u{2028}" == text)
  }

  @Test func floatingPointNumbersRoundTrip() {
    for value in [0.1, 0.1 + 0.2, 1e-7, 1e300, -0.0, .pi, 123_456_789.123_456_78] {
      #expect(Double(SwiftLiteral.number(value)) == value)
    }
    #expect(SwiftExpression.of(Double.leastNonzeroMagnitude) == "Double(bitPattern: 0x1)")
    #expect(Double(bitPattern: 0x1) == .leastNonzeroMagnitude)
  }
}
