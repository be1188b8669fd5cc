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
/// - A state file that is a symbolic link (or a chain of them, each relative target read from
///   its link's folder) stays a link: the links are followed, and saves, moving aside and the
///   lock all happen at the file the last one names, in that file's folder. So the lock
///   belongs to the file, not to the path: opening the link while the file is open under its
///   own path, or the other way round, is refused as in use. A link whose target is missing
///   is a state file not saved yet: the first save creates the target (and its folder)
///   through it. A loop of links is refused.
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
    guard unsafe stat(url.path, &info) == 0 else {
      if errno == ENOENT || errno == ENOTDIR { return false }
      throw unsafe .cannotRead(url.path, String(cString: strerror(errno)))
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
      // Through a handle: on Linux, `Data(contentsOf:)` of an empty file never frees the
      // buffer it read into (a toolchain leak LeakSanitizer reports), and an empty state file
      // is one a crash can leave.
      let handle = try FileHandle(forReadingFrom: url)
      defer { try? handle.close() }
      return try handle.readToEnd() ?? Data()
    } catch {
      throw .cannotRead(url.path, error.localizedDescription)
    }
  }

  public func write(_ data: Data, to url: URL) throws(PersistenceError) {
    guard let file = Self.resolved(url) else { throw .cannotWrite(url.path, Self.loop) }
    let directory = file.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw .cannotWrite(url.path, error.localizedDescription)
    }
    let temporaryName = Self.temporaryName(for: file.lastPathComponent)
    let temporary = directory.appendingPathComponent(temporaryName).path
    let descriptor = unsafe open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw .cannotWrite(url.path, "could not create '\(temporary)': \(Self.lastError())")
    }
    let failure = Self.writeAll(data, to: descriptor)
    close(descriptor)
    if let failure {
      unsafe unlink(temporary)
      throw .cannotWrite(url.path, failure)
    }
    guard unsafe rename(temporary, file.path) == 0 else {
      let reason = Self.lastError()
      unsafe unlink(temporary)
      throw .cannotWrite(url.path, reason)
    }
    // Makes the rename itself durable; failing here leaves a complete file either way.
    let directoryDescriptor = unsafe open(directory.path, O_RDONLY | O_CLOEXEC)
    if directoryDescriptor >= 0 {
      _ = fsync(directoryDescriptor)
      close(directoryDescriptor)
    }
  }

  public func moveAside(_ url: URL, stamp: String) throws(PersistenceError) -> String {
    guard let file = Self.resolved(url) else { throw .cannotMoveAside(url.path, "", Self.loop) }
    let directory = file.deletingLastPathComponent()
    let existing = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    let name = MovedAsideName.fresh(
      prefix: file.lastPathComponent + ".corrupt-", stamp: stamp, existing: existing)
    var destination = directory.appendingPathComponent(name).path
    var suffix = 2
    while FileManager.default.fileExists(atPath: destination) {
      // Listed after the directory was read: never replace it.
      destination = directory.appendingPathComponent(name + "-\(suffix)").path
      suffix += 1
    }
    guard unsafe rename(file.path, destination) == 0 else {
      throw .cannotMoveAside(url.path, "", Self.lastError())
    }
    return destination
  }

  public func removeMovedAside(
    from url: URL, keeping count: Int, sparing kept: String
  ) -> [String] {
    guard let file = Self.resolved(url) else { return [] }
    let directory = file.deletingLastPathComponent()
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
    else { return [] }
    var removed: [String] = []
    let removable = MovedAsideName.removable(
      names, prefix: file.lastPathComponent + ".corrupt-", keeping: count,
      sparing: URL(fileURLWithPath: kept).lastPathComponent)
    for name in removable {
      let path = directory.appendingPathComponent(name).path
      var info = stat()
      guard unsafe lstat(path, &info) == 0, info.st_mode & mode_t(S_IFMT) == mode_t(S_IFREG) else {
        continue
      }
      if unsafe unlink(path) == 0 { removed.append(path) }
    }
    return removed
  }

  /// Takes the lock of the file `url` names, then removes the temporary files a writer killed
  /// mid-save left behind: with the lock held, no other writer can be using them.
  public func lock(_ url: URL) throws(PersistenceError) -> any Sendable {
    guard let file = Self.resolved(url) else { throw .cannotLock(url.path, Self.loop) }
    let lock = try FileLock.acquire(for: url, resolvedTo: file)
    let directory = file.deletingLastPathComponent()
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    for name in names where Self.isTemporary(name, of: file.lastPathComponent) {
      unsafe unlink(directory.appendingPathComponent(name).path)
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

  /// The file `url` names once the symbolic links it ends in are followed (each relative
  /// target from the folder holding its link), `url` itself when it names no link, or `nil`
  /// for a chain longer than the system would follow (a loop).
  ///
  /// A save writes there, and the lock is taken there: a rename over the link would replace
  /// the link instead of updating the file it names, and a lock beside the link would let a
  /// second writer in through the file's own path. The folders on the way need no resolving:
  /// the system follows their links to the same folder whichever path names it.
  static func resolved(_ url: URL) -> URL? {
    var path = url.path
    var followed = 0
    while let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
      followed += 1
      guard followed <= maximumLinksFollowed else { return nil }
      path =
        target.hasPrefix("/")
        ? target : URL(fileURLWithPath: path).deletingLastPathComponent().path + "/" + target
    }
    guard followed > 0 else { return url }
    let file = URL(fileURLWithPath: path)
    // The folder's real path, when it exists, spells messages plainly: a relative target
    // leaves `..` in the path, which only the file system can take out (a folder on the way
    // may be a link).
    guard let folder = unsafe realpath(file.deletingLastPathComponent().path, nil) else {
      return file
    }
    defer { unsafe free(folder) }
    return unsafe URL(fileURLWithPath: String(cString: folder)).appendingPathComponent(
      file.lastPathComponent)
  }

  /// As many links as Linux follows in one path before it gives up with `ELOOP`.
  private static var maximumLinksFollowed: Int { 40 }

  /// Why a path that ends in a loop of links cannot be used.
  private static var loop: String { "it ends in a loop of symbolic links" }

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
      if error.domain == NSPOSIXErrorDomain {
        return unsafe String(cString: strerror(Int32(error.code)))
      }
      next = error.userInfo[NSUnderlyingErrorKey] as? NSError
    }
    return error.localizedDescription
  }

  static func lastError() -> String {
    unsafe String(cString: strerror(errno))
  }
}
