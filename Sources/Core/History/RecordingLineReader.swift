import Foundation

/// Reads a recording one line at a time, from a file or from bytes in memory, holding no more
/// than the line being read and one chunk of the file.
///
/// A line is returned without its newline, with whether it had one: only the last line of a
/// file can lack it, when the process writing it stopped in the middle.
struct RecordingLineReader {
  private enum Origin {
    case file(FileHandle)
    case data(Data)
  }

  private let origin: Origin
  /// Bytes read from the file and not yet returned, from `start`.
  private var buffer = Data()
  private var start = 0
  private var fileEnded = false
  /// The number of the last line returned: 1 for the first.
  private(set) var lineNumber = 0
  /// The most bytes the buffer held: what reading costs in memory, at most the longest line
  /// and a chunk.
  private(set) var largestBuffer = 0

  /// How much of the file one read asks for.
  private static var chunkSize: Int { 1 << 16 }

  init(data: Data) {
    origin = .data(data)
    buffer = data
    start = data.startIndex
    fileEnded = true
  }

  init(fileAt url: URL) throws {
    origin = .file(try FileHandle(forReadingFrom: url))
  }

  /// Closes the file, if the reader reads one.
  func close() {
    if case .file(let handle) = origin { try? handle.close() }
  }

  /// The next line and whether it ended with a newline, or `nil` after the last one.
  ///
  /// - Throws: What reading the file threw.
  mutating func next() throws -> (bytes: Data, isWhole: Bool)? {
    // How many bytes after `start` are known to hold no newline.
    var scanned = 0
    while true {
      let from = start + scanned
      if let newline = buffer[from...].firstIndex(of: UInt8(ascii: "\n")) {
        let line = Data(buffer[start..<newline])
        start = newline + 1
        lineNumber += 1
        return (line, true)
      }
      scanned = buffer.endIndex - start
      if fileEnded {
        guard scanned > 0 else { return nil }
        let line = Data(buffer[start...])
        start = buffer.endIndex
        lineNumber += 1
        return (line, false)
      }
      try readChunk()
    }
  }

  /// Appends the next chunk of the file to the buffer, first dropping the lines returned, so
  /// that the buffer holds one line and one chunk at most.
  private mutating func readChunk() throws {
    guard case .file(let handle) = origin else {
      fileEnded = true
      return
    }
    if start > buffer.startIndex {
      buffer = Data(buffer[start...])
      start = buffer.startIndex
    }
    let chunk = try handle.read(upToCount: Self.chunkSize) ?? Data()
    if chunk.isEmpty {
      fileEnded = true
    } else {
      buffer.append(chunk)
      largestBuffer = max(largestBuffer, buffer.count)
    }
  }
}
