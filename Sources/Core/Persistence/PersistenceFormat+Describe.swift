import Foundation

extension PersistenceFormat {
  /// A decoding error as one line: what went wrong, and where in the JSON.
  static func describe(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    func path(_ context: DecodingError.Context) -> String {
      let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }
        .joined()
      return path.isEmpty
        ? "at the top level" : "at '\(path.dropFirst(path.hasPrefix(".") ? 1 : 0))'"
    }
    switch error {
    case let .dataCorrupted(context):
      if context.codingPath.isEmpty { return "the file is not valid JSON" }
      return "\(context.debugDescription) \(path(context))"
    case let .keyNotFound(key, context):
      return "'\(key.stringValue)' is missing \(path(context))"
    case let .typeMismatch(_, context), let .valueNotFound(_, context):
      return "\(context.debugDescription) \(path(context))"
    @unknown default:
      return error.localizedDescription
    }
  }
}
