extension PresentationAction: Codable where Action: Codable {
  private enum CodingKeys: String, CodingKey {
    case presented, dismiss
  }

  /// Decodes `{"presented": action}` or `{"dismiss": true}`, as ``encode(to:)`` writes them.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if container.contains(.presented) {
      self = .presented(try container.decode(Action.self, forKey: .presented))
    } else if container.contains(.dismiss) {
      self = .dismiss
    } else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: container.codingPath,
          debugDescription: "expected 'presented' or 'dismiss' for a PresentationAction"))
    }
  }

  /// Encodes `.presented(action)` as `{"presented": action}` and `.dismiss` as
  /// `{"dismiss": true}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .presented(let action): try container.encode(action, forKey: .presented)
    case .dismiss: try container.encode(true, forKey: .dismiss)
    }
  }
}
