import Orders
import Profile

extension Shell {
  /// The panels as the full-screen session lays them out: Profile (kept longest, in two lines
  /// when short of rows), Orders (keeps its newest orders, or the top of an open order screen),
  /// Activity (the first to go).
  var screenPanels: [ScreenPanel] {
    let content = ordersContent
    let showsDetail = !content.orders.path.isEmpty
    return [
      ScreenPanel(
        title: ProfilePanel.title, lines: profilePanel.lines,
        compact: ProfileSummary.lines(store.state.profile), keepsNewest: false, command: "profile",
        noun: ("line", "lines")),
      showsDetail
        ? ScreenPanel(
          title: Self.breadcrumb(content), lines: Array(ordersLines.dropFirst()),
          pieces: { Self.detailPieces(content) }, keepsNewest: false, command: "orders",
          noun: ("line", "lines"))
        : ScreenPanel(
          title: OrdersPanel.title, lines: ordersLines,
          pieces: { Self.orderPieces(content) }, keepsNewest: true, command: "orders",
          noun: ("order", "orders")),
      ScreenPanel(
        title: ActivityPanel.title, lines: activityPanel.lines, keepsNewest: true,
        command: "state", noun: ("event", "events")),
    ]
  }

  /// The Orders panel's render split into its first line (who and where orders ship to), one
  /// item per order (its line and detail lines), and the last problem.
  ///
  /// Each order is rendered alone by ``OrdersPanel/render(_:)``, so the lines are exactly
  /// those of the full panel.
  static func orderPieces(_ content: OrdersPanel.Content) -> ScreenPanel.Pieces {
    var bare = content
    bare.orders.list = []
    bare.orders.path = []
    bare.orders.problem = nil
    bare.orders.confirmation = nil
    let head = Array(OrdersPanel.render(bare).prefix(1))
    let items = content.orders.list.map { order in
      var single = bare
      single.orders.list = [order]
      return Array(OrdersPanel.render(single).dropFirst(head.count))
    }
    return ScreenPanel.Pieces(head: head, items: items, tail: tail(content))
  }

  /// The open order screens as the Orders panel's title: `Orders › #1 › #3`, so the stack
  /// shows on the panel's rule however short the screen.
  static func breadcrumb(_ content: OrdersPanel.Content) -> String {
    ([OrdersPanel.title] + content.orders.path.map { "#\($0.orderID)" }).joined(separator: " › ")
  }

  /// An open order screen's render after its breadcrumb (which is the panel's title), one item
  /// per line, then the question and problem, which stay on a short screen.
  static func detailPieces(_ content: OrdersPanel.Content) -> ScreenPanel.Pieces {
    let lines = OrdersPanel.renderDetail(content) ?? []
    return ScreenPanel.Pieces(items: lines.dropFirst().map { [$0] }, tail: tail(content))
  }

  /// The question waiting for an answer and the last problem, as the panel's last lines.
  private static func tail(_ content: OrdersPanel.Content) -> [String] {
    var bare = content
    bare.orders.list = []
    bare.orders.path = []
    let count =
      (content.orders.confirmation == nil ? 0 : 1) + (content.orders.problem == nil ? 0 : 1)
    return Array(OrdersPanel.render(bare).suffix(count))
  }
}
