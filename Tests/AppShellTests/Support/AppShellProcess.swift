import TestSupport
import Foundation
import Testing

/// The built `AppShell` executable, run as a user would run it: commands piped in, output
/// captured.
enum AppShellProcess {
  struct Output {
    var status: Int32
    var standardOutput: String
    var standardError: String
  }

  /// The executable next to the tests, where `swift build` and `swift test` put it: beside the
  /// test binary, or on Apple platforms (where the binary may be Xcode's `xctest`) beside the
  /// `.xctest` bundle. (On Linux, `Bundle.allBundles` never frees the list it makes, which
  /// LeakSanitizer reports.)
  static let executable: URL? = {
    var directories = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
    #if canImport(Darwin)
      if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
        directories.insert(bundle.bundleURL.deletingLastPathComponent(), at: 0)
      }
    #endif
    return directories.map { $0.appendingPathComponent("AppShell") }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }()

  /// Runs the executable with `arguments` and `input` piped to its standard input; its
  /// output goes to files in `directory` (so a full pipe can never stall it).
  static func run(
    _ arguments: [String], input: String, in directory: TemporaryDirectory
  ) async throws -> Output? {
    guard let executable else {
      Issue.record(
        "The 'AppShell' executable was not found next to the tests. Build it with 'swift build'.")
      return nil
    }
    let name = UUID().uuidString
    let outputURL = directory.file("\(name).out")
    let errorURL = directory.file("\(name).err")
    _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
    let output = try FileHandle(forWritingTo: outputURL)
    let error = try FileHandle(forWritingTo: errorURL)
    defer {
      try? output.close()
      try? error.close()
      try? FileManager.default.removeItem(at: outputURL)
      try? FileManager.default.removeItem(at: errorURL)
    }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let stdin = Pipe()
    process.standardInput = stdin
    process.standardOutput = output
    process.standardError = error
    let status = try await withCheckedThrowingContinuation { continuation in
      process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
      do {
        try process.run()
      } catch {
        continuation.resume(throwing: error)
        return
      }
      stdin.fileHandleForWriting.write(Data(input.utf8))
      try? stdin.fileHandleForWriting.close()
    }
    return Output(
      status: status,
      standardOutput: try FileContents.text(at: outputURL),
      standardError: try FileContents.text(at: errorURL))
  }
}
