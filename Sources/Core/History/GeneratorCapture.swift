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
/// A value is noted only between ``begin()`` and ``end(_:)`` and on the thread that called
/// `begin` (the root reducer's): an effect that calls a generator later, or on another thread
/// meanwhile, gets a value that is not noted (effects are not replayed, so nothing needs
/// their values). So a store recording with no dependency of its own overridden keeps its
/// dependencies the defaults, and its sends pay no task-local binding for the recording.
@usableFromInline
enum GeneratorCapture {
  /// The values noted so far for one reduction.
  @usableFromInline
  struct Log: Sendable {
    @usableFromInline var uuids: [UUID] = []
    @usableFromInline var dates: [Date] = []

    var isEmpty: Bool { uuids.isEmpty && dates.isEmpty }
  }

  /// Where a reduction's values are noted: the one slot, or a log in the list.
  @usableFromInline
  enum Token {
    case slot
    case list
  }

  /// The thread of the reduction that holds the slot, `0` when it is free. Almost always one
  /// reduction at a time is recorded (a root store's, on the main thread), and it takes the
  /// slot without a lock: only a generator call takes a lock.
  ///
  /// Orderings: only the owner stores its identity here and takes it out, so a thread that
  /// compares it with its own identity reads its own writes (relaxed is enough). Handing the
  /// slot to the next owner is a release by `end` (after it reset `slotNoted`) and an acquire
  /// by the `begin` that takes it, so the next owner starts from `slotNoted == false`.
  private static let slotThread = Atomic<UInt>(0)
  /// Whether `slotLog` holds values, so that `end` takes its lock only then. Read and written
  /// only by the slot's owner, between its `begin` and `end` (relaxed); the slot's hand-over
  /// orders it between owners.
  private static let slotNoted = Atomic<Bool>(false)
  /// The values noted for the reduction that holds the slot.
  private static let slotLog = Locked(Log())
  /// The reductions that began while the slot was taken (on another thread, or nested on the
  /// same one), innermost last, with their threads.
  private static let list = Locked<[(thread: UInt, log: Log)]>([])
  /// How many logs `list` holds: a generator called while it is `0` and the slot is free pays
  /// two loads. Relaxed: it only tells a thread whether to look in `list` (under its lock), and
  /// a thread with a log there incremented it itself, so it reads at least its own increment
  /// (every later value in the count's single order includes it); what other threads count
  /// does not concern it.
  private static let listCount = Atomic<Int>(0)

  /// An identity of the calling thread, never `0`.
  private static var currentThread: UInt {
    #if canImport(Glibc)
      UInt(pthread_self())
    #else
      UInt(bitPattern: pthread_self())
    #endif
  }

  /// Starts noting values on this thread; hand what it returns to ``end(_:)``.
  @usableFromInline
  static func begin() -> Token {
    let thread = currentThread
    if slotThread.compareExchange(expected: 0, desired: thread, ordering: .acquiring).exchanged {
      return .slot
    }
    listCount.add(1, ordering: .relaxed)
    list.withLock { $0.append((thread, Log())) }
    return .list
  }

  /// Stops noting values for the reduction `begin` returned `token` to, on this thread, and
  /// returns those noted since: `nil` when there were none, the usual case, which costs a
  /// recorded action no copy of two empty arrays.
  @usableFromInline
  static func end(_ token: Token) -> Log? {
    switch token {
    case .slot:
      var log: Log?
      if slotNoted.load(ordering: .relaxed) {
        log = slotLog.withLock { log in
          defer { log = Log() }
          return log
        }
        slotNoted.store(false, ordering: .relaxed)
      }
      slotThread.store(0, ordering: .releasing)
      return log
    case .list:
      defer { listCount.subtract(1, ordering: .relaxed) }
      let thread = currentThread
      let log = list.withLock { list -> Log? in
        guard let index = list.lastIndex(where: { $0.thread == thread }) else { return nil }
        return list.remove(at: index).log
      }
      return log?.isEmpty == false ? log : nil
    }
  }

  /// Notes a value for the reduction in progress on this thread, if any: the innermost one.
  private static func note(_ add: (inout Log) -> Void) {
    let hasList = listCount.load(ordering: .relaxed) > 0
    let slot = slotThread.load(ordering: .relaxed)
    guard hasList || slot != 0 else { return }
    let thread = currentThread
    if hasList {
      let noted = list.withLock { list -> Bool in
        guard let index = list.lastIndex(where: { $0.thread == thread }) else { return false }
        add(&list[index].log)
        return true
      }
      if noted { return }
    }
    // Only this thread puts its identity in the slot or takes it out: the check holds.
    if slot == thread {
      slotLog.withLock { add(&$0) }
      slotNoted.store(true, ordering: .relaxed)
    }
  }

  /// Notes `uuid` for the reduction in progress on this thread, if any.
  static func note(uuid: UUID) {
    note { $0.uuids.append(uuid) }
  }

  /// Notes `date` for the reduction in progress on this thread, if any.
  static func note(date: Date) {
    note { $0.dates.append(date) }
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
