#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The little the benchmark needs from the operating system: files and the machine's name.
enum Platform {
  /// The processor model and core count, as far as the platform tells.
  static var machine: String {
    let cores = sysconf(Int32(_SC_NPROCESSORS_ONLN))
    let model =
      read("/proc/cpuinfo")?
      .split(separator: "\n")
      .first { $0.hasPrefix("model name") }?
      .split(separator: ":", maxSplits: 1).last?
      .trimmingSpaces ?? "unknown processor"
    return "\(model), \(cores) cores"
  }

  /// The resident set size (`/proc/self/statm`), where the platform tells.
  static var residentBytes: Int? {
    // statm: total pages, resident pages, ...
    guard let statm = read("/proc/self/statm") else { return nil }
    let fields = statm.split(separator: " ")
    guard fields.count >= 2, let pages = Int(fields[1]) else { return nil }
    return pages * sysconf(Int32(_SC_PAGESIZE))
  }

  /// The contents of a (small) text file, or `nil` when it cannot be read.
  static func read(_ path: String) -> String? {
    guard let file = unsafe fopen(path, "r") else { return nil }
    defer { unsafe fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = unsafe fread(&buffer, 1, buffer.count, file)
      bytes += buffer.prefix(count)
      if count < buffer.count { break }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Writes `contents` to `path`, replacing the file.
  static func writeFile(_ contents: String, to path: String) throws(Options.Failure) {
    guard let file = unsafe fopen(path, "w") else {
      throw Options.Failure(
        description:
          "Could not open '\(path)' for writing (errno \(errno)). Check that its folder exists.")
    }
    defer { unsafe fclose(file) }
    let bytes = Array(contents.utf8)
    guard unsafe fwrite(bytes, 1, bytes.count, file) == bytes.count else {
      throw Options.Failure(description: "Could not write all of '\(path)' (errno \(errno)).")
    }
  }

  /// Ends the process with `code`.
  static func terminate(_ code: Int32) -> Never {
    exit(code)
  }

  /// Prints to standard error.
  static func log(_ message: String) {
    let bytes = Array((message + "\n").utf8)
    var written = 0
    while written < bytes.count {
      let result = unsafe bytes[written...].withUnsafeBufferPointer {
        unsafe write(2, $0.baseAddress, $0.count)
      }
      guard result > 0 else { return }
      written += result
    }
  }
}

extension Substring {
  var trimmingSpaces: String {
    String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }
}
