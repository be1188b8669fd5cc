import Core
import Testing

@testable import CoreTesting

@Suite struct ValueDescriptionTests {
  enum Inner: Equatable { case named(String), plain }
  indirect enum Outer: Equatable {
    case inner(Inner)
    case row(id: Int, action: Inner)
    case pair(Int, Int)
    case plain
  }
  struct Point { var x = 1.5, label = "Swift.Int.max" }
  struct Box<Value> { var value: Value }

  @Test func trimsModuleAndTypeQualifiers() {
    #expect(ValueDescription.of(Outer.plain) == ".plain")
    #expect(ValueDescription.of(Outer.inner(.named("a"))) == ".inner(.named(\"a\"))")
    #expect(
      ValueDescription.of(Outer.row(id: 1, action: .plain)) == ".row(id: 1, action: .plain)")
    #expect(ValueDescription.of(Point()) == "Point(x: 1.5, label: \"Swift.Int.max\")")
  }

  @Test func keepsStringLiteralsAsTheyAre() {
    #expect(ValueDescription.of("a.B.c \"quoted\"") == #""a.B.c \"quoted\"""#)
  }

  @Test func actionCaseMatchesByCaseWhateverThePayload() {
    let inner = ActionCase(Outer.inner)
    #expect(inner.matches(Outer.inner(.plain)))
    #expect(inner.matches(Outer.inner(.named("x"))))
    #expect(!inner.matches(Outer.plain))
    #expect(!inner.matches(Outer.row(id: 1, action: .plain)))
  }

  enum Screen: Equatable { case title(String), saveTapped }
  enum Navigation: Equatable {
    case path(StackAction<Int, Screen>)
    case sheet(PresentationAction<Screen>)
  }

  @Test func genericActionsPrintAsTheyAreWritten() {
    #expect(
      ValueDescription.of(Navigation.path(.element(id: 0, action: .title("a"))))
        == ".path(.element(id: #0, action: .title(\"a\")))")
    #expect(
      ValueDescription.of(Navigation.path(.push(id: 1, state: 5)))
        == ".path(.push(id: #1, state: 5))")
    #expect(
      ValueDescription.of(Navigation.sheet(.presented(.saveTapped)))
        == ".sheet(.presented(.saveTapped))")
    #expect(ValueDescription.of([Navigation.sheet(.dismiss)]) == "[.sheet(.dismiss)]")
    // A generic type that names no case keeps its name.
    #expect(ValueDescription.of(Box<Int>(value: 1)) == "Box<Int>(value: 1)")
  }
}
