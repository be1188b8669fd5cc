/// Why a ``ChildRoute`` cannot route, said once to the user with the fix.
enum RouteRefusal {
  case notAnEnum
  case noReflectionMetadata
  case noCase
  /// The case's payload is stored in another form than generic code reads it.
  case unreadable(caseName: String)
  /// The case has several tuple elements that could hold the child.
  case ambiguous(caseName: String)
  /// A tuple element beside the child cannot be compared.
  case fixedElementNotEquatable(caseName: String, type: Any.Type)
  /// Embedding the child did not give it back.
  case notAConstructor(caseName: String)

  func message(parent: Any.Type, child: Any.Type) -> String {
    """
    Cannot route '\(child)' actions out of '\(parent)' with the 'action:' case constructor: \
    \(reason(parent: parent, child: child)). No action is routed to the child.

    To fix, pass an explicit case path: 'action: AnyCasePath(embed: { .\(caseName)($0) }, \
    extract: { if case let .\(caseName)(value) = $0 { value } else { nil } })', or an \
    'extract:' closure where the operator takes one.
    """
  }

  private var caseName: String {
    switch self {
    case .unreadable(let name), .ambiguous(let name), .fixedElementNotEquatable(let name, _),
      .notAConstructor(let name):
      name
    case .notAnEnum, .noReflectionMetadata, .noCase:
      "child"
    }
  }

  private func reason(parent: Any.Type, child: Any.Type) -> String {
    switch self {
    case .notAnEnum:
      "'\(parent)' is not an enum, so no case constructor can be read from it"
    case .noReflectionMetadata:
      """
      '\(parent)' was built without reflection metadata (its module uses \
      '-disable-reflection-metadata'), so the payload types of its cases cannot be read
      """
    case .noCase:
      "no case of '\(parent)' declares a payload that can hold a '\(child)'"
    case .unreadable(let name):
      """
      case '.\(name)' holds the child as a function, or holds a value type's metatype: an \
      enum stores those in another form than generic code reads, so its payload cannot be read
      """
    case .ambiguous(let name):
      """
      case '.\(name)' has several payloads that could hold a '\(child)', so which one the \
      constructor fills cannot be told
      """
    case .fixedElementNotEquatable(let name, let type):
      """
      the '\(type)' beside the child in case '.\(name)' is not Equatable (or not equal to \
      itself), so the value the constructor fixes cannot be checked
      """
    case .notAConstructor(let name):
      """
      embedding the payload of case '.\(name)' did not give it back, so the 'action' closure \
      is not an enum case constructor
      """
    }
  }
}
