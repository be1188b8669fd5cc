import Foundation

/// A recorded session as one self-contained HTML page, to open in any browser: made by
/// ``Recording/inspectorPage(from:with:title:)``.
///
/// The page holds its styles, script and data, and its content security policy forbids
/// loading anything, so it works offline and can be attached to a bug report. It shows:
///
/// - a header: what was recorded, when the file was last written, the number of actions and
///   checkpoints, and whether a replay matched the recording;
/// - a timeline of every step: the action as the framework prints it, the step whose effect
///   sent it (for actions sent at once with `.send`), undo groups, and the steps after which
///   the recording holds a checkpoint;
/// - for the selected step, the diff it made (as test failures print one) and the whole state
///   after it as a collapsible tree, or only the part at a path such as `orders.list`;
/// - search, a filter by action case, and a jump to the first step whose replay differs.
///
/// Arrow keys or `j`/`k` move through the steps; the address's `#step=42` selects a step.
///
/// ```swift
/// let recording = try Recording<Counter.State, Counter.Action>(contentsOf: url)
/// let page = try recording.inspectorPage(with: Counter())
/// try page.write(to: url.deletingPathExtension().appendingPathExtension("html"))
/// ```
///
/// The page holds each step's changes and the whole state every 500 steps, not every whole
/// state: a browser rebuilds the state at a step from the whole state before it.
public struct InspectorPage: Sendable {
  /// The page: one HTML document.
  public let html: String
  /// The number of steps (recorded actions) the page shows.
  public let stepCount: Int
  /// Where a replay of the recording first differed from it (the step the page's jump goes
  /// to), or `nil` when the replay matched.
  public let difference: ReplayError?

  /// Writes the page to `url`, replacing what is there.
  ///
  /// - Throws: The error writing the file threw.
  public func write(to url: URL) throws {
    try Data(html.utf8).write(to: url, options: .atomic)
  }

  /// Where the page of the recording at `url` goes unless told otherwise: beside it, named
  /// like it, ending in `.html` (`session.jsonl` gives `session.html`).
  package static func url(besideRecordingAt url: URL) -> URL {
    let base = url.pathExtension.isEmpty ? url : url.deletingPathExtension()
    return base.appendingPathExtension("html")
  }
}

/// A step an inspector page marks, and why: where a random session broke a rule, say.
package struct InspectorMark: Sendable {
  /// The step's number, 1 for the first action.
  package var step: Int
  /// What happened there, shown with the step.
  package var note: String

  package init(step: Int, note: String) {
    self.step = step
    self.note = note
  }
}
