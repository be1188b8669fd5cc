import Orders
import Testing

@testable import AppShell

@MainActor
@Suite struct ScreenLayoutTests {
  func layout(_ shell: Shell, output: [String], input: String = "") -> ScreenLayout {
    ScreenLayout(
      header: "AppShell · state: memory", panels: shell.screenPanels, output: output,
      hint: ScreenSession.hint, input: input)
  }

  func shell(orders: Int) -> Shell {
    Shell(initialState: matrixState(orders: orders)) { $0.useTestServices() }
  }

  @Test func shortOfRowsTheActivityPanelGoesFirstThenOrdersShrink() {
    let shell = shell(orders: 12)
    _ = shell.execute("order add 99 mug")  // leaves a problem in the Orders panel
    let rows = layout(shell, output: ["One line of output."]).frame(width: 80, height: 24).rows
    let text = rows.map(\.text)

    #expect(text.count == 24)
    #expect(text.first == "AppShell · state: memory")
    #expect(text.last == "> ")
    #expect(!text.contains { $0.hasPrefix("── Activity") })
    #expect(text.contains { $0.hasPrefix("── Profile") })
    #expect(
      text.contains { $0.hasPrefix("… ") && $0.hasSuffix("earlier orders: type 'orders' for all") })
    #expect(text.contains { $0.hasPrefix("#12 ") })
    #expect(text.contains { $0.hasPrefix("! There is no order #99.") && $0.hasSuffix("…") })
    #expect(text.contains("One line of output."))
    #expect(rows.allSatisfy { TerminalText.width($0.text) <= 80 })
  }

  @Test func everythingFitsWrappedWhenThereIsRoom() {
    let shell = shell(orders: 2)
    let frame = layout(shell, output: []).frame(width: 200, height: 60)
    let text = frame.rows.map(\.text)
    #expect(text.contains { $0.hasPrefix("── Activity") })
    #expect(!text.contains { $0.hasPrefix("… ") })
    #expect(text.contains(ScreenSession.hint))
  }

  @Test func longOutputShowsAPageAndSaysHowToScroll() {
    var layout = layout(shell(orders: 0), output: (1...50).map { "line \($0)" })
    let first = layout.frame(width: 80, height: 24)
    #expect(first.rows.map(\.text).contains("line 1"))
    let status = first.rows.last { $0.text.hasPrefix("── lines 1–") }
    #expect(status?.text.contains("of 50 · Page Up/Page Down scroll") == true)
    layout.outputScroll = 1_000
    let last = layout.frame(width: 80, height: 24)
    #expect(last.outputScroll == 50 - last.outputPageSize)
    #expect(last.rows.map(\.text).contains("line 50"))
  }

  /// On a narrow screen the status row says less, never the keys that scroll.
  @Test(arguments: [40, 36, 30])
  func aNarrowScreenKeepsTheKeysThatScroll(width: Int) {
    let frame = layout(shell(orders: 0), output: (1...100).map { "line \($0)" })
      .frame(width: width, height: 20)
    let status = frame.rows.last { $0.text.hasPrefix("── ") && $0.text.contains(" of 100") }
    #expect(status?.text.contains(width >= 36 ? "Page Up/Page Down" : "PgUp/PgDn") == true)
  }

  @Test(arguments: [(1, 1), (2, 2), (3, 3), (5, 2), (1, 40), (300, 3), (12, 5)])
  func tinyScreensStillFitAndEndInThePrompt(width: Int, height: Int) {
    let frame = layout(shell(orders: 100), output: ["An error."], input: "order add 1 mug")
      .frame(width: width, height: height)
    #expect(frame.rows.count == height)
    #expect(frame.rows.allSatisfy { TerminalText.width($0.text) <= width })
    #expect(frame.rows.last?.text.hasPrefix(String("> ".prefix(width))) == true)
    if height >= 2 {
      #expect(frame.rows.contains { $0.text.hasPrefix(String("An".prefix(width))) })
    }
  }

  @Test func theLastPanelGoesFirstThenTheOthersShrinkLastFirst() {
    #expect(ScreenPanel.shrink([5, 10, 4], into: 19) == [5, 10, 4])
    #expect(ScreenPanel.shrink([5, 10, 4], into: 17) == [5, 10, 2])
    #expect(ScreenPanel.shrink([5, 10, 4], into: 12) == [5, 7, 0])
    #expect(ScreenPanel.shrink([5, 10, 4], into: 4) == [2, 2, 0])
    #expect(ScreenPanel.shrink([5, 10, 4], into: 2) == [1, 1, 0])
    #expect(ScreenPanel.shrink([5, 10, 4], into: 1) == [1, 0, 0])
  }

  /// The pieces a shrunk Orders panel is made of are the full panel's own lines.
  @Test func orderPiecesAddUpToTheFullPanel() {
    let shell = shell(orders: 9)
    _ = shell.execute("order add 99 mug")
    let content = OrdersPanel.Content(shell.store.state.ordersModule)
    let pieces = Shell.orderPieces(content)
    #expect(pieces.head + pieces.items.joined() + pieces.tail == OrdersPanel.render(content))
  }
}
