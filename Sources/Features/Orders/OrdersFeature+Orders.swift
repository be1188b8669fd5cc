import Core

extension OrdersFeature {
  /// The Orders module's own state: the orders, the next order number, and the last problem.
  ///
  /// This is what the app stores; ``OrdersModuleState`` adds the shared profile to it. The
  /// ``problem`` is not encoded: it describes the running session.
  public struct Orders: Equatable, Sendable, Codable {
    /// The orders, oldest first.
    public var list: IdentifiedArray<Order>
    /// The number the next new order gets.
    public var nextID: Order.ID
    /// Why the user's last request could not be done, or `nil`.
    public var problem: String? = nil

    /// Creates the state; by default no orders.
    public init(list: IdentifiedArray<Order> = [], nextID: Order.ID? = nil) {
      self.list = list
      self.nextID = nextID ?? (list.map(\.id).max() ?? 0) + 1
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

    private enum CodingKeys: String, CodingKey {
      case list, nextID
    }
  }
}
