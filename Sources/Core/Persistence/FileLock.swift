import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An exclusive advisory lock (`flock`) on `<state file>.lock`, naming its holder's process id.
///
/// The `.lock` file stays behind when released (removing it could let two processes lock two
/// different files) and means nothing once no process holds it.
final class FileLock: Sendable {
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

  /// Takes the lock for `stateFile`, creating its directory and lock file when needed.
  static func acquire(for stateFile: URL) throws(PersistenceError) -> FileLock {
    let path = stateFile.path + ".lock"
    do {
      try FileManager.default.createDirectory(
        at: stateFile.deletingLastPathComponent(), withIntermediateDirectories: true)
    } catch {
      throw .cannotLock(stateFile.path, error.localizedDescription)
    }
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw .cannotLock(stateFile.path, String(cString: strerror(errno)))
    }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      let failure = errno
      let holder = readPID(descriptor)
      close(descriptor)
      if failure == EWOULDBLOCK { throw .inUse(stateFile.path, pid: holder) }
      throw .cannotLock(stateFile.path, String(cString: strerror(failure)))
    }
    _ = ftruncate(descriptor, 0)
    // The descriptor was just opened, without `O_APPEND`: the write lands at offset 0.
    try? FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
      .write(contentsOf: Data("\(getpid())\n".utf8))
    return FileLock(path: path, descriptor: descriptor)
  }

  /// The process id written in the lock file, if it holds one.
  private static func readPID(_ descriptor: Int32) -> Int32? {
    let file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
    guard (try? file.seek(toOffset: 0)) != nil, let bytes = try? file.read(upToCount: 32) else {
      return nil
    }
    let text = String(decoding: bytes, as: UTF8.self)
    return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
  }
}
