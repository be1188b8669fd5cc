import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Notes the values that the `uuid` and `date` dependencies return while the root reducer
/// reduces one action, for a ``SessionRecorder``.
///
/// Its generators call the ones in force around the reducer and pass their values through. A
/// value is noted only between ``begin(uuid:date:)`` and ``end()`` and on the thread that
/// called `begin` (the root reducer's): an effect that calls the same generator later, or on
/// another thread meanwhile, gets a value that is not noted (effects are not replayed, so nothing
/// needs their values).
final class GeneratorCapture: Sendable {
  struct Log {
    var isActive = false
    /// The thread reducing, while active.
    var thread: pthread_t?
    var uuids: [UUID] = []
    var dates: [Date] = []
    var baseUUID = UUIDGenerator.random
    var baseDate = DateGenerator.system
  }

  private let log = Locked(Log())

  /// The generator installed as `\.uuid` around the reducer.
  var uuid: UUIDGenerator {
    UUIDGenerator { [self] in
      let value = log.withLock { $0.baseUUID }()
      log.withLock { log in
        if log.isActive, let thread = log.thread, pthread_equal(thread, pthread_self()) != 0 {
          log.uuids.append(value)
        }
      }
      return value
    }
  }

  /// The generator installed as `\.date` around the reducer.
  var date: DateGenerator {
    DateGenerator { [self] in
      let value = log.withLock { $0.baseDate }()
      log.withLock { log in
        if log.isActive, let thread = log.thread, pthread_equal(thread, pthread_self()) != 0 {
          log.dates.append(value)
        }
      }
      return value
    }
  }

  /// Starts noting values, passing calls on to `uuid` and `date`; `nil` keeps the generators
  /// given before (by ``install(in:)``).
  func begin(uuid: UUIDGenerator?, date: DateGenerator?) {
    log.withLock {
      $0.isActive = true
      $0.thread = pthread_self()
      if let uuid { $0.baseUUID = uuid }
      if let date { $0.baseDate = date }
    }
  }

  /// Wraps the generators of `dependencies` once, for a store's whole life, so that the
  /// recording reducer need not override them for every action.
  func install(in dependencies: inout DependencyValues) {
    let (uuid, date) = (dependencies.uuid, dependencies.date)
    log.withLock {
      $0.baseUUID = uuid
      $0.baseDate = date
    }
    dependencies.uuid = self.uuid
    dependencies.date = self.date
    dependencies[GeneratorCaptureKey.self] = self
  }

  /// Stops noting values and returns those noted since `begin`.
  func end() -> (uuids: [UUID], dates: [Date]) {
    log.withLock { log in
      log.isActive = false
      defer {
        log.uuids.removeAll()
        log.dates.removeAll()
      }
      return (log.uuids, log.dates)
    }
  }
}

/// The capture installed in a store's dependencies, if any.
enum GeneratorCaptureKey: DependencyKey {
  static var liveValue: GeneratorCapture? { nil }
  static var testValue: GeneratorCapture? { nil }
}
