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

  /// The environment the app runs in: this process's, with LeakSanitizer off for the app when
  /// the tests run under AddressSanitizer. The app is a program of its own, which may quit
  /// with work still asleep (a save, a simulated order): its check at exit would report what
  /// that work holds, and fail the run with a status the tests read.
  static var environment: [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["ASAN_OPTIONS"] = [environment["ASAN_OPTIONS"], "detect_leaks=0"]
      .compactMap { $0 }.joined(separator: ":")
    return environment
  }

  /// Runs the executable with `arguments` and `input` as its standard input; its output goes
  /// to files in `directory` (so a full pipe can never stall it).
  static func run(
    _ arguments: [String], input: String, in directory: TemporaryDirectory
  ) async throws -> Output? {
    guard let executable else {
      Issue.record(
        "The 'AppShell' executable was not found next to the tests. Build it with 'swift build'.")
      return nil
    }
    let name = UUID().uuidString
    let inputURL = directory.file("\(name).in")
    let outputURL = directory.file("\(name).out")
    let errorURL = directory.file("\(name).err")
    defer {
      for url in [inputURL, outputURL, errorURL] { try? FileManager.default.removeItem(at: url) }
    }
    try Data(input.utf8).write(to: inputURL)
    let process = try SpawnedProcess.start(
      executable.path, arguments, environment: environment, input: .file(inputURL.path),
      output: .file(outputURL.path), error: .file(errorURL.path))
    let status = await process.wait().status
    return Output(
      status: status,
      standardOutput: try FileContents.text(at: outputURL),
      standardError: try FileContents.text(at: errorURL))
  }
}
