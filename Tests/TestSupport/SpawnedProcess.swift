import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a program to its end with `posix_spawn` and `waitpid`, its output going to a file.
///
/// Not Foundation's `Process`: on Linux it keeps what some runs allocate past their end
/// (LeakSanitizer reports it, now and then, as the test's leak), and it watches a descriptor
/// of its own, so a child that starts a server inheriting its descriptors (tmux) would look
/// unfinished. Blocks the calling thread until the program exits.
public enum SpawnedProcess {
  /// Runs `executable` with `arguments` (and `environment`, or this process's) with standard
  /// input from `/dev/null`, standard output to the file at `outputPath` (created or emptied),
  /// and standard error to that file too when `errorToOutput`, else to `/dev/null`.
  ///
  /// - Returns: The exit status; 128 plus the signal's number when a signal ended it.
  /// - Throws: Why the program could not be started.
  public static func run(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
    outputPath: String, errorToOutput: Bool = false
  ) throws -> Int32 {
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t?
    #else
      var actions = unsafe posix_spawn_file_actions_t()
    #endif
    unsafe posix_spawn_file_actions_init(&actions)
    defer { unsafe posix_spawn_file_actions_destroy(&actions) }
    unsafe posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    unsafe posix_spawn_file_actions_addopen(
      &actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    if errorToOutput {
      unsafe posix_spawn_file_actions_adddup2(&actions, 1, 2)
    } else {
      unsafe posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
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
    guard spawned == 0 else {
      throw unsafe CocoaError(
        .executableLoad, userInfo: ["reason": String(cString: strerror(spawned))])
    }
    var status: Int32 = 0
    while unsafe waitpid(pid, &status, 0) < 0, errno == EINTR {}
    let signal = status & 0x7F
    return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
  }
}
