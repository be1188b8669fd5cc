import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The app state in a JSON file, replaced atomically on each save.
///
/// A save writes a temporary file next to the state file, flushes it to disk, then renames it
/// over the state file: a crash leaves either the old or the new state, never half of one.
///
/// A file that cannot be read or decoded is never overwritten: ``load()`` moves it aside to
/// `<name>.corrupt-<UTC timestamp>` and reports where, so the app can start fresh.
struct StateFile: Sendable {
  /// The state file.
  let url: URL
  /// The current time, for the name of a file moved aside.
  var now: @Sendable () -> Date = { Date() }

  /// The file's top level: a marker, a format version, and the state.
  struct Envelope: Codable {
    var format: String
    var version: Int
    var state: AppState
  }

  static let format = "AppShell state"
  static let version = 1

  /// Reads the state; see ``Persistence/LoadResult``.
  ///
  /// - Throws: ``StateFileError`` when the path is a directory, or when a bad file cannot be
  ///   moved aside (the app must then not start, or it would overwrite the file).
  func load() throws -> Persistence.LoadResult {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
      return .empty
    }
    guard !isDirectory.boolValue else { throw StateFileError.isDirectory(url.path) }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      return try moveAside(because: "it could not be read (\(error.localizedDescription))")
    }
    let envelope: Envelope
    do {
      envelope = try JSONDecoder().decode(Envelope.self, from: data)
    } catch {
      return try moveAside(because: "it is not a valid state file (\(Self.describe(error)))")
    }
    guard envelope.format == Self.format, envelope.version == Self.version else {
      return try moveAside(
        because: "it is '\(envelope.format)' version \(envelope.version); this app reads "
          + "'\(Self.format)' version \(Self.version)")
    }
    var state = envelope.state
    if let problem = state.outOfRangeValue {
      return try moveAside(because: "it holds a value the app cannot work with: \(problem)")
    }
    state.orders.failInterruptedSubmissions()
    return .restored(state)
  }

  /// Replaces the file's contents with `state`, atomically.
  func save(_ state: AppState) throws {
    let data = try Self.encode(Envelope(format: Self.format, version: Self.version, state: state))
    let directory = url.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw StateFileError.cannotWrite(url.path, error.localizedDescription)
    }
    let temporary = directory.appendingPathComponent(
      ".\(url.lastPathComponent).\(UUID().uuidString).tmp")
    guard
      FileManager.default.createFile(
        atPath: temporary.path, contents: data, attributes: [.posixPermissions: 0o600])
    else {
      throw StateFileError.cannotWrite(url.path, "could not create '\(temporary.path)'")
    }
    do {
      let handle = try FileHandle(forWritingTo: temporary)
      try handle.synchronize()
      try handle.close()
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      throw StateFileError.cannotWrite(url.path, error.localizedDescription)
    }
    guard rename(temporary.path, url.path) == 0 else {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(at: temporary)
      throw StateFileError.cannotWrite(url.path, reason)
    }
  }

  /// Pretty, stable JSON: sorted keys, so saved files diff well.
  static func encode(_ value: some Encodable) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(value) + Data("\n".utf8)
  }

  private func moveAside(because reason: String) throws -> Persistence.LoadResult {
    let stamp = Self.timestamp(now())
    var destination = URL(fileURLWithPath: url.path + ".corrupt-" + stamp)
    var suffix = 2
    while FileManager.default.fileExists(atPath: destination.path) {
      destination = URL(fileURLWithPath: url.path + ".corrupt-\(stamp)-\(suffix)")
      suffix += 1
    }
    do {
      try FileManager.default.moveItem(at: url, to: destination)
    } catch {
      throw StateFileError.cannotMoveAside(url.path, reason, error.localizedDescription)
    }
    return .movedAside(movedTo: destination.path, reason: reason)
  }

  /// `20250131T235959Z`: sortable, and safe in file names on every platform.
  static func timestamp(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    func two(_ value: Int?) -> String { value.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "00" }
    return "\(parts.year ?? 0)\(two(parts.month))\(two(parts.day))T"
      + "\(two(parts.hour))\(two(parts.minute))\(two(parts.second))Z"
  }

  /// A decoding error as one line: what went wrong, and where in the JSON.
  static func describe(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return error.localizedDescription }
    func path(_ context: DecodingError.Context) -> String {
      let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }
        .joined()
      return path.isEmpty
        ? "at the top level" : "at '\(path.dropFirst(path.hasPrefix(".") ? 1 : 0))'"
    }
    switch error {
    case let .dataCorrupted(context):
      if context.codingPath.isEmpty { return "the file is not valid JSON" }
      return "\(context.debugDescription) \(path(context))"
    case let .keyNotFound(key, context):
      return "'\(key.stringValue)' is missing \(path(context))"
    case let .typeMismatch(_, context), let .valueNotFound(_, context):
      return "\(context.debugDescription) \(path(context))"
    @unknown default:
      return error.localizedDescription
    }
  }
}
