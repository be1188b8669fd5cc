import Foundation

/// The recorder's writer: on its own queue, it takes the queued entries a batch at a time,
/// encodes them as lines and writes each batch with one `write`.
extension SessionRecorder {
  /// Encodes and writes every queued entry, on the writer queue, until it finds the queue
  /// empty. The timer's drain (`isTick`) that wrote a batch then sets the timer again, for
  /// the actions still coming, and one that found nothing lets it go.
  func drain(isTick: Bool = false) {
    let encoder = RecordingFormat.makeEncoder()
    // What the sends append to next: allocated here, on the writer's queue, and handed over
    // empty with each batch taken; after that the array of the batch written, emptied.
    var entries: [Entry] = []
    entries.reserveCapacity(Self.batchCapacity)
    var took = false
    while true {
      switch pending.withLock({ $0.takeBatch(swapping: &entries, tickAgain: isTick && took) }) {
      case .done: return
      case .tickAgain:
        scheduleDrain()
        return
      case .discard: break
      case .write: write(entries, encoder: encoder)
      }
      took = true
      // A batch that grew far past the usual size gives its memory back.
      if entries.capacity > 4 * Self.batchCapacity {
        entries = []
        entries.reserveCapacity(Self.batchCapacity)
      } else {
        entries.removeAll(keepingCapacity: true)
      }
    }
  }

  /// Encodes `entries` and writes them with one `write`; the lines encoded before one that
  /// cannot be are written, since they are whole. A failure stops the recording.
  private func write(_ entries: [Entry], encoder: JSONEncoder) {
    var bytes = Data()
    var failure: RecordingError?
    for entry in entries {
      do {
        try line(of: entry, encoder: encoder).append(to: &bytes, encoder: encoder)
      } catch {
        failure = .writeFailed(path: sink.name, reason: reason(entry, error))
        break
      }
    }
    do {
      if !bytes.isEmpty { try sink.write(bytes) }
    } catch {
      failure = error as? RecordingError ?? .writeFailed(path: sink.name, reason: "\(error)")
    }
    if let failure { pending.withLock { $0.failed(failure) } }
  }

  /// The line of `entry`; a checkpoint's state is encoded here.
  private func line(of entry: Entry, encoder: JSONEncoder) throws -> RecordedLine<Action> {
    switch entry {
    case .action(let index, let action, let values, let stackID):
      .action(
        index: index, action: action, uuids: values?.uuids ?? [], dates: values?.dates ?? [],
        stackID: stackID)
    case .checkpoint(let after, let state, let isEnd):
      .checkpoint(
        after: after, stateData: try encoder.encode(state),
        includesState: options.checkpointsIncludeState, isEnd: isEnd)
    }
  }

  /// Why `entry` could not be encoded.
  private func reason(_ entry: Entry, _ error: any Error) -> String {
    guard case .action(let index, _, _, _) = entry else { return "\(error)" }
    return "action #\(index) could not be encoded (\(error))"
  }
}
