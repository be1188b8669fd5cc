extension StackAction: Codable where State: Codable, Action: Codable {
  private enum CodingKeys: String, CodingKey {
    case element, popFrom, push
  }

  private enum FieldKeys: String, CodingKey {
    case id, action, state
  }

  /// Decodes what ``encode(to:)`` writes.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    guard let key = container.allKeys.first, container.allKeys.count == 1 else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: container.codingPath,
          debugDescription: "expected one of 'element', 'popFrom', 'push' for a StackAction"))
    }
    let fields = try container.nestedContainer(keyedBy: FieldKeys.self, forKey: key)
    let id = try fields.decode(StackElementID.self, forKey: .id)
    switch key {
    case .element: self = .element(id: id, action: try fields.decode(Action.self, forKey: .action))
    case .popFrom: self = .popFrom(id: id)
    case .push: self = .push(id: id, state: try fields.decode(State.self, forKey: .state))
    }
  }

  /// Encodes `.element(id:action:)` as `{"element": {"id": 3, "action": ...}}`,
  /// `.popFrom(id:)` as `{"popFrom": {"id": 3}}` and `.push(id:state:)` as
  /// `{"push": {"id": 3, "state": ...}}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .element(let id, let action):
      var fields = container.nestedContainer(keyedBy: FieldKeys.self, forKey: .element)
      try fields.encode(id, forKey: .id)
      try fields.encode(action, forKey: .action)
    case .popFrom(let id):
      var fields = container.nestedContainer(keyedBy: FieldKeys.self, forKey: .popFrom)
      try fields.encode(id, forKey: .id)
    case .push(let id, let state):
      var fields = container.nestedContainer(keyedBy: FieldKeys.self, forKey: .push)
      try fields.encode(id, forKey: .id)
      try fields.encode(state, forKey: .state)
    }
  }
}
