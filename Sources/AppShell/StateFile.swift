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
/// A file that cannot be read or decoded is never overwritten: ``load(movingAside:)`` moves it
/// aside to `<name>.corrupt-<UTC timestamp>` and reports where, so the app can start fresh;
/// ``removeOldCorruptFiles(keeping:)`` then keeps only the newest few of those. A path that is
/// not a regular file (a directory, a device, a FIFO) is refused and left alone.
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
  /// How many `.corrupt-*` files ``removeOldCorruptFiles(keeping:)`` keeps by default.
  static let keptCorruptFiles = 5

  /// Reads the state; see ``Persistence/LoadResult``.
  ///
  /// - Parameter movingAside: Whether a bad file is moved aside (the app then starts fresh)
  ///   or, for a read-only look, refused with ``StateFileError/unusable(_:_:)``.
  /// - Throws: ``StateFileError`` when the path is not a regular file, or when a bad file
  ///   cannot be moved aside (the app must then not start, or it would overwrite the file).
  func load(movingAside: Bool = true) throws -> Persistence.LoadResult {
    guard try checkKind() else { return .empty }
    let setAside = { (reason: String) throws -> Persistence.LoadResult in
      guard movingAside else { throw StateFileError.unusable(url.path, reason) }
      return try self.moveAside(because: reason)
    }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      return try setAside("it could not be read (\(error.localizedDescription))")
    }
    let envelope: Envelope
    do {
      envelope = try JSONDecoder().decode(Envelope.self, from: data)
    } catch {
      return try setAside("it is not a valid state file (\(Self.describe(error)))")
    }
    guard envelope.format == Self.format, envelope.version == Self.version else {
      return try setAside(
        "it is '\(envelope.format)' version \(envelope.version); this app reads "
          + "'\(Self.format)' version \(Self.version)")
    }
    var state = envelope.state
    if let problem = state.outOfRangeValue {
      return try setAside("it holds a value the app cannot work with: \(problem)")
    }
    state.orders.failInterruptedSubmissions()
    state.closeStrayScreens()
    return .restored(state)
  }

  /// Whether the file exists: `false` when nothing is at the path, `true` for a regular file
  /// (or a link to one).
  ///
  /// - Throws: ``StateFileError/notRegularFile(_:kind:)`` for anything else, which the app
  ///   must neither read (a FIFO would block, a device never ends) nor move aside.
  func checkKind() throws(StateFileError) -> Bool {
    var info = stat()
    guard stat(url.path, &info) == 0 else {
      if errno == ENOENT || errno == ENOTDIR { return false }
      throw StateFileError.cannotRead(url.path, String(cString: strerror(errno)))
    }
    let type = info.st_mode & mode_t(S_IFMT)
    if type == mode_t(S_IFREG) { return true }
    if type == mode_t(S_IFDIR) { throw StateFileError.isDirectory(url.path) }
    let kind =
      switch type {
      case mode_t(S_IFCHR): "a character device"
      case mode_t(S_IFBLK): "a block device"
      case mode_t(S_IFIFO): "a named pipe (FIFO)"
      case mode_t(S_IFSOCK): "a socket"
      default: "not a regular file"
      }
    throw StateFileError.notRegularFile(url.path, kind: kind)
  }

  /// Removes all but the newest `count` files that ``load(movingAside:)`` moved aside; returns
  /// the paths it removed, oldest first.
  @discardableResult
  func removeOldCorruptFiles(keeping count: Int = keptCorruptFiles) -> [String] {
    let directory = url.deletingLastPathComponent()
    let prefix = url.lastPathComponent + ".corrupt-"
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
    else { return [] }
    // `<stamp>` then `<stamp>-2`, `<stamp>-3`, ...: by time, then by number.
    let aside = names.filter { $0.hasPrefix(prefix) }.map { name in
      let rest = name.dropFirst(prefix.count)
      let parts = rest.split(separator: "-", maxSplits: 1)
      return (
        name: name, stamp: String(parts.first ?? ""),
        number: parts.count > 1 ? Int(parts[1]) ?? 1 : 1
      )
    }.sorted { ($0.stamp, $0.number) < ($1.stamp, $1.number) }
    var removed: [String] = []
    for entry in aside.dropLast(max(0, count)) {
      let path = directory.appendingPathComponent(entry.name).path
      var info = stat()
      guard lstat(path, &info) == 0, info.st_mode & mode_t(S_IFMT) == mode_t(S_IFREG) else {
        continue
      }
      if unlink(path) == 0 { removed.append(path) }
    }
    return removed
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
