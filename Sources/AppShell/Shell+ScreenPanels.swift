import Orders
import Profile

extension Shell {
  /// The panels as the full-screen session lays them out: Profile (kept longest), Orders
  /// (keeps its newest orders, or the top of an open order screen), Activity (the first to
  /// go).
  var screenPanels: [ScreenPanel] {
    let orders = store.state.ordersModule
    let content = OrdersPanel.Content(orders)
    let showsDetail = !orders.orders.path.isEmpty
    return [
      ScreenPanel(
        title: ProfilePanel.title, lines: profilePanel.lines, keepsNewest: false,
        command: "state", noun: ("line", "lines")),
      ScreenPanel(
        title: OrdersPanel.title, lines: ordersPanel.lines,
        pieces: { showsDetail ? Self.detailPieces(content) : Self.orderPieces(content) },
        keepsNewest: !showsDetail, command: showsDetail ? "back" : "orders",
        noun: showsDetail ? ("line", "lines") : ("order", "orders")),
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

  /// An open order screen's render split into its breadcrumb, one item per line after it, and
  /// the question and problem: on a short screen the breadcrumb and the question stay.
  static func detailPieces(_ content: OrdersPanel.Content) -> ScreenPanel.Pieces {
    let lines = OrdersPanel.renderDetail(content) ?? []
    return ScreenPanel.Pieces(
      head: Array(lines.prefix(1)), items: lines.dropFirst().map { [$0] }, tail: tail(content))
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
