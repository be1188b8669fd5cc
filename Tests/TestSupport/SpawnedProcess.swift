import Core
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A program started with `posix_spawn` and waited for with `waitpid`.
///
/// Not Foundation's `Process`: on Linux it keeps what some runs allocate past their end (its
/// `terminationHandler` always, `run()` now and then), which LeakSanitizer reports as the
/// test's leak; and it watches a descriptor of its own, so a child that starts a server
/// inheriting its descriptors (tmux) would look unfinished.
public final class SpawnedProcess: Sendable {
  /// How the program ended.
  public enum Termination: Equatable, Sendable {
    /// It exited with this status.
    case exit(Int32)
    /// This signal ended it.
    case signal(Int32)

    /// The status a shell reports: the exit status, or 128 plus the signal's number.
    public var status: Int32 {
      switch self {
      case let .exit(status): status
      case let .signal(number): 128 + number
      }
    }
  }

  /// Where a standard stream of the program goes.
  public enum Stream: Sendable {
    /// `/dev/null`.
    case null
    /// The file at this path, created or emptied (or, for standard input, read).
    case file(String)
    /// Standard output's destination (for standard error).
    case output
    /// A pipe whose other end is ``input`` (for standard input).
    case pipe
  }

  /// The program's process id.
  public let pid: pid_t
  /// The end of the program's standard input to write to, when it was started with `.pipe`.
  public let input: FileHandle?
  /// How it ended, once `waitpid` said so.
  private let ended = Locked<Termination?>(nil)

  private init(pid: pid_t, input: FileHandle?) {
    self.pid = pid
    self.input = input
  }

  /// Starts `executable` with `arguments`, and `environment` or this process's.
  ///
  /// - Throws: Why the program could not be started.
  public static func start(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
    input: Stream = .null, output: Stream = .null, error: Stream = .null
  ) throws -> SpawnedProcess {
    // A write to the pipe of a program that has ended fails instead of ending the tests.
    _ = signal(SIGPIPE, SIG_IGN)
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t?
    #else
      var actions = unsafe posix_spawn_file_actions_t()
    #endif
    unsafe posix_spawn_file_actions_init(&actions)
    defer { unsafe posix_spawn_file_actions_destroy(&actions) }
    var pipeEnds: [Int32] = [-1, -1]
    if case .pipe = input {
      guard unsafe pipe(&pipeEnds) == 0 else { throw failure(errno) }
      // Not inherited by other programs the tests start meanwhile: one holding the write end
      // would keep this program's input open.
      for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
      unsafe posix_spawn_file_actions_adddup2(&actions, pipeEnds[0], 0)
    }
    for (descriptor, stream) in [(Int32(0), input), (1, output), (2, error)] {
      switch stream {
      case .null:
        unsafe posix_spawn_file_actions_addopen(
          &actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
      case let .file(path):
        unsafe posix_spawn_file_actions_addopen(
          &actions, descriptor, path,
          descriptor == 0 ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC, 0o600)
      case .output:
        unsafe posix_spawn_file_actions_adddup2(&actions, 1, descriptor)
      case .pipe:
        break
      }
    }
    let argv = unsafe ([executable] + arguments).map { unsafe strdup($0) } + [nil]
    defer { unsafe argv.forEach { unsafe free($0) } }
    var pid = pid_t()
    let spawned: Int32
    if let environment {
      let envp = unsafe environment.map { unsafe strdup("\($0.key)=\($0.value)") } + [nil]
      defer { unsafe envp.forEach { unsafe free($0) } }
      spawned = unsafe posix_spawn(&pid, executable, &actions, nil, argv, envp)
    } else {
      spawned = unsafe posix_spawn(&pid, executable, &actions, nil, argv, environ)
    }
    if pipeEnds[0] >= 0 { close(pipeEnds[0]) }
    guard spawned == 0 else {
      if pipeEnds[1] >= 0 { close(pipeEnds[1]) }
      throw failure(spawned)
    }
    let writeEnd =
      pipeEnds[1] >= 0 ? FileHandle(fileDescriptor: pipeEnds[1], closeOnDealloc: true) : nil
    return SpawnedProcess(pid: pid, input: writeEnd)
  }

  /// Runs `executable` to its end, blocking the calling thread; returns its status as a shell
  /// reports it.
  public static func run(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
    output: Stream = .null, error: Stream = .null
  ) throws -> Int32 {
    try start(executable, arguments, environment: environment, output: output, error: error)
      .waitBlocking().status
  }

  /// Sends the program `signal` (`SIGINT`, `SIGKILL`).
  public func send(_ signal: Int32) {
    _ = kill(pid, signal)
  }

  /// Whether the program has not ended yet.
  public var isRunning: Bool {
    ended.withLock { ended in
      guard ended == nil else { return false }
      var status: Int32 = 0
      let result = unsafe waitpid(pid, &status, WNOHANG)
      if result == pid { ended = Self.termination(status) }
      return result == 0
    }
  }

  /// Waits for the program to end, on a thread of its own (so that no task of the pool
  /// blocks); returns how it ended.
  public func wait() async -> Termination {
    await withCheckedContinuation { continuation in
      Thread { continuation.resume(returning: self.waitBlocking()) }.start()
    }
  }

  /// Waits for the program to end, blocking the calling thread; returns how it ended.
  public func waitBlocking() -> Termination {
    if let ended = ended.withLock({ $0 }) { return ended }
    var status: Int32 = 0
    var result: pid_t
    repeat { result = unsafe waitpid(pid, &status, 0) } while result < 0 && errno == EINTR
    if result == pid {
      let termination = Self.termination(status)
      ended.withLock { $0 = $0 ?? termination }
    }
    // Otherwise `isRunning` reaped it meanwhile, and noted how it ended.
    return ended.withLock { $0 } ?? .exit(-1)
  }

  private static func termination(_ status: Int32) -> Termination {
    let signal = status & 0x7F
    return signal == 0 ? .exit((status >> 8) & 0xFF) : .signal(signal)
  }

  private static func failure(_ code: Int32) -> CocoaError {
    unsafe CocoaError(.executableLoad, userInfo: ["reason": String(cString: strerror(code))])
  }
}
