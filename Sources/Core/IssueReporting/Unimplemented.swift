/// A closure that reports an issue each time it is called: the test value of a dependency's
/// endpoint, so that a test that reaches it without planning for it fails, naming it.
///
/// ```swift
/// enum NumberClientKey: DependencyKey {
///   static let liveValue = NumberClient(fetch: { try await fetchFromServer() })
///   static let testValue = NumberClient(fetch: unimplemented("NumberClient.fetch"))
/// }
/// ```
///
/// A test that sends an action whose effect calls `fetch`, without overriding it in
/// `withDependencies:`, fails with "Unimplemented: 'NumberClient.fetch' …" at the line of
/// `unimplemented`; see ``reportIssue(_:fileID:filePath:line:column:)`` for where issues go.
/// The closure then throws ``UnimplementedFailure``; one that cannot throw returns
/// `placeholder` (the `unimplemented(_:placeholder:)` forms).
///
/// - Parameters:
///   - description: What is unimplemented, written as the dependency and its endpoint:
///     `"NumberClient.fetch"`.
///   - fileID: The file ID to report at; the caller's by default.
///   - filePath: The file path to report at; the caller's by default.
///   - line: The line to report at; the caller's by default.
///   - column: The column to report at; the caller's by default.
/// - Returns: A closure that reports, then throws ``UnimplementedFailure``.
public func unimplemented<each Argument, Result>(
  _ description: String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) throws -> Result {
  let failure = UnimplementedFailure(endpoint: description)
  let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  return { (_: repeat each Argument) in
    failure.report(at: location)
    throw failure
  }
}

/// An `async` closure that reports an issue each time it is called, then throws
/// ``UnimplementedFailure``.
///
/// The `async` form of `unimplemented(_:)`, chosen where the endpoint is `async throws`.
public func unimplemented<each Argument, Result>(
  _ description: String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) async throws -> Result {
  let failure = UnimplementedFailure(endpoint: description)
  let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  return { (_: repeat each Argument) in
    failure.report(at: location)
    throw failure
  }
}

/// A closure that reports an issue each time it is called, then returns `placeholder`: for an
/// endpoint that cannot throw.
///
/// ```swift
/// public static let testValue = OrdersClient(
///   submit: unimplemented(
///     "OrdersClient.submit",
///     placeholder: AsyncThrowingStream {
///       $0.finish(throwing: UnimplementedFailure(endpoint: "OrdersClient.submit"))
///     }))
/// ```
///
/// - Parameters:
///   - description: What is unimplemented, written as the dependency and its endpoint.
///   - placeholder: What the closure returns after reporting.
///   - fileID: The file ID to report at; the caller's by default.
///   - filePath: The file path to report at; the caller's by default.
///   - line: The line to report at; the caller's by default.
///   - column: The column to report at; the caller's by default.
/// - Returns: A closure that reports, then returns `placeholder`.
public func unimplemented<each Argument, Result>(
  _ description: String = "",
  placeholder: @autoclosure @escaping @Sendable () -> Result,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) -> Result {
  let failure = UnimplementedFailure(endpoint: description)
  let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  return { (_: repeat each Argument) in
    failure.report(at: location)
    return placeholder()
  }
}

/// An `async` closure that reports an issue each time it is called, then returns
/// `placeholder`: for an `async` endpoint that cannot throw.
public func unimplemented<each Argument, Result>(
  _ description: String = "",
  placeholder: @autoclosure @escaping @Sendable () -> Result,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) async -> Result {
  let failure = UnimplementedFailure(endpoint: description)
  let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  return { (_: repeat each Argument) in
    failure.report(at: location)
    return placeholder()
  }
}
