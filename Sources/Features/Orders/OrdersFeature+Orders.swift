import Core

extension OrdersFeature {
  /// The Orders module's own state: the orders, the next order number, the screens opened on
  /// top of the list, a confirmation waiting for an answer, and the last problem.
  ///
  /// This is what the app stores; ``OrdersModuleState`` adds the shared profile to it. The
  /// ``problem`` and the ``confirmation`` are not encoded: they describe the running session.
  /// The ``path`` is: the open screens come back after a restart. A state encoded before the
  /// path existed decodes with none open.
  public struct Orders: Equatable, Sendable, Codable {
    /// The orders, oldest first.
    public var list: IdentifiedArray<Order>
    /// The number the next new order gets: above every order's, and at most
    /// ``Order/maximumID`` + 1, which means no number is left.
    public var nextID: Order.ID
    /// The order-detail screens pushed on top of the list, bottom first.
    public var path: StackState<OrderDetail.State>
    /// A question the user must answer before a delete or a cancellation happens.
    @PresentationState public var confirmation: ConfirmationDialogState<Action.Confirmation>? =
      nil
    /// Why the user's last request could not be done, or `nil`.
    public var problem: String? = nil

    /// Creates the state; by default no orders and no open screens.
    public init(
      list: IdentifiedArray<Order> = [], nextID: Order.ID? = nil,
      path: StackState<OrderDetail.State> = []
    ) {
      self.list = list
      self.nextID = nextID ?? (list.map(\.id).max() ?? 0) + 1
      self.path = path
    }

    /// Marks orders that were being submitted as failed, because the submission did not
    /// survive: call it on state restored from disk, whose effects died with the last run.
    ///
    /// ```swift
    /// var orders = try JSONDecoder().decode(OrdersFeature.Orders.self, from: data)
    /// orders.failInterruptedSubmissions()
    /// ```
    public mutating func failInterruptedSubmissions() {
      for index in list.indices where list[index].status.isSubmitted {
        list[index].status = .failed(
          reason: "The app quit while this order was being submitted; retry to submit it again.")
      }
    }

    /// Closes the screens from the first one that shows order `id`, and every screen above it.
    mutating func closeScreens(showing id: Order.ID) {
      guard let index = path.firstIndex(where: { $0.orderID == id }) else { return }
      path.pop(from: path.ids[index])
    }

    /// Dismisses the question whether to cancel order `id`'s submission, which has ended.
    mutating func dropCancelQuestion(for id: Order.ID) {
      let asks = confirmation?.buttons.contains { $0.action == .cancelSubmission(id) } ?? false
      if asks { confirmation = nil }
    }

    private enum CodingKeys: String, CodingKey {
      case list, nextID, path
    }

    /// Decodes the orders; a missing `path` (a state saved before screens existed) is empty.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      list = try container.decode(IdentifiedArray<Order>.self, forKey: .list)
      nextID = try container.decode(Order.ID.self, forKey: .nextID)
      path =
        try container.decodeIfPresent(StackState<OrderDetail.State>.self, forKey: .path) ?? []
    }

    /// Encodes the orders, the next number and the open screens.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(list, forKey: .list)
      try container.encode(nextID, forKey: .nextID)
      try container.encode(path, forKey: .path)
    }
  }
}
