import Foundation

/// A ```swift block a user reads: in a Markdown page, or in the `///` comment of a declaration.
struct SwiftBlock: CustomStringConvertible {
  /// The file that shows it, relative to the package's root.
  let file: String
  /// The line of its opening fence, counted from 1.
  let line: Int
  /// Which ```swift block of its file it is, counted from 1.
  let number: Int
  /// Its lines, without the fences and, in a doc comment, without the `///`.
  let lines: [String]

  /// `page#number`, as `NotYetCompiled` names it.
  var id: String { "\(file)#\(number)" }

  var description: String { "\(file), swift block \(number) (line \(line))" }

  /// The ```swift blocks of a Markdown page.
  static func inMarkdown(_ text: String, file: String) -> [SwiftBlock] {
    blocks(
      in: text.components(separatedBy: "\n").enumerated().map { ($0.offset + 1, $0.element) },
      file: file)
  }

  /// The ```swift blocks of the `///` comments in a Swift source file.
  static func inDocComments(_ text: String, file: String) -> [SwiftBlock] {
    let commentLines = text.components(separatedBy: "\n").enumerated().compactMap {
      index, line -> (Int, String)? in
      let trimmed = line.drop { $0 == " " }
      guard trimmed.hasPrefix("///") else { return nil }
      let content = trimmed.dropFirst(3)
      return (index + 1, String(content.first == " " ? content.dropFirst() : content))
    }
    return blocks(in: commentLines, file: file)
  }

  /// The blocks among numbered lines, each fenced by a ```swift line and a ``` line.
  private static func blocks(in numberedLines: [(Int, String)], file: String) -> [SwiftBlock] {
    var blocks: [SwiftBlock] = []
    var open: (line: Int, lines: [String])?
    for (number, line) in numberedLines {
      let fence = line.trimmingCharacters(in: .whitespaces)
      if var block = open {
        if fence == "```" {
          blocks.append(
            SwiftBlock(file: file, line: block.line, number: blocks.count + 1, lines: block.lines))
          open = nil
        } else {
          block.lines.append(line)
          open = block
        }
      } else if fence == "```swift" {
        open = (number, [])
      }
    }
    return blocks
  }
}
