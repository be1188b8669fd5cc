import Foundation
import Core
import Profile

/// The orders module: put orders together, submit them to the order service, follow their
/// progress, and cancel or retry them.
///
/// It works on ``OrdersModuleState``: its own ``Orders`` plus the shared profile, which it
/// reads (the name and address an order ships to, the loyalty tier) and changes (a default
/// address taken from an order, points earned by confirmed orders).
///
/// ```swift
/// let store = Store(initialState: OrdersModuleState(profile: profile)) { OrdersFeature() }
/// store.send(.view(.newOrderButtonTapped))                                   // order #1
/// store.send(.view(.addItemButtonTapped(orderID: 1, sku: "mug", quantity: 2)))
/// store.send(.view(.submitButtonTapped(orderID: 1)))
/// // .submissionProgressed(id: 1, percent: 25) ... .submissionConfirmed(id: 1, code: ...)
/// ```
///
/// A request that cannot be done (editing a confirmed order, an unknown product) changes
/// nothing but ``Orders/problem``, which says why until the next intent, or until a
/// submission's news changes the orders.
///
/// > Note: The reducer's `State` is ``OrdersModuleState``, and the module's own stored state
/// > is ``Orders``: a reducer's `State` must be the state it works on, so the own state
/// > cannot also be called `OrdersFeature.State`.
public struct OrdersFeature: Reducer {
  /// The state the reducer works on: the orders and the shared profile.
  public typealias State = OrdersModuleState

  /// What happens in the orders module.
  public enum Action: Equatable, Sendable, Codable {
    /// Something the user did.
    case view(View)
    /// The service processed `percent` percent of the order (sent by the submit effect).
    case submissionProgressed(id: Order.ID, percent: Int)
    /// The service confirmed the order (sent by the submit effect).
    case submissionConfirmed(id: Order.ID, code: String)
    /// The service refused the order, or the submission broke (sent by the submit effect).
    case submissionFailed(id: Order.ID, reason: String)
    /// An action of an order-detail screen on the stack, or a push or pop.
    case path(StackAction<OrderDetail.State, OrderDetail.Action>)
    /// The answer to the confirmation dialog, or its dismissal.
    case confirmation(PresentationAction<Confirmation>)
    /// What the module tells its parent.
    case delegate(Delegate)

    /// What a confirmation dialog's buttons send.
    public enum Confirmation: Equatable, Sendable, Codable {
      /// The user confirmed deleting the order.
      case deleteOrder(Order.ID)
      /// The user confirmed cancelling the order's submission.
      case cancelSubmission(Order.ID)
    }

    /// The user's intents, with the answers to a dialog the only actions a view sends.
    public enum View: Equatable, Sendable, Codable {
      /// Starts a new, empty draft with the next order number; refused, changing only the
      /// problem, once the numbers are used up (see ``Order/maximumID``).
      case newOrderButtonTapped
      /// Adds `quantity` of the product `sku` to the order (to its line, if it has one).
      case addItemButtonTapped(orderID: Order.ID, sku: String, quantity: Int)
      /// Removes the product's line from the order.
      case removeItemButtonTapped(orderID: Order.ID, sku: String)
      /// A quantity of 0 removes the line.
      case quantityChanged(orderID: Order.ID, sku: String, quantity: Int)
      /// `nil` ships to the profile's default address.
      case shippingAddressChanged(orderID: Order.ID, ShippingAddress?)
      /// Makes the order's own shipping address the profile's default address.
      case useAsDefaultAddressButtonTapped(orderID: Order.ID)
      /// Submits a draft to the order service.
      case submitButtonTapped(orderID: Order.ID)
      /// Asks to confirm stopping a running submission; confirmed, the order becomes cancelled.
      case cancelSubmissionButtonTapped(orderID: Order.ID)
      /// Submits a failed or cancelled order again.
      case retryButtonTapped(orderID: Order.ID)
      /// Asks to confirm deleting an order that is not being submitted.
      case deleteButtonTapped(orderID: Order.ID)
      /// Pushes the order's detail screen, or goes back to it when it is already open.
      case openButtonTapped(orderID: Order.ID)
      /// Pops the top detail screen.
      case backButtonTapped
    }

    /// Outputs for the parent.
    public enum Delegate: Equatable, Sendable, Codable {
      /// The service confirmed the order, which earned `points` loyalty points.
      case orderConfirmed(id: Order.ID, total: Money, points: Int)
      /// The service refused the order.
      case orderFailed(id: Order.ID, reason: String)
    }
  }

  enum CancelID: Hashable, Sendable {
    case submission(Order.ID)
  }

  @Dependency(\.ordersClient) var ordersClient

  /// Creates the reducer.
  public init() {}

  /// Handles the user's intents, then the submission effect's feedback.
  public var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case let .view(intent):
        state.orders.problem = nil
        // A new intent is an answer too: neither button, so the question goes away.
        state.orders.confirmation = nil
        do {
          return try handle(intent, &state)
        } catch {
          state.orders.problem = (error as? Problem)?.message ?? String(describing: error)
          return .none
        }

      case let .submissionProgressed(id, percent):
        guard state.orders.list[id: id]?.status.isSubmitted == true else { return .none }
        state.orders.list[id: id]?.status = .submitted(progress: percent)
        state.orders.problem = nil
        return .none

      case let .submissionConfirmed(id, code):
        guard let order = state.orders.list[id: id], order.status.isSubmitted else {
          return .none
        }
        state.orders.list[id: id]?.status = .confirmed(code: code)
        state.orders.problem = nil
        state.orders.dropCancelQuestion(for: id)
        state.profile.loyaltyPoints += order.loyaltyPoints
        return .send(
          .delegate(.orderConfirmed(id: id, total: order.total, points: order.loyaltyPoints)))

      case let .submissionFailed(id, reason):
        guard state.orders.list[id: id]?.status.isSubmitted == true else { return .none }
        state.orders.list[id: id]?.status = .failed(reason: reason)
        state.orders.problem = nil
        state.orders.dropCancelQuestion(for: id)
        return .send(.delegate(.orderFailed(id: id, reason: reason)))

      case let .confirmation(.presented(answer)):
        state.orders.problem = nil
        do {
          return try confirmed(answer, &state)
        } catch {
          state.orders.problem = (error as? Problem)?.message ?? String(describing: error)
          return .none
        }

      case .confirmation(.dismiss), .path, .delegate:
        return .none
      }
    }
    .forEach(\.orders.path, action: Action.path) { OrderDetail() }
    .ifLet(\.orders.$confirmation, action: Action.confirmation)
  }

  private func handle(_ intent: Action.View, _ state: inout State) throws -> Effect<Action> {
    switch intent {
    case .newOrderButtonTapped:
      let id = state.orders.nextID
      guard id <= Order.maximumID else {
        throw Problem(
          "Order numbers end at #\(Order.maximumID), which is taken: no new order can be "
            + "created.")
      }
      guard state.orders.list[id: id] == nil else {
        throw Problem("The next order number, #\(id), is taken: no new order can be created.")
      }
      state.orders.list.append(Order(id: id))
      state.orders.nextID = id + 1
      return .none

    case let .addItemButtonTapped(id, sku, quantity):
      guard let product = Product.named(sku) else {
        let skus = Product.catalog.map(\.sku).joined(separator: ", ")
        throw Problem("There is no product '\(sku)'. Products: \(skus).")
      }
      try check(quantity: quantity, of: product.sku, allowingZero: false)
      try edit(id, &state) { order in
        let total = (order.lines[id: product.sku]?.quantity ?? 0) + quantity
        try check(quantity: total, of: product.sku, allowingZero: false)
        order.lines[id: product.sku] = LineItem(product: product, quantity: total)
      }
      return .none

    case let .removeItemButtonTapped(id, sku):
      try edit(id, &state) { order in
        guard order.lines.remove(id: sku.lowercased()) != nil else {
          throw Problem("Order #\(order.id) has no '\(sku)'.")
        }
      }
      return .none

    case let .quantityChanged(id, sku, quantity):
      try edit(id, &state) { order in
        guard order.lines[id: sku.lowercased()] != nil else {
          throw Problem("Order #\(order.id) has no '\(sku)'; add it first.")
        }
        try check(quantity: quantity, of: sku, allowingZero: true)
        if quantity == 0 {
          order.lines.remove(id: sku.lowercased())
        } else {
          order.lines[id: sku.lowercased()]?.quantity = quantity
        }
      }
      return .none

    case let .shippingAddressChanged(id, address):
      if let problem = address?.problem { throw Problem(problem) }
      try edit(id, &state) { $0.shippingAddress = address }
      return .none

    case let .useAsDefaultAddressButtonTapped(id):
      let order = try find(id, in: state)
      guard let address = order.shippingAddress, address != state.profile.address else {
        throw Problem("Order #\(id) already ships to your default address.")
      }
      state.profile.address = address
      if order.status.isEditable {
        // It ships to the default address now; keeping a copy would hide later changes to it.
        state.orders.list[id: id]?.shippingAddress = nil
      }
      return .none

    case let .submitButtonTapped(id):
      let order = try find(id, in: state)
      guard order.status == .draft else {
        throw Problem(
          order.status.isEditable
            ? "Order #\(id) is \(order.status.name); retry it to submit it again."
            : "Order #\(id) is already \(order.status.name).")
      }
      return try submit(order, &state)

    case let .retryButtonTapped(id):
      let order = try find(id, in: state)
      switch order.status {
      case .failed, .cancelled:
        return try submit(order, &state)
      case .draft:
        throw Problem("Order #\(id) is a draft; submit it instead.")
      case .submitted, .confirmed:
        throw Problem("Order #\(id) is already \(order.status.name).")
      }

    case let .cancelSubmissionButtonTapped(id):
      let order = try find(id, in: state)
      guard order.status.isSubmitted else {
        throw Problem("Order #\(id) is \(order.status.name), not being submitted.")
      }
      state.orders.confirmation = Self.cancelConfirmation(orderID: id)
      return .none

    case let .deleteButtonTapped(id):
      try checkDeletable(try find(id, in: state))
      state.orders.confirmation = Self.deleteConfirmation(orderID: id)
      return .none

    case let .openButtonTapped(id):
      _ = try find(id, in: state)
      if let index = state.orders.path.firstIndex(where: { $0.orderID == id }) {
        state.orders.path.pop(to: state.orders.path.ids[index])
      } else {
        state.orders.path.append(OrderDetail.State(orderID: id))
      }
      return .none

    case .backButtonTapped:
      guard state.orders.path.popLast() != nil else {
        throw Problem("No order is open; 'open <order>' opens one.")
      }
      return .none
    }
  }

  /// The question `order delete` asks before deleting order `id`.
  public static func deleteConfirmation(
    orderID id: Order.ID
  ) -> ConfirmationDialogState<Action.Confirmation> {
    ConfirmationDialogState(
      title: "Delete order #\(id)?",
      message: "Its lines go with it.",
      buttons: [
        ButtonState(role: .destructive, action: .deleteOrder(id), label: "delete it"),
        ButtonState(role: .cancel, label: "keep it"),
      ])
  }

  /// The question `order cancel` asks before stopping order `id`'s submission.
  public static func cancelConfirmation(
    orderID id: Order.ID
  ) -> ConfirmationDialogState<Action.Confirmation> {
    ConfirmationDialogState(
      title: "Cancel the submission of order #\(id)?",
      message: "The order service stops working on it; you can retry it later.",
      buttons: [
        ButtonState(role: .destructive, action: .cancelSubmission(id), label: "cancel it"),
        ButtonState(role: .cancel, label: "keep submitting"),
      ])
  }

  /// Does what the user confirmed, if it can still be done.
  private func confirmed(
    _ answer: Action.Confirmation, _ state: inout State
  ) throws -> Effect<Action> {
    switch answer {
    case let .deleteOrder(id):
      try checkDeletable(try find(id, in: state))
      state.orders.list.remove(id: id)
      state.orders.closeScreens(showing: id)
      return .none

    case let .cancelSubmission(id):
      let order = try find(id, in: state)
      guard order.status.isSubmitted else {
        throw Problem("Order #\(id) is \(order.status.name) now; there is nothing to cancel.")
      }
      state.orders.list[id: id]?.status = .cancelled
      return .cancel(id: CancelID.submission(id))
    }
  }

  private func checkDeletable(_ order: Order) throws {
    guard !order.status.isSubmitted else {
      throw Problem("Order #\(order.id) is being submitted; cancel it before deleting it.")
    }
  }

  /// Validates `order` against the profile, marks it submitted and starts the submission.
  private func submit(_ order: Order, _ state: inout State) throws -> Effect<Action> {
    guard !order.lines.isEmpty else {
      throw Problem("Order #\(order.id) is empty; add an item first.")
    }
    let profile = state.profile
    guard !profile.name.trimmingCharacters(in: .whitespaces).isEmpty else {
      throw Problem("Orders carry your name: save a name in your profile first.")
    }
    let address = order.shippingAddress ?? profile.address
    guard !address.isEmpty else {
      throw Problem(
        "Order #\(order.id) has nowhere to ship: save a default address in your profile, "
          + "or give the order its own.")
    }
    let recipient = Recipient(name: profile.name, address: address)
    state.orders.list[id: order.id]?.recipient = recipient
    state.orders.list[id: order.id]?.status = .submitted(progress: 0)
    let submission = OrderSubmission(
      orderID: order.id, lines: Array(order.lines), total: order.total, recipient: recipient,
      tier: profile.tier)
    let id = order.id
    return .run { [ordersClient] send in
      for try await event in ordersClient.submit(submission) {
        switch event {
        case let .progressed(percent):
          await send(.submissionProgressed(id: id, percent: percent))
        case let .confirmed(code):
          await send(.submissionConfirmed(id: id, code: code))
          return
        }
      }
      try Task.checkCancellation()
      await send(
        .submissionFailed(
          id: id, reason: "The order service stopped answering before confirming the order."))
    } catch: { error, send in
      await send(.submissionFailed(id: id, reason: String(describing: error)))
    }
    .cancellable(id: CancelID.submission(id), cancelInFlight: true)
  }

  private func find(_ id: Order.ID, in state: State) throws -> Order {
    guard let order = state.orders.list[id: id] else {
      let ids = state.orders.list.map { "#\($0.id)" }.joined(separator: ", ")
      throw Problem(
        "There is no order #\(id). "
          + (ids.isEmpty ? "There are no orders yet." : "Orders: \(ids)."))
    }
    return order
  }

  /// Changes an editable order; a failed or cancelled order becomes a draft again.
  private func edit(
    _ id: Order.ID, _ state: inout State, _ change: (inout Order) throws -> Void
  ) throws {
    var order = try find(id, in: state)
    guard order.status.isEditable else {
      throw Problem("Order #\(id) is \(order.status.name); only drafts can change.")
    }
    try change(&order)
    order.status = .draft
    state.orders.list[id: id] = order
  }

  private func check(quantity: Int, of sku: String, allowingZero: Bool) throws {
    let lowest = allowingZero ? 0 : 1
    guard (lowest...LineItem.maximumQuantity).contains(quantity) else {
      throw Problem(
        "\(quantity) is not a valid quantity of '\(sku)': use \(lowest) to "
          + "\(LineItem.maximumQuantity).")
    }
  }
}
