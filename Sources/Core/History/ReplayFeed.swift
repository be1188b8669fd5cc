import Foundation

/// Gives a replayed reducer the generator values recorded with the action it reduces, and
/// notes when it asks for more, or fewer, than were recorded.
final class ReplayFeed: Sendable {
  struct Values {
    var uuids: [UUID] = []
    var dates: [Date] = []
    var uuidIndex = 0
    var dateIndex = 0
    var uuidOverrun = false
    var dateOverrun = false
  }

  private let values = Locked(Values())

  /// The generator installed as `\.uuid` while replaying.
  var uuid: UUIDGenerator {
    UUIDGenerator { [self] in
      values.withLock { values in
        guard values.uuidIndex < values.uuids.count else {
          values.uuidOverrun = true
          return UUID(0)
        }
        defer { values.uuidIndex += 1 }
        return values.uuids[values.uuidIndex]
      }
    }
  }

  /// The generator installed as `\.date` while replaying.
  var date: DateGenerator {
    DateGenerator { [self] in
      values.withLock { values in
        guard values.dateIndex < values.dates.count else {
          values.dateOverrun = true
          return values.dates.last ?? Date(timeIntervalSinceReferenceDate: 0)
        }
        defer { values.dateIndex += 1 }
        return values.dates[values.dateIndex]
      }
    }
  }

  /// Starts feeding the values of one action.
  func load(uuids: [UUID], dates: [Date]) {
    values.withLock { $0 = Values(uuids: uuids, dates: dates) }
  }

  /// What went wrong with the values of the action just reduced, if anything.
  func mismatch() -> String? {
    values.withLock { values in
      if values.uuidOverrun {
        return "the reducer asked for more UUIDs than the \(values.uuids.count) recorded "
          + "with this action"
      }
      if values.dateOverrun {
        return "the reducer asked for more dates than the \(values.dates.count) recorded "
          + "with this action"
      }
      if values.uuidIndex < values.uuids.count {
        return "the reducer asked for \(values.uuidIndex) UUIDs; \(values.uuids.count) were "
          + "recorded with this action"
      }
      if values.dateIndex < values.dates.count {
        return "the reducer asked for \(values.dateIndex) dates; \(values.dates.count) were "
          + "recorded with this action"
      }
      return nil
    }
  }
}
