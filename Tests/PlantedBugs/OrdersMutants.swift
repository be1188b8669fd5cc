import Core
import Orders
import Profile

/// Orders with a planted bug: each mutant wraps the feature and changes what it does in one
/// case, as a slip in its code would. The random sessions of Orders must find each.
public enum OrdersMutant: String, CaseIterable, Sendable {
  /// Cancelling a submission leaves its effect running, and a confirmation that arrives after
  /// the cancellation is accepted: new order, item, submit, cancel, confirm the question, and
  /// the four steps of the service's clock (9 steps; 6 with the clock's steps merged).
  case lateConfirmationAccepted
  /// A changed quantity up to 109 is accepted: a limit checked a little off, inside the range
  /// the sessions draw from rather than at its ends (new order, item, change its quantity: 3
  /// steps).
  case quantityLimitInsideTheRange
  /// Adding an item again checks each quantity but not their sum: two edits whose sum crosses
  /// the limit (new order, item, the same item again: 3 steps).
  case addedQuantitiesCrossTheLimit
  /// Items can be added to a confirmed order: the guard accepts the status the submission's
  /// effect left behind (new order, item, submit, the service's four steps, item: 5 steps).
  case confirmedOrderEditable
  /// A confirmation after a confirmed order was deleted earns its points twice: what one
  /// effect produced (a confirmed order) must be changed (deleted) before another effect lands
  /// (a second confirmation): 16 steps, 10 with the clock's steps merged.
  case pointsAfterADeletion

  /// The shortest session that shows the bug, clock steps merged.
  public var minimalSteps: Int {
    switch self {
    case .lateConfirmationAccepted: 6
    case .quantityLimitInsideTheRange: 3
    case .addedQuantitiesCrossTheLimit: 3
    case .confirmedOrderEditable: 5
    case .pointsAfterADeletion: 10
    }
  }

  /// How many sessions a run needs to find the bug nearly every time: the default budget
  /// (200), or, for a sequence a dozen steps deep with the clock, 300 (a few seconds a run).
  public var sessions: Int {
    switch self {
    case .pointsAfterADeletion: 300
    default: 200
    }
  }

  /// The mutant's reducer.
  public var reducer: some Reducer<OrdersModuleState, OrdersFeature.Action> {
    Mutated(mutant: self)
  }
}

private struct Mutated: Reducer {
  let mutant: OrdersMutant

  var body: some Reducer<OrdersModuleState, OrdersFeature.Action> {
    Reduce { state, action in
      let before = state
      var effect = OrdersFeature().reduce(into: &state, action: action)
      switch (mutant, action) {
      case (.lateConfirmationAccepted, .confirmation(.presented(.cancelSubmission))):
        // The slip: the cancellation of the submission's effect is lost.
        effect = .none
      case (.lateConfirmationAccepted, let .submissionConfirmed(id, code)):
        if case .cancelled = before.orders.list[id: id]?.status {
          state.orders.list[id: id]?.status = .confirmed(code: code)
        }
      case (.quantityLimitInsideTheRange, let .view(.quantityChanged(id, sku, quantity))):
        if (100...109).contains(quantity), state.orders.list[id: id]?.status.isEditable == true,
          state.orders.list[id: id]?.lines[id: sku] != nil
        {
          state.orders.list[id: id]?.lines[id: sku]?.quantity = quantity
          state.orders.problem = nil
        }
      case (.addedQuantitiesCrossTheLimit, let .view(.addItemButtonTapped(id, sku, quantity))):
        if let old = before.orders.list[id: id]?.lines[id: sku], old.quantity < 100,
          (1...LineItem.maximumQuantity).contains(quantity),
          old.quantity + quantity > LineItem.maximumQuantity,
          before.orders.list[id: id]?.status.isEditable == true
        {
          state.orders.list[id: id]?.lines[id: sku]?.quantity = old.quantity + quantity
          state.orders.problem = nil
        }
      case (.confirmedOrderEditable, let .view(.addItemButtonTapped(id, sku, quantity))):
        if case .confirmed = before.orders.list[id: id]?.status,
          let product = Product.named(sku), (1...LineItem.maximumQuantity).contains(quantity)
        {
          let total = (before.orders.list[id: id]?.lines[id: sku]?.quantity ?? 0) + quantity
          if total <= LineItem.maximumQuantity {
            state.orders.list[id: id]?.lines[id: sku] = LineItem(product: product, quantity: total)
            state.orders.problem = nil
          }
        }
      case (.pointsAfterADeletion, let .submissionConfirmed(id, _)):
        let deleted = before.orders.list.count < before.orders.nextID - 1
        if deleted, before.profile.loyaltyPoints > 0,
          before.orders.list[id: id]?.status.isSubmitted == true
        {
          state.profile.loyaltyPoints += before.orders.list[id: id]?.loyaltyPoints ?? 0
        }
      default:
        break
      }
      return effect
    }
  }
}
