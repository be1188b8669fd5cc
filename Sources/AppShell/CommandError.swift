/// Why a command line was rejected, and what is valid instead.
struct CommandError: Error, Equatable, CustomStringConvertible {
  let message: String

  init(_ message: String) {
    self.message = message
  }

  var description: String { message }
}
