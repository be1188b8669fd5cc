import Orders
import Profile

extension Shell {
  /// The panels as the full-screen session lays them out: Profile (kept longest), Orders
  /// (keeps its newest orders), Activity (the first to go).
  var screenPanels: [ScreenPanel] {
    let orders = store.state.ordersModule
    return [
      ScreenPanel(
        title: ProfilePanel.title, lines: profilePanel.lines, keepsNewest: false,
        command: "state", noun: ("line", "lines")),
      ScreenPanel(
        title: OrdersPanel.title, lines: ordersPanel.lines,
        pieces: { Self.orderPieces(OrdersPanel.Content(orders)) }, keepsNewest: true,
        command: "orders", noun: ("order", "orders")),
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
    bare.orders.problem = nil
    let head = Array(OrdersPanel.render(bare).prefix(1))
    let items = content.orders.list.map { order in
      var single = bare
      single.orders.list = [order]
      return Array(OrdersPanel.render(single).dropFirst(head.count))
    }
    var problem = bare
    problem.orders.problem = content.orders.problem
    let tail = content.orders.problem == nil ? [] : Array(OrdersPanel.render(problem).suffix(1))
    return ScreenPanel.Pieces(head: head, items: items, tail: tail)
  }
}
