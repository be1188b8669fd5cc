import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Persisted state in files on disk.
///
/// - A write goes to a temporary file beside the state file, is flushed to the disk
///   (`fsync`), then renamed over the state file, and the directory is flushed too: a crash at
///   any moment leaves the old bytes or the new ones, never a mix.
/// - A path that is not a regular file (a directory, a device, a FIFO, a socket) is refused
///   and left alone: reading a FIFO would block, a device never ends.
/// - A file moved aside becomes `<name>.corrupt-<stamp>` (then `-2`, `-3`, ... if that exists).
/// - The lock is `flock` on `<name>.lock` beside the state file, which holds the process id of
///   its holder for the message the next process shows. The state file itself cannot carry
///   the lock: every save replaces it. The lock lasts as long as the value ``lock(_:)``
///   returns, or the process, however it ends. Taking it removes the temporary files of a
///   writer killed in the middle of a save: exactly the names a save of that file makes,
///   `.<name>.<UUID>.tmp`, never another file's (`.<name>.bak.<UUID>.tmp` is `<name>.bak`'s).
public struct FileSystemStorage: PersistentStorage {
  /// The file system.
  public init() {}

  public func exists(at url: URL) throws(PersistenceError) -> Bool {
    var info = stat()
    guard stat(url.path, &info) == 0 else {
      if errno == ENOENT || errno == ENOTDIR { return false }
      throw .cannotRead(url.path, String(cString: strerror(errno)))
    }
    let type = info.st_mode & mode_t(S_IFMT)
    if type == mode_t(S_IFREG) { return true }
    if type == mode_t(S_IFDIR) { throw .isDirectory(url.path) }
    let kind =
      switch type {
      case mode_t(S_IFCHR): "a character device"
      case mode_t(S_IFBLK): "a block device"
      case mode_t(S_IFIFO): "a named pipe (FIFO)"
      case mode_t(S_IFSOCK): "a socket"
      default: "not a regular file"
      }
    throw .notRegularFile(url.path, kind: kind)
  }

  public func read(at url: URL) throws(PersistenceError) -> Data? {
    guard try exists(at: url) else { return nil }
    do {
      return try Data(contentsOf: url)
    } catch {
      throw .cannotRead(url.path, error.localizedDescription)
    }
  }

  public func write(_ data: Data, to url: URL) throws(PersistenceError) {
    let directory = url.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw .cannotWrite(url.path, error.localizedDescription)
    }
    let temporary = directory.appendingPathComponent(Self.temporaryName(for: url.lastPathComponent))
      .path
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw .cannotWrite(url.path, "could not create '\(temporary)': \(Self.lastError())")
    }
    let failure = Self.writeAll(data, to: descriptor)
    close(descriptor)
    if let failure {
      unlink(temporary)
      throw .cannotWrite(url.path, failure)
    }
    guard rename(temporary, url.path) == 0 else {
      let reason = Self.lastError()
      unlink(temporary)
      throw .cannotWrite(url.path, reason)
    }
    // Makes the rename itself durable; failing here leaves a complete file either way.
    let directoryDescriptor = open(directory.path, O_RDONLY | O_CLOEXEC)
    if directoryDescriptor >= 0 {
      _ = fsync(directoryDescriptor)
      close(directoryDescriptor)
    }
  }

  public func moveAside(_ url: URL, stamp: String) throws(PersistenceError) -> String {
    let directory = url.deletingLastPathComponent()
    let existing = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    let name = MovedAsideName.fresh(
      prefix: url.lastPathComponent + ".corrupt-", stamp: stamp, existing: existing)
    var destination = directory.appendingPathComponent(name).path
    var suffix = 2
    while FileManager.default.fileExists(atPath: destination) {
      // Listed after the directory was read: never replace it.
      destination = directory.appendingPathComponent(name + "-\(suffix)").path
      suffix += 1
    }
    guard rename(url.path, destination) == 0 else {
      throw .cannotMoveAside(url.path, "", Self.lastError())
    }
    return destination
  }

  public func removeMovedAside(
    from url: URL, keeping count: Int, sparing kept: String
  ) -> [String] {
    let directory = url.deletingLastPathComponent()
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
    else { return [] }
    var removed: [String] = []
    let removable = MovedAsideName.removable(
      names, prefix: url.lastPathComponent + ".corrupt-", keeping: count,
      sparing: URL(fileURLWithPath: kept).lastPathComponent)
    for name in removable {
      let path = directory.appendingPathComponent(name).path
      var info = stat()
      guard lstat(path, &info) == 0, info.st_mode & mode_t(S_IFMT) == mode_t(S_IFREG) else {
        continue
      }
      if unlink(path) == 0 { removed.append(path) }
    }
    return removed
  }

  /// Takes the lock, then removes the temporary files a writer killed mid-save left behind:
  /// with the lock held, no other writer can be using them.
  public func lock(_ url: URL) throws(PersistenceError) -> any Sendable {
    let lock = try FileLock.acquire(for: url)
    let directory = url.deletingLastPathComponent()
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    for name in names where Self.isTemporary(name, of: url.lastPathComponent) {
      unlink(directory.appendingPathComponent(name).path)
    }
    return lock
  }

  /// The name of a new temporary file for the state file `name`: `.<name>.<UUID>.tmp`.
  static func temporaryName(for name: String) -> String {
    ".\(name).\(UUID().uuidString).tmp"
  }

  /// Whether `candidate` is a name ``temporaryName(for:)`` makes for the state file `name`,
  /// exactly: a looser match would take `.settings.json.bak.<UUID>.tmp`, which belongs to
  /// `settings.json.bak`, for one of `settings.json`'s.
  static func isTemporary(_ candidate: String, of name: String) -> Bool {
    let prefix = ".\(name)."
    let suffix = ".tmp"
    guard candidate.hasPrefix(prefix), candidate.hasSuffix(suffix),
      candidate.count > prefix.count + suffix.count
    else { return false }
    let id = String(candidate.dropFirst(prefix.count).dropLast(suffix.count))
    return UUID(uuidString: id)?.uuidString == id
  }

  /// Writes all of `data` (resuming after a partial or interrupted `write`) and flushes it to
  /// the disk; returns why it failed, if it did.
  private static func writeAll(_ data: Data, to descriptor: Int32) -> String? {
    do {
      try FileHandle(fileDescriptor: descriptor, closeOnDealloc: false).write(contentsOf: data)
    } catch {
      return reason(error)
    }
    return fsync(descriptor) == 0 ? nil : lastError()
  }

  /// The system's message for the error number behind `error`, or its description if it has
  /// none: the same words whether a write failed in `FileHandle` or in a system call here.
  private static func reason(_ error: any Error) -> String {
    var next: NSError? = error as NSError
    while let error = next {
      if error.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(error.code))) }
      next = error.userInfo[NSUnderlyingErrorKey] as? NSError
    }
    return error.localizedDescription
  }

  static func lastError() -> String {
    String(cString: strerror(errno))
  }
}
