import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An exclusive advisory lock that keeps a second app from using the same state file.
///
/// The lock is `flock` on `<state file>.lock`, beside the state file (the state file itself is
/// replaced on every save, so it cannot carry a lock). The file holds the process id of the
/// app holding the lock, for the message the next one shows. The lock lasts as long as the
/// ``StateFileLock`` or the process, however the process ends; the `.lock` file stays behind
/// (removing it could let two apps lock two different files) and means nothing once no
/// process holds it.
///
/// ```swift
/// let lock = try StateFileLock.acquire(for: stateFile)  // StateFileError.inUse if taken
/// withExtendedLifetime(lock) { /* run the app */ }
/// ```
final class StateFileLock: Sendable {
  /// The lock file.
  let path: String
  private let descriptor: Int32

  private init(path: String, descriptor: Int32) {
    self.path = path
    self.descriptor = descriptor
  }

  deinit {
    close(descriptor)
  }

  /// The lock file for `stateFile`: the same path with `.lock` added.
  static func path(for stateFile: URL) -> String {
    stateFile.path + ".lock"
  }

  /// Takes the lock for `stateFile`, creating its directory and lock file when needed.
  ///
  /// - Throws: ``StateFileError/inUse(_:pid:)`` when another process holds it, or
  ///   ``StateFileError/cannotLock(_:_:)`` when the lock file cannot be made.
  static func acquire(for stateFile: URL) throws(StateFileError) -> StateFileLock {
    let path = path(for: stateFile)
    do {
      try FileManager.default.createDirectory(
        at: stateFile.deletingLastPathComponent(), withIntermediateDirectories: true)
    } catch {
      throw StateFileError.cannotLock(stateFile.path, error.localizedDescription)
    }
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw StateFileError.cannotLock(stateFile.path, String(cString: strerror(errno)))
    }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      let failure = errno
      let holder = readPID(descriptor)
      close(descriptor)
      if failure == EWOULDBLOCK {
        throw StateFileError.inUse(stateFile.path, pid: holder)
      }
      throw StateFileError.cannotLock(stateFile.path, String(cString: strerror(failure)))
    }
    let text = Array("\(getpid())\n".utf8)
    _ = ftruncate(descriptor, 0)
    _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    return StateFileLock(path: path, descriptor: descriptor)
  }

  /// The process id written in the lock file, if it holds one.
  private static func readPID(_ descriptor: Int32) -> Int32? {
    var buffer = [UInt8](repeating: 0, count: 32)
    let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
    guard count > 0 else { return nil }
    let text = String(decoding: buffer[0..<count], as: UTF8.self)
    return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
  }
}
