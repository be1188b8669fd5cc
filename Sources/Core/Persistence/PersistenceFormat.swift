import Foundation

/// How a piece of state is written to its file: a name, a version, the migrations from older
/// versions, and a check of what was read.
///
/// A feature module declares the format of the state it owns, next to the state, as the
/// Settings module of `Examples/Settings` does:
///
/// ```swift
/// extension PersistenceFormat<SettingsFeature.State> {
///   public static let settings = PersistenceFormat(name: "Settings", version: 3)
///     .migration(from: 1) { (old: SettingsV1) in
///       SettingsV2(theme: old.darkMode ? "dark" : "light", fontSize: 14)
///     }
///     .migration(from: 2) { (old: SettingsV2) in
///       SettingsFeature.State(
///         theme: Theme(rawValue: old.theme) ?? .system, textSize: old.fontSize, notifications: true)
///     }
///     ...
/// }
/// ```
///
/// The file is JSON, pretty-printed with sorted keys so that saves diff well:
/// `{ "format": "Settings", "state": { ... }, "version": 3 }`. A file of an older version is
/// migrated one version at a time, each step a function from the decoded old value to the next
/// version's value; a file of another format, of a newer version, or with a version that has
/// no migration is refused (and moved aside, see ``PersistedState``).
public struct PersistenceFormat<Value: Codable & Sendable>: Sendable {
  /// The name written in every file, checked when reading.
  public let name: String
  /// The version written in every file; files of older versions are migrated.
  public let version: Int
  private var migrations: [Int: @Sendable (Data) throws -> Data] = [:]
  private var check: (@Sendable (Value) -> String?)?

  /// A format called `name` at `version` (1 or more).
  public init(name: String, version: Int = 1) {
    requireContract(version >= 1, "A persistence format's version starts at 1; got \(version).")
    self.name = name
    self.version = version
  }

  /// Adds the migration from `version` to `version + 1`: `migrate` gets the value decoded as
  /// `Old` and returns the next version's value.
  ///
  /// Register one per old version (1 → 2, 2 → 3, ...); a file is migrated through each in
  /// turn. The old types stay in the module, frozen, for as long as old files may exist.
  ///
  /// - Parameters:
  ///   - version: The version `migrate` reads, below ``version``.
  ///   - migrate: The step; a thrown error refuses the file, naming the error.
  public func migration<Old: Decodable & Sendable, New: Encodable & Sendable>(
    from version: Int, _ migrate: @escaping @Sendable (Old) throws -> New
  ) -> Self {
    requireContract(
      (1..<self.version).contains(version),
      "A migration of '\(name)' reads a version from 1 to \(self.version - 1); got \(version).")
    var format = self
    format.migrations[version] = { [name] data in
      let old = try JSONDecoder().decode(Envelope<Old>.self, from: data)
      return try Self.encode(
        Envelope(format: name, version: version + 1, state: migrate(old.state)))
    }
    return format
  }

  /// Adds a check of each value read and saved: `problem` returns why the app cannot use it,
  /// or `nil`.
  ///
  /// A file whose value has a problem is treated like one that cannot be decoded. A value with
  /// a problem is not saved: the save fails with the reason, and the file keeps the last value
  /// saved, so that the next start does not move aside a file the app wrote itself.
  public func validating(_ problem: @escaping @Sendable (Value) -> String?) -> Self {
    var format = self
    format.check = problem
    return format
  }

  /// Why the app cannot use `value`, by the check ``validating(_:)`` added; `nil` when it can.
  func problem(with value: Value) -> String? {
    check?(value)
  }

  /// The bytes of a file holding `value`.
  public func encode(_ value: Value) throws -> Data {
    try Self.encode(Envelope(format: name, version: version, state: value))
  }

  /// What a file held: its value, and the version it was written in.
  struct Decoded {
    var value: Value
    var version: Int
  }

  /// Decodes a file's bytes, migrating them from an older version; fails with why the file
  /// cannot be used.
  func decode(_ data: Data) -> Result<Decoded, Refusal> {
    let header: Header
    do {
      header = try JSONDecoder().decode(Header.self, from: data)
    } catch {
      return .failure(Refusal("it is not a valid state file (\(Self.describe(error)))"))
    }
    guard header.format == name, (1...version).contains(header.version) else {
      return .failure(
        Refusal(
          "it is '\(header.format)' version \(header.version); this app reads "
            + "'\(name)' version \(version)"))
    }
    var data = data
    for step in header.version..<version {
      guard let migrate = migrations[step] else {
        return .failure(Refusal("it is version \(step), and no migration reads version \(step)"))
      }
      do {
        data = try migrate(data)
      } catch {
        return .failure(
          Refusal("it could not be migrated from version \(step) (\(Self.describe(error)))"))
      }
    }
    let value: Value
    do {
      value = try JSONDecoder().decode(Envelope<Value>.self, from: data).state
    } catch {
      return .failure(Refusal("it is not a valid state file (\(Self.describe(error)))"))
    }
    if let problem = check?(value) {
      return .failure(Refusal("it holds a value the app cannot work with: \(problem)"))
    }
    return .success(Decoded(value: value, version: header.version))
  }

  /// Why a file cannot be used, as a clause: "it is not a valid state file (...)".
  struct Refusal: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
  }

  private struct Header: Decodable {
    var format: String
    var version: Int
  }

  fileprivate struct Envelope<State> {
    var format: String
    var version: Int
    var state: State
  }

  /// Pretty, stable JSON: sorted keys, so saved files diff well.
  private static func encode(_ value: some Encodable) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    var data = try encoder.encode(value)
    data.append(UInt8(ascii: "\n"))
    return data
  }
}

extension PersistenceFormat.Envelope: Decodable where State: Decodable {}
extension PersistenceFormat.Envelope: Encodable where State: Encodable {}
