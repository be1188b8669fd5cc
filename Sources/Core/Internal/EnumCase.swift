/// One case of an enum with a payload, given by its case constructor (`State.edit`): embeds a
/// payload and extracts it back, with the same sound extraction as child actions
/// (``ActionExtractor``).
@usableFromInline
struct EnumCase<Enum, Payload>: Sendable {
  let extractor: ActionExtractor<Enum, Payload>
  let embed: @Sendable (Payload) -> Enum

  init(_ embed: @escaping @Sendable (Payload) -> Enum) {
    self.extractor = ActionExtractor(embed: embed)
    self.embed = embed
  }

  /// The payload of `value` when it is this case.
  func extract(_ value: Enum) -> Payload? {
    extractor.extract(value)
  }

  /// Whether `value` is this case, without copying the payload once the case is known.
  func matches(_ value: Enum) -> Bool {
    switch extractor.route(value) {
    case .none: false
    case .payload: true
    case .slow: extractor.extract(value) != nil
    }
  }

  /// Runs `body` on the payload of `value` and embeds the result back, when `value` is this
  /// case; returns `nil` (leaving `value` alone) when it is not.
  func modify<Result>(_ value: inout Enum, _ body: (inout Payload) -> Result) -> Result? {
    guard var payload = extractor.extract(value) else { return nil }
    let result = body(&payload)
    value = embed(payload)
    return result
  }
}
