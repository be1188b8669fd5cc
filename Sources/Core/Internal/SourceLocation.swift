/// Where in the user's code something happened, for diagnostics.
@usableFromInline
package struct SourceLocation: Sendable, CustomStringConvertible {
  package let fileID: StaticString
  package let filePath: StaticString
  package let line: UInt
  package let column: UInt

  @usableFromInline
  package init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  @usableFromInline
  package var description: String { "\(fileID):\(line)" }
}
