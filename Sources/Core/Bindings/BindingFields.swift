/// The fields of a state that binding actions set, each under a stable name: what makes a
/// ``BindingAction`` `Codable`, so that a feature that binds can be recorded.
///
/// A state lists its bindable fields once, a line each, by adopting ``BindingCodable``:
///
/// ```swift
/// extension SettingsFeature.State: BindingCodable {
///   static let bindingFields = BindingFields<Self>(
///     .field("nickname", \.nickname),
///     .field("isMuted", \.isMuted))
/// }
/// ```
///
/// A binding action then encodes as `{"field":"nickname","value":"Ada"}`. The name, not the
/// property's, is what a recording holds: rename the property and keep the name, and earlier
/// recordings still decode.
public struct BindingFields<Root>: Sendable {
  let fields: [BindingField<Root>]

  /// The fields `fields`, each under its own name.
  ///
  /// > Important: Give each field its own name and list each key path once; decoding takes
  /// > the first field of a name, encoding the first of a key path.
  public init(_ fields: BindingField<Root>...) {
    self.fields = fields
  }

  func field(for keyPath: AnyKeyPath) -> BindingField<Root>? {
    fields.first { $0.matches(keyPath) }
  }

  func field(named name: String) -> BindingField<Root>? {
    fields.first { $0.name == name }
  }

  var names: String {
    fields.map { "'\($0.name)'" }.joined(separator: ", ")
  }
}

/// One field of ``BindingFields``: its name in a recording and its key path.
public struct BindingField<Root>: Sendable {
  let name: String
  let matches: @Sendable (AnyKeyPath) -> Bool
  let encodeValue: @Sendable (any Sendable, any Encoder) throws -> Void
  let decodeAction: @Sendable (any Decoder) throws -> BindingAction<Root>

  /// The field at `keyPath`, recorded under `name`.
  public static func field<Value: Codable & Equatable & Sendable>(
    _ name: String, _ keyPath: any WritableKeyPath<Root, Value> & Sendable
  ) -> Self {
    Self(
      name: name,
      matches: { $0 == keyPath as AnyKeyPath },
      encodeValue: { value, encoder in
        var container = encoder.singleValueContainer()
        // A binding action of this key path holds a `Value`: `set` takes nothing else.
        guard let value = value as? Value else {
          throw EncodingError.invalidValue(
            value,
            .init(
              codingPath: encoder.codingPath,
              debugDescription: "the value set for '\(name)' is not a \(Value.self)"))
        }
        try container.encode(value)
      },
      decodeAction: { decoder in
        .set(keyPath, try decoder.singleValueContainer().decode(Value.self))
      })
  }
}

/// A state whose ``BindingAction``s can be encoded and decoded, so that a feature that binds
/// records its bindings like any other action (see ``BindingFields``).
public protocol BindingCodable {
  /// The fields binding actions set, each under its name in a recording.
  static var bindingFields: BindingFields<Self> { get }
}

extension BindingAction: Codable where Root: BindingCodable {
  private enum CodingKeys: String, CodingKey {
    case field, value
  }

  /// Decodes `{"field": name, "value": value}`.
  ///
  /// - Throws: `DecodingError.dataCorrupted` for a name ``BindingCodable/bindingFields``
  ///   does not list, naming those it does.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let name = try container.decode(String.self, forKey: .field)
    guard let field = Root.bindingFields.field(named: name) else {
      throw DecodingError.dataCorruptedError(
        forKey: .field, in: container,
        debugDescription: "\(Root.self) has no binding field named '\(name)'; its fields are "
          + "\(Root.bindingFields.names)")
    }
    self = try field.decodeAction(container.superDecoder(forKey: .value))
  }

  /// Encodes `{"field": name, "value": value}`.
  ///
  /// - Throws: `EncodingError.invalidValue` for a field ``BindingCodable/bindingFields``
  ///   does not list.
  public func encode(to encoder: any Encoder) throws {
    guard let field = Root.bindingFields.field(for: keyPath as AnyKeyPath) else {
      throw EncodingError.invalidValue(
        value,
        .init(
          codingPath: encoder.codingPath,
          debugDescription: "\(keyPath) is not among the binding fields of \(Root.self) "
            + "(\(Root.bindingFields.names)): add it to 'bindingFields' to record it"))
    }
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(field.name, forKey: .field)
    try field.encodeValue(value, container.superEncoder(forKey: .value))
  }
}
