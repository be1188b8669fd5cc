import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An exclusive advisory lock (`flock`) on `<state file>.lock`, naming its holder's process id;
/// for a state file that is a symbolic link, beside the file the link names.
///
/// The `.lock` file stays behind when released (removing it could let two processes lock two
/// different files) and means nothing once no process holds it.
final class FileLock: Sendable {
  /// The lock file.
  let path: String
  /// The state file the lock is for: the file the state's path named, its links followed,
  /// when the lock was taken.
  let file: URL
  private let descriptor: Int32

  private init(path: String, file: URL, descriptor: Int32) {
    self.path = path
    self.file = file
    self.descriptor = descriptor
  }

  /// Why a save to `stateFile` must be refused, if it must: a link that named ``file`` when
  /// the lock was taken names another file now, whose lock this process does not hold (another
  /// process may, and write it). `nil` when `stateFile` still leads to ``file``.
  func refusal(forSavingTo stateFile: URL) -> PersistenceError? {
    guard let now = FileSystemStorage.resolved(stateFile) else { return nil }
    guard now.standardizedFileURL.path != file.standardizedFileURL.path else { return nil }
    return .cannotWrite(
      stateFile.path,
      "it now leads to '\(now.path)', but the lock this state holds is the one of "
        + "'\(file.path)', which it led to when it was opened; the value was not saved. Point "
        + "the link back, or open the state again")
  }

  deinit {
    close(descriptor)
  }

  /// Takes the lock for `stateFile`, creating its directory and lock file when needed.
  ///
  /// The lock file is `<file>.lock`, `file` being the file `stateFile` names once its links
  /// are followed (`stateFile` itself by default), so that every path to one file takes one
  /// lock; errors name `stateFile`, the path the app gave.
  ///
  /// The holder writes its process id in place with one write of the whole line at the file's
  /// start, then cuts the file to that line: the file is never emptied for a moment, and an id
  /// shorter than the one it replaces is never read with the old one's tail. A loser reads a whole line naming
  /// a live process; it finds none while a holder that has only just taken the lock has yet to
  /// write its id, or over a stale id a former holder left, so it tries again (the lock too)
  /// for up to `waitingForHolder` before reporting the lock in use without a process id.
  ///
  /// - Throws: ``PersistenceError/inUse(_:pid:)`` when another open file description holds
  ///   the lock, ``PersistenceError/cannotLock(_:_:)`` when it cannot be taken at all.
  static func acquire(
    for stateFile: URL, resolvedTo file: URL? = nil,
    waitingForHolder: Duration = .milliseconds(250)
  ) throws(PersistenceError) -> FileLock {
    let file = file ?? stateFile
    let path = file.path + ".lock"
    do {
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    } catch {
      throw .cannotLock(stateFile.path, error.localizedDescription)
    }
    let descriptor = unsafe open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw unsafe .cannotLock(stateFile.path, String(cString: strerror(errno)))
    }
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: waitingForHolder)
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      let failure = errno
      guard failure == EWOULDBLOCK else {
        close(descriptor)
        throw unsafe .cannotLock(stateFile.path, String(cString: strerror(failure)))
      }
      if let holder = readPID(descriptor) {
        close(descriptor)
        throw .inUse(stateFile.path, pid: holder)
      }
      guard clock.now < deadline else {
        close(descriptor)
        throw .inUse(stateFile.path, pid: nil)
      }
      usleep(2_000)
    }
    // `pwrite` and `pread` take the arrays through the compiler's pointer bridging, valid for
    // the call. (A `FileHandle` over the descriptor made a later lock in the same process fail
    // now and then, as if this process still held the file.)
    let line = Array("\(getpid())\n".utf8)
    if unsafe pwrite(descriptor, line, line.count, 0) == line.count {
      _ = ftruncate(descriptor, off_t(line.count))
    }
    return FileLock(path: path, file: file, descriptor: descriptor)
  }

  /// The live process named by the lock file's first line, if it holds a whole one.
  private static func readPID(_ descriptor: Int32) -> Int32? {
    var bytes = [UInt8](repeating: 0, count: 32)
    let count = unsafe pread(descriptor, &bytes, bytes.count, 0)
    guard count > 0, let pid = pid(in: bytes.prefix(count)) else { return nil }
    // A former holder's id, left when it quit, names no process (or one without the lock).
    guard kill(pid, 0) == 0 || errno == EPERM else { return nil }
    return pid
  }

  /// The process id on the first line of `bytes`: `nil` unless that line is whole (it ends
  /// with a newline) and holds a positive number alone.
  static func pid(in bytes: some Collection<UInt8>) -> Int32? {
    guard let end = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
    guard let pid = Int32(String(decoding: bytes[..<end], as: UTF8.self)), pid > 0 else {
      return nil
    }
    return pid
  }
}
