/// One case of an enum with a payload, given by its case constructor (`State.edit`) or an
/// explicit ``AnyCasePath``: embeds a payload and extracts it back, with the same routing as
/// child actions (``ChildRoute``).
@usableFromInline
struct EnumCase<Enum, Payload>: Sendable {
  @usableFromInline
  let route: ChildRoute<Enum, Payload>
  @usableFromInline
  let embed: @Sendable (Payload) -> Enum

  init(_ embed: @escaping @Sendable (Payload) -> Enum) {
    self.route = ChildRoute(embed)
    self.embed = embed
  }

  init(_ path: AnyCasePath<Enum, Payload>) {
    self.route = ChildRoute(path)
    self.embed = path.embedValue
  }

  /// The payload of `value` when it is this case.
  @inlinable
  func extract(_ value: Enum) -> Payload? {
    route.extract(value)
  }

  /// Whether `value` is this case, without copying the payload once the case is known.
  func matches(_ value: Enum) -> Bool {
    switch route.match(value) {
    case .otherCase: false
    case .inline: true
    case .general: route.extract(value) != nil
    }
  }

  /// Runs `body` on the payload of `value` and embeds the result back, when `value` is this
  /// case; returns `nil` (leaving `value` alone) when it is not. Inlinable, like
  /// ``ChildRoute/extract(_:)``, so that a `Scope` to a case reads and writes its payload in
  /// code specialized for its types.
  @inlinable
  func modify<Result>(_ value: inout Enum, _ body: (inout Payload) -> Result) -> Result? {
    guard var payload = route.extract(value) else { return nil }
    let result = body(&payload)
    value = embed(payload)
    return result
  }
}
