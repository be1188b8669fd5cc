/// Why a ``ChildRoute`` cannot route, said once to the user with the fix.
enum RouteRefusal {
  case notAnEnum
  case noReflectionMetadata
  case noCase
  /// The case's payload is stored in another form than generic code reads it.
  case unreadable(Case)
  /// The case has several tuple elements that could hold the child.
  case ambiguous(Case)
  /// A tuple element beside the child cannot be compared.
  case fixedElementNotEquatable(Case, type: Any.Type)
  /// Embedding the child did not give it back.
  case notAConstructor(Case)
  /// Embedding the child gives a case whose declared payload cannot hold it where routing
  /// reads: inside a struct's property, or nowhere.
  case wrapped(Case)

  /// The parent's case a refusal names, read from the enum's metadata only when the refusal
  /// is reported.
  struct Case {
    let metadata: EnumMetadata
    let tag: UInt32

    var name: String { metadata.caseName(tag: tag) ?? "case \(tag)" }
    /// The payload type the case declares.
    var payload: Any.Type? { metadata.payloadType(tag: tag) }
  }

  func message(parent: Any.Type, child: Any.Type) -> String {
    """
    Cannot route '\(child)' actions out of '\(parent)' with the 'action:' case constructor: \
    \(reason(parent: parent, child: child)). No action is routed to the child.

    To fix, pass an explicit case path: \(explicitPath(child: child)), or an 'extract:' \
    closure where the operator takes one.
    """
  }

  /// The explicit path to write instead: for a case whose payload is the child alone, the
  /// whole path; for one whose payload has several elements (or nests another enum), its
  /// outline, with the declared payload to fill it in from.
  private func explicitPath(child: Any.Type) -> String {
    let name: String
    let payload: Any.Type?
    switch self {
    case .unreadable(let refused), .ambiguous(let refused),
      .fixedElementNotEquatable(let refused, _), .notAConstructor(let refused),
      .wrapped(let refused):
      (name, payload) = (refused.name, refused.payload)
    case .notAnEnum, .noReflectionMetadata, .noCase:
      (name, payload) = ("child", child)
    }
    guard let payload, payload != child else {
      return """
        'action: AnyCasePath(embed: { .\(name)($0) }, extract: { if case let .\(name)(value) \
        = $0 { value } else { nil } })'
        """
    }
    return """
      'action: AnyCasePath(embed: { .\(name)(…) }, extract: { if case let .\(name)(…) = $0 \
      { … } else { nil } })', where the '…' place the child in the case's payload, \
      '\(payload)'
      """
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
    case .unreadable(let refused):
      """
      case '.\(refused.name)' holds the child as a function, or holds a value type's metatype \
      beside the child or in an optional (or one of a type declared inside a function, which \
      cannot be found by name): an enum stores those in another form than generic code reads, \
      so its payload cannot be read
      """
    case .ambiguous(let refused):
      """
      case '.\(refused.name)' has several payloads that could hold a '\(child)', so which one the \
      constructor fills cannot be told
      """
    case .fixedElementNotEquatable(let refused, let type):
      """
      the '\(type)' beside the child in case '.\(refused.name)' is not Equatable (or not equal to \
      itself), so the value the constructor fixes cannot be checked
      """
    case .notAConstructor(let refused):
      """
      embedding the payload of case '.\(refused.name)' did not give it back, so the 'action' closure \
      is not an enum case constructor
      """
    case .wrapped(let refused):
      if let payload = refused.payload {
        """
        the closure puts the child in case '.\(refused.name)', inside its '\(payload)' payload, \
        which routing by constructor does not look into (it finds the child as an enum payload, \
        a tuple element or an optional, or behind an existential or a class it is cast from, \
        never among the properties of a struct or a class), so its actions cannot be told \
        from another case's
        """
      } else {
        """
        the closure gives case '.\(refused.name)', which has no payload to hold the child, so it \
        is not an enum case constructor
        """
      }
    }
  }
}
