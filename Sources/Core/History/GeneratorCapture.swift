import Foundation
import Synchronization

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Notes the values that the `uuid` and `date` dependencies return while a recorded root
/// reducer reduces one action, for a ``SessionRecorder``.
///
/// Only *noting* generators report their values: the live defaults of `\.uuid` and `\.date`,
/// and the wrappers ``noting(_:)-(UUIDGenerator)`` puts around a store's own overrides. A
/// generator a reducer installs for part of the tree (`.dependency(\.uuid, ...)`) does not
/// note, and a replay, which gives the root the recorded values, does not give it them either.
///
/// A value is noted only between ``begin()`` and ``end()`` and on the thread that called
/// `begin` (the root reducer's): an effect that calls a generator later, or on another thread
/// meanwhile, gets a value that is not noted (effects are not replayed, so nothing needs
/// their values). So a store recording with no dependency of its own overridden keeps its
/// dependencies the defaults, and its sends pay no task-local binding for the recording.
@usableFromInline
enum GeneratorCapture {
  /// The values noted so far on one thread, for the reduction in progress there.
  struct Log {
    var thread: pthread_t
    var uuids: [UUID] = []
    var dates: [Date] = []
  }

  /// The reductions in progress, innermost last; empty when nothing is being recorded.
  private static let logs = Locked<[Log]>([])
  /// How many reductions are in progress: a generator called while none is pays one load.
  private static let active = Atomic<Int>(0)

  /// Starts noting values on this thread.
  @usableFromInline
  static func begin() {
    active.add(1, ordering: .sequentiallyConsistent)
    logs.withLock { $0.append(Log(thread: pthread_self())) }
  }

  /// Stops noting values on this thread and returns those noted since `begin`.
  @usableFromInline
  static func end() -> (uuids: [UUID], dates: [Date]) {
    defer { active.subtract(1, ordering: .sequentiallyConsistent) }
    return logs.withLock { logs in
      guard let index = logs.lastIndex(where: { pthread_equal($0.thread, pthread_self()) != 0 })
      else { return ([], []) }
      let log = logs.remove(at: index)
      return (log.uuids, log.dates)
    }
  }

  /// Notes `uuid` for the reduction in progress on this thread, if any.
  static func note(uuid: UUID) {
    guard active.load(ordering: .sequentiallyConsistent) > 0 else { return }
    logs.withLock { logs in
      if let index = logs.lastIndex(where: { pthread_equal($0.thread, pthread_self()) != 0 }) {
        logs[index].uuids.append(uuid)
      }
    }
  }

  /// Notes `date` for the reduction in progress on this thread, if any.
  static func note(date: Date) {
    guard active.load(ordering: .sequentiallyConsistent) > 0 else { return }
    logs.withLock { logs in
      if let index = logs.lastIndex(where: { pthread_equal($0.thread, pthread_self()) != 0 }) {
        logs[index].dates.append(date)
      }
    }
  }

  /// `generator`, noting its values: itself if it notes already.
  static func noting(_ generator: UUIDGenerator) -> UUIDGenerator {
    if generator.notesValues { return generator }
    return .noting { generator() }
  }

  /// `generator`, noting its values: itself if it notes already.
  static func noting(_ generator: DateGenerator) -> DateGenerator {
    if generator.notesValues { return generator }
    return .noting { generator() }
  }

  /// Makes the store's own `uuid` and `date` generators note their values, where
  /// `dependencies` overrides them; the live defaults note already, and stay as they are.
  @usableFromInline
  static func install(in dependencies: inout DependencyValues) {
    let (uuid, date) = (dependencies.uuid, dependencies.date)
    if !uuid.notesValues { dependencies.uuid = noting(uuid) }
    if !date.notesValues { dependencies.date = noting(date) }
  }
}
