extension Optional {
  /// Changes the payload of one case of the wrapped enum in place, named by its case
  /// constructor: the spelling of `$0.destination?.modify(\.edit) { ... }` without macros.
  ///
  /// In a test's assertion closure, it says "the destination is still the edit screen, with
  /// this field changed" without rebuilding the whole case:
  ///
  /// ```swift
  /// await store.send(.destination(.presented(.edit(.titleChanged("Milk"))))) {
  ///   $0.destination.modify(Destination.State.edit) { $0.title = "Milk" }
  /// }
  /// ```
  ///
  /// The same works on a stack screen, through `StackState`'s `subscript(id:)`:
  /// `$0.path[id: id].modify(Path.State.detail) { $0.isEditing = true }`.
  ///
  /// When the value is `nil` or another case, nothing changes and an issue is reported at this
  /// line (a test failure in a test), naming what was found.
  ///
  /// - Parameters:
  ///   - caseConstructor: The enum case constructor of the expected case (`State.edit`).
  ///   - body: Changes the case's payload.
  ///   - fileID: The file of the call, for issues.
  ///   - filePath: The file path of the call, for XCTest.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public mutating func modify<Case>(
    _ caseConstructor: @escaping @Sendable (Case) -> Wrapped,
    _ body: (inout Case) throws -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) rethrows {
    try modify(
      EnumCase(caseConstructor), body,
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Changes the payload of the case of the wrapped enum that `casePath` extracts, in place.
  ///
  /// The same as `modify(_:_:)` with a case constructor, with a case path
  /// the compiler checks:
  ///
  /// ```swift
  /// $0.destination.modify(Destination.State.editPath) { $0.title = "Milk" }
  /// ```
  ///
  /// - Parameters:
  ///   - casePath: The case path of the expected case.
  ///   - body: Changes the case's payload.
  ///   - fileID: The file of the call, for issues.
  ///   - filePath: The file path of the call, for XCTest.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public mutating func modify<Case>(
    _ casePath: AnyCasePath<Wrapped, Case>,
    _ body: (inout Case) throws -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) rethrows {
    try modify(
      EnumCase(casePath), body,
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  private mutating func modify<Case>(
    _ enumCase: EnumCase<Wrapped, Case>,
    _ body: (inout Case) throws -> Void,
    at location: SourceLocation
  ) rethrows {
    guard let wrapped = self else {
      IssueReporting.reportAtCallersLine(
        """
        'modify' expected a '\(ValueDescription.typeName(of: Case.self))' case of \
        '\(ValueDescription.typeName(of: Wrapped.self))', but found nil. Nothing was changed.

        To fix, assert that the value is set before modifying it, or set the whole value.
        """,
        at: location)
      return
    }
    guard var payload = enumCase.extract(wrapped) else {
      IssueReporting.reportAtCallersLine(
        """
        'modify' expected a '\(ValueDescription.typeName(of: Case.self))' case of \
        '\(ValueDescription.typeName(of: Wrapped.self))', but found \
        '\(ValueDescription.of(wrapped))'. Nothing was changed.

        To fix, pass the case constructor of the case the value is in, or set the whole value.
        """,
        at: location)
      return
    }
    try body(&payload)
    self = enumCase.embed(payload)
  }
}
