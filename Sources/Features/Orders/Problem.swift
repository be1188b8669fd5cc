/// Why a user's request could not be done; becomes ``OrdersFeature/Orders/problem``.
struct Problem: Error {
  let message: String

  init(_ message: String) {
    self.message = message
  }
}
