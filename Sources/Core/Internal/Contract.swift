/// Stops the program with `message` when `condition` is false, in every build.
///
/// For the misuses whose documented contract is to stop (an index out of bounds, an element
/// given another element's id, a format version below 1). `precondition` would stop too, but an
/// optimized build drops its message, leaving the user a bare trap where this names the call
/// and the values that broke it.
func requireContract(
  _ condition: Bool, _ message: @autoclosure () -> String,
  file: StaticString = #file, line: UInt = #line
) {
  if !condition { fatalError(message(), file: file, line: line) }
}
