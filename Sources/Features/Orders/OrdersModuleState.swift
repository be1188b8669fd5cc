import Profile

/// The state the Orders module works on: its own orders plus the user's profile, which it
/// shares with the Profile module.
///
/// The app stores each part once and assembles this on demand, with a computed property
/// whose setter writes both parts back:
///
/// ```swift
/// struct AppState {
///   var profile: ProfileFeature.State
///   var orders: OrdersFeature.Orders
///
///   var ordersModule: OrdersModuleState {
///     get { OrdersModuleState(orders: orders, profile: profile) }
///     set {
///       orders = newValue.orders
///       profile = newValue.profile
///     }
///   }
/// }
/// ```
///
/// So when ``OrdersFeature`` changes the profile (a new default address, loyalty points), the
/// change lands in the one profile the Profile module shows too.
public struct OrdersModuleState: Equatable, Sendable {
  /// The module's own state.
  public var orders: OrdersFeature.Orders
  /// The shared profile.
  public var profile: ProfileFeature.State

  /// Assembles a module state.
  public init(
    orders: OrdersFeature.Orders = OrdersFeature.Orders(),
    profile: ProfileFeature.State = ProfileFeature.State()
  ) {
    self.orders = orders
    self.profile = profile
  }
}
