import Foundation

extension Recording where State: Equatable {
  /// Makes the inspector page of the recording: a self-contained HTML page that shows every
  /// step, what it changed and the state after it (see ``InspectorPage``).
  ///
  /// The recording is replayed with `reducer`, as ``replay(from:with:)`` does, to check it and
  /// to find what each step changed; a replay that differs from the recording does not stop
  /// the page, which marks the first step where it differed.
  ///
  /// ```swift
  /// let recording = try Recording<Counter.State, Counter.Action>(contentsOf: url)
  /// let page = try recording.inspectorPage(with: Counter())
  /// try page.write(to: url.deletingPathExtension().appendingPathExtension("html"))
  /// ```
  ///
  /// - Parameters:
  ///   - initialState: The state to start from; needed when the header holds only the initial
  ///     state's fingerprint.
  ///   - reducer: The root reducer the session ran (without ``Reducer/recording(to:)``).
  ///   - title: The page's title; the recording's file name by default.
  /// - Returns: The page.
  /// - Throws: ``ReplayError`` when there is no initial state to start from, or the recording
  ///   can no longer be read as it was.
  /// - Complexity: O(n · s) for n actions and a state of size s; the page holds O(n + s · n /
  ///   500) bytes.
  public func inspectorPage<R: Reducer>(
    from initialState: State? = nil, with reducer: R, title: String? = nil
  ) throws(ReplayError) -> InspectorPage where R.State == State, R.Action == Action {
    try inspectorPage(from: initialState, with: reducer, title: title, marking: nil)
  }

  /// Makes the inspector page, marking `mark`'s step with its note, and calls `progress` with
  /// the number of steps done as it goes (every few thousand, and at the end).
  package func inspectorPage<R: Reducer>(
    from initialState: State? = nil, with reducer: R, title: String? = nil,
    marking mark: InspectorMark?, progress: ((_ done: Int, _ total: Int) -> Void)? = nil
  ) throws(ReplayError) -> InspectorPage where R.State == State, R.Action == Action {
    guard let start = initialState ?? self.initialState else {
      throw ReplayError(
        actionIndex: 0, line: 1, action: "",
        reason: "the recording holds only the initial state's fingerprint; pass the initial "
          + "state to inspectorPage(from:with:)", diff: nil)
    }
    var difference: ReplayError?
    do {
      _ = try replayed(from: initialState, with: reducer)
    } catch {
      difference = error
    }
    let header = pageHeader(title: title, difference: difference, mark: mark)
    let total = actionCount
    let trace: InspectorTrace
    do {
      trace = try InspectorTrace(
        self, from: start, reduce: reducer.reduceFunction(), header: header,
        progress: progress.map { report in { report($0, total) } })
    } catch {
      throw ReplayError(
        actionIndex: 0, line: 1, action: "",
        reason: "the recording could not be read again (\(error))", diff: nil)
    }
    let html = InspectorHTML.page(title: pageTitle(title), data: trace.json)
    return InspectorPage(html: html, stepCount: trace.stepCount, difference: difference)
  }

  /// Makes the inspector page, marking `mark`'s step, and writes it to `url`.
  ///
  /// - Throws: ``ReplayError`` as ``inspectorPage(from:with:title:)`` does, or the error
  ///   writing the file threw.
  @discardableResult
  package func writeInspectorPage<R: Reducer>(
    to url: URL, from initialState: State? = nil, with reducer: R, title: String? = nil,
    marking mark: InspectorMark? = nil, progress: ((_ done: Int, _ total: Int) -> Void)? = nil
  ) throws -> InspectorPage where R.State == State, R.Action == Action {
    let page = try inspectorPage(
      from: initialState, with: reducer, title: title, marking: mark, progress: progress)
    try page.write(to: url)
    return page
  }

  private func pageTitle(_ title: String?) -> String {
    if let title { return title }
    if case .file(let url) = origin { return url.lastPathComponent }
    return source
  }

  /// The page data's first fields: what was recorded, when, and how the replay went.
  private func pageHeader(title: String?, difference: ReplayError?, mark: InspectorMark?) -> String
  {
    var fields = [
      "\"title\":" + InspectorTrace.quoted(pageTitle(title)),
      "\"source\":" + InspectorTrace.quoted(source),
      "\"actionCount\":\(actionCount)",
      "\"complete\":\(isComplete)",
      "\"spacing\":\(InspectorTrace.checkpointSpacing)",
    ]
    if case .file(let url) = origin,
      let date = try? FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate]
        as? Date
    {
      let formatter = ISO8601DateFormatter()
      fields.append("\"written\":" + InspectorTrace.quoted(formatter.string(from: date)))
    }
    if let difference {
      fields.append(
        "\"difference\":{\"step\":\(difference.actionIndex),\"line\":\(difference.line),"
          + "\"reason\":\(InspectorTrace.quoted(difference.reason)),"
          + "\"diff\":\(InspectorTrace.quoted(difference.diff ?? ""))}")
    }
    if let mark {
      fields.append(
        "\"mark\":{\"step\":\(mark.step),\"note\":\(InspectorTrace.quoted(mark.note))}")
    }
    return fields.joined(separator: ",")
  }
}
