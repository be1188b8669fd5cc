/// An action enum of a module built with `-disable-reflection-metadata`: its cases' payload
/// types and names cannot be read at run time.
public enum UnreflectedAction: Equatable, Sendable {
  case child(Int)
  case other
}
