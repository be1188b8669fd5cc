/// The samples that have no compiled copy yet: the list only shrinks.
///
/// `SamplesAreCompiledTests` fails for a listed sample that is compiled now, so an entry leaves
/// as soon as its copy exists, and for a sample that is neither listed nor compiled, so a new
/// sample needs a copy from the start (Docs/CodeSamples.md says where).
enum NotYetCompiled {
  /// Page samples, as `page#number`: the number counts the page's ```swift blocks from 1.
  static let pageSamples: Set<String> = []

  /// Library sources none of whose `///` examples may be missing yet.
  static let docCommentFiles: Set<String> = []
}
