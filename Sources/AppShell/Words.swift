import Foundation

/// The words of a line, keeping where each starts so that "the rest of the line" keeps its
/// spacing.
struct Words {
  private let line: String
  private let ranges: [Range<String.Index>]

  init(_ line: String) {
    self.line = line
    var ranges: [Range<String.Index>] = []
    var index = line.startIndex
    while index < line.endIndex {
      guard !line[index].isWhitespace else {
        index = line.index(after: index)
        continue
      }
      let start = index
      while index < line.endIndex, !line[index].isWhitespace { index = line.index(after: index) }
      ranges.append(start..<index)
    }
    self.ranges = ranges
  }

  var count: Int { ranges.count }

  subscript(index: Int) -> String? {
    index < ranges.count ? String(line[ranges[index]]) : nil
  }

  /// The line from word `index` to the end, trimmed; `nil` if there is no such word.
  func rest(from index: Int) -> String? {
    guard index < ranges.count else { return nil }
    return line[ranges[index].lowerBound...].trimmingCharacters(in: .whitespaces)
  }
}
