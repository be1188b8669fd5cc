/// How an operator finds a child value in a parent value: an explicit ``AnyCasePath`` (or
/// `extract:` closure), which is a compiled `switch`, or an enum case constructor, proven at
/// run time by a ``CaseRoute``.
@usableFromInline
package enum ChildRoute<Parent, Child>: Sendable {
  case explicit(AnyCasePath<Parent, Child>)
  case constructor(CaseRoute<Parent, Child>)

  /// A route through the enum case constructor `embed`.
  package init(_ embed: @escaping @Sendable (Child) -> Parent) {
    self = .constructor(CaseRoute(embed: embed))
  }

  /// A route through an explicit case path.
  package init(_ path: AnyCasePath<Parent, Child>) {
    self = .explicit(path)
  }

  /// A route through an explicit `extract` closure.
  package init(
    embed: @escaping @Sendable (Child) -> Parent, extract: @escaping @Sendable (Parent) -> Child?
  ) {
    self = .explicit(AnyCasePath(embed: embed, extract: extract))
  }

  /// Embeds a child in the parent.
  package var embed: @Sendable (Child) -> Parent {
    switch self {
    case .explicit(let path): path.embedValue
    case .constructor(let route): route.embed
    }
  }

  /// The child `parent` carries, or `nil`.
  @inlinable
  package func extract(_ parent: Parent) -> Child? {
    switch self {
    case .explicit(let path): path.extract(from: parent)
    case .constructor(let route): route.extract(parent)
    }
  }

  /// Whether `parent` is known to carry no child, without building an `Optional<Child>`
  /// (see ``CaseRoute/match(_:)``); `.general` means call ``extract(_:)``.
  @inlinable
  package func match(_ parent: Parent) -> CaseMatch {
    switch self {
    case .explicit: .general
    case .constructor(let route): route.match(parent)
    }
  }
}
