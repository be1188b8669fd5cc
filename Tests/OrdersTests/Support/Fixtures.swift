import Core
import Orders
import Profile

/// A profile that can order: a saved name and a default address.
let ada = ProfileFeature.State(
  name: "Ada Lovelace", email: "ada@example.org",
  address: ShippingAddress(
    street: "12 Analytical Way", city: "London", postalCode: "N1 7AA", country: "UK"))

let mug = Product.named("mug")!
let tea = Product.named("tea")!
let chair = Product.named("chair")!

/// A draft order with `lines` (product, quantity).
func draft(_ id: Int, _ lines: (Product, Int)...) -> Order {
  Order(
    id: id,
    lines: IdentifiedArray(uniqueElements: lines.map { LineItem(product: $0.0, quantity: $0.1) }))
}

/// Collects every event of a submission stream, and the error that ended it.
func collect(
  _ stream: AsyncThrowingStream<SubmissionEvent, any Error>
) async -> (events: [SubmissionEvent], error: (any Error)?) {
  var events: [SubmissionEvent] = []
  do {
    for try await event in stream { events.append(event) }
    return (events, nil)
  } catch {
    return (events, error)
  }
}
