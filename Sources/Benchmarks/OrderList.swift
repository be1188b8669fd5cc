import Core

/// A list of orders: the shape behind the flat-list and large-state cases.
struct OrderList: Reducer {
  struct Order: Equatable, Identifiable, Sendable {
    let id: Int
    var title: String
    var quantity = 1
    var isPaid = false
  }

  enum OrderAction: Equatable, Sendable {
    case quantityIncremented
  }

  struct State: Equatable, Sendable {
    var orders: IdentifiedArray<Order>
    var filter = ""

    init(count: Int) {
      orders = IdentifiedArray(
        uniqueElements: (0..<count).map { Order(id: $0, title: "Order \($0)") })
    }
  }

  enum Action: Equatable, Sendable {
    case order(id: Int, action: OrderAction)
  }

  var body: some Reducer<State, Action> {
    EmptyReducer()
      .forEach(\.orders, action: Action.order) {
        Reduce { order, _ in
          order.quantity += 1
          return .none
        }
      }
  }
}
