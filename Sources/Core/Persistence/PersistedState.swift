import Dispatch
import Foundation

/// A piece of state kept in a file between runs: loaded when opened, saved after it changes.
///
/// Open it before creating the store, start the store from what it loaded, and attach it with
/// ``Store/persist(_:to:)``:
///
/// ```swift
/// let settings = try PersistedState.open(.settings, at: settingsURL)  // loads, migrates, locks
/// let store = Store(initialState: AppState(settings: settings.value ?? .init())) { AppFeature() }
/// let saving = store.persist(\.settings, to: settings)  // saves each change, in the background
/// ```
///
/// What it guarantees:
/// - **A send never waits on the disk.** ``save(_:)`` only records the value; encoding and
///   writing happen on a background queue, coalesced: the changes made within `coalescing` of
///   one another are written once, as the newest value.
/// - **Atomic saves.** Each save replaces the whole file (temporary file, flush, rename): a
///   crash at any moment leaves a file that loads, holding the state of some earlier moment.
///   What is lost is at most the changes of the last `coalescing` window (a store attached
///   with ``Store/persist(_:to:)`` hands its changes over on the main actor at the end of each
///   window: while the main actor is busy, they wait for it).
/// - **A single writer.** Opening takes a lock held until the value is released; a second
///   opener gets ``PersistenceError/inUse(_:pid:)`` naming the holder's process, and can open
///   with `readOnly: true` to look without saving.
/// - **Nothing is overwritten that could not be read.** A file that cannot be read or decoded
///   (or fails the format's check) is moved aside to `<name>.corrupt-<UTC timestamp>` and
///   reported in ``outcome``; the app starts without it. That file is kept, with the newest
///   of those moved aside before, `keepingMovedAside` in all. Read-only, such a file is
///   refused and left as it is.
/// - **Only regular files.** A directory, device, FIFO or socket at the path is refused before
///   anything is created beside it.
/// - **A failed save is not forgotten.** A value whose write failed (a full disk, a read-only
///   folder) stays pending until a write succeeds: the next ``save(_:)`` (with its newer
///   value) or ``flush(isolation:)`` tries again. Nothing retries on a timer. Released with a value
///   whose write failed, it reports an issue naming the file and why (see `reportIssue`), as
///   it does when a write still pending at release fails.
///
/// Call ``flush(isolation:)`` before the process exits, to write the last changes and learn
/// whether the last save succeeded.
public final class PersistedState<Value: Codable & Sendable>: Sendable {
  /// What opening found.
  public enum Outcome: Equatable, Sendable {
    /// Nothing was saved at the path yet.
    case empty
    /// A saved value was loaded; `version` is the version it was written in (older than the
    /// format's when it was migrated).
    case restored(version: Int)
    /// The file could not be used for `reason`: it was moved to `movedTo`, and the older
    /// moved-aside files in `removed` were deleted to keep only the newest few.
    case movedAside(movedTo: String, reason: String, removed: [String])
  }

  /// The state file.
  public let url: URL
  /// The value loaded when opening; `nil` when there was none (see ``outcome``).
  public let value: Value?
  /// What opening found.
  public let outcome: Outcome
  /// Whether saves are ignored: opened with `readOnly: true`, without the lock.
  public let isReadOnly: Bool

  /// How many moved-aside files opening keeps by default.
  public static var keptMovedAsideFiles: Int { 5 }

  /// Holds the lock: it lasts as long as this value, or a write still pending after it.
  @usableFromInline let writer: PersistenceWriter<Value>?
  /// The windows of the stores that ``Store/persist(_:to:)`` attached, so that
  /// ``flush(isolation:)`` on the main actor hands their changes over first.
  @MainActor private var windows: [ObjectIdentifier: PersistWindow] = [:]

  private init(url: URL, value: Value?, outcome: Outcome, writer: PersistenceWriter<Value>?) {
    self.url = url
    self.value = value
    self.outcome = outcome
    self.writer = writer
    self.isReadOnly = writer == nil
  }

  /// Opens the state at `url`: refuses a path that is not a regular file, takes the lock
  /// (unless `readOnly`), loads and migrates the saved value, and moves a bad file aside.
  ///
  /// - Parameters:
  ///   - format: The file's format, with its migrations.
  ///   - url: The state file.
  ///   - readOnly: Load without the lock, save nothing, and refuse a bad file instead of
  ///     moving it.
  ///   - coalescing: How long a save waits for more changes before writing.
  ///   - keepingMovedAside: How many moved-aside files to keep, the one just moved included
  ///     (which is kept even when this is 0).
  ///   - now: The clock for the moved-aside file's name.
  ///   - storage: Where the file is; the ``DependencyValues/persistentStorage`` dependency by
  ///     default (the disk, or memory under a `TestStore`).
  /// - Throws: ``PersistenceError`` when the state cannot be used; nothing was changed then.
  public static func open(
    _ format: PersistenceFormat<Value>,
    at url: URL,
    readOnly: Bool = false,
    coalescing: Duration = .milliseconds(20),
    keepingMovedAside: Int = keptMovedAsideFiles,
    now: @escaping @Sendable () -> Date = { Date() },
    storage: (any PersistentStorage)? = nil
  ) throws(PersistenceError) -> PersistedState {
    let storage = storage ?? DependencyValues.current.persistentStorage
    // Refuses a directory, device or FIFO before making anything beside it.
    let exists = try storage.exists(at: url)
    if readOnly {
      guard exists else { return PersistedState(url: url, value: nil, outcome: .empty) }
      let data: Data
      do {
        data = try storage.read(at: url) ?? Data()
      } catch {
        throw .unusable(url.path, Self.unreadable(error))
      }
      switch format.decode(data) {
      case let .success(decoded):
        return PersistedState(
          url: url, value: decoded.value, outcome: .restored(version: decoded.version))
      case let .failure(refusal):
        throw .unusable(url.path, refusal.reason)
      }
    }
    let lock = try storage.lock(url)
    let writer = PersistenceWriter(
      format: format, url: url, storage: storage, coalescing: coalescing, lock: lock)
    let make = { (value: Value?, outcome: Outcome) in
      PersistedState(url: url, value: value, outcome: outcome, writer: writer)
    }
    let reason: String
    do {
      guard let data = try storage.read(at: url) else { return make(nil, .empty) }
      switch format.decode(data) {
      case let .success(decoded):
        return make(decoded.value, .restored(version: decoded.version))
      case let .failure(refusal):
        reason = refusal.reason
      }
    } catch {
      reason = Self.unreadable(error)
    }
    let movedTo: String
    do {
      movedTo = try storage.moveAside(url, stamp: timestamp(now()))
    } catch {
      throw .cannotMoveAside(url.path, reason, Self.cause(error))
    }
    let removed = storage.removeMovedAside(
      from: url, keeping: keepingMovedAside, sparing: movedTo)
    return make(nil, .movedAside(movedTo: movedTo, reason: reason, removed: removed))
  }

  private convenience init(url: URL, value: Value?, outcome: Outcome) {
    self.init(url: url, value: value, outcome: outcome, writer: nil)
  }

  deinit {
    writer?.ownerReleased()
  }

  /// Saves `value`, soon: returns at once; the write happens on a background queue, after
  /// the coalescing window, with the newest value saved by then. Does nothing read-only.
  @inlinable
  public func save(_ value: consuming Value) {
    writer?.submit(value)
  }

  /// Writes the value ``save(_:)`` got last, if not yet written (or if its write failed), and
  /// waits for it.
  ///
  /// Called on the main actor, it first takes the changes that the stores attached with
  /// ``Store/persist(_:to:)`` made since their last hand-over; called elsewhere, it writes
  /// what they handed over so far (at most one coalescing window behind).
  ///
  /// - Parameter isolation: The caller's actor; leave the default.
  /// - Returns: Why the write failed, or `nil` when everything saved is written.
  @discardableResult
  public func flush(isolation: isolated (any Actor)? = #isolation) -> PersistenceError? {
    if let isolation, isolation === MainActor.shared {
      MainActor.assumeIsolated {
        for window in windows.values { window.close() }
      }
    }
    return writer?.flush()
  }

  /// Attaches a store's window (see ``Store/persist(_:to:)``) until `detach` is called.
  @MainActor
  func attach(_ window: PersistWindow) {
    windows[ObjectIdentifier(window)] = window
  }

  @MainActor
  func detach(_ window: PersistWindow) {
    windows[ObjectIdentifier(window)] = nil
  }

  /// A value a store's window handed over: written at once, since the window it waited for
  /// has passed.
  func handOver(_ value: Value) {
    writer?.submit(value, writingAfter: 0)
  }

  /// The coalescing window in nanoseconds (0 read-only, where nothing is saved).
  var windowNanoseconds: Int {
    writer?.windowNanoseconds ?? 0
  }

  /// Why the last save failed, or `nil` when it succeeded (or nothing was saved yet). While it
  /// is set, the value that failed is still pending: the next ``save(_:)`` or ``flush(isolation:)``
  /// tries again.
  public var lastError: PersistenceError? {
    writer?.lastError
  }

  /// Calls `handler` after every save, on a background queue, with why it failed or `nil`.
  ///
  /// An app shows the error (and hides it after a later success); hop to the main actor
  /// first: `Task { @MainActor in ... }`. The handler is kept for as long as this state
  /// lives: a handler that uses the state captures it weakly (`[weak settings]`), or each
  /// keeps the other alive, with the file's lock, until the process ends.
  public func onSaveResult(_ handler: @escaping @Sendable (PersistenceError?) -> Void) {
    writer?.onResult(handler)
  }

  /// `20250131T235959Z`: sortable, and safe in file names on every platform.
  static func timestamp(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    func two(_ value: Int?) -> String { value.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "00" }
    return "\(parts.year ?? 0)\(two(parts.month))\(two(parts.day))T"
      + "\(two(parts.hour))\(two(parts.minute))\(two(parts.second))Z"
  }

  private static func unreadable(_ error: PersistenceError) -> String {
    "it could not be read (\(cause(error)))"
  }

  /// The reason inside a storage error, without the path it repeats.
  private static func cause(_ error: PersistenceError) -> String {
    switch error {
    case let .cannotRead(_, reason), let .cannotWrite(_, reason), let .cannotLock(_, reason),
      let .cannotMoveAside(_, _, reason), let .unusable(_, reason):
      reason
    default:
      error.description
    }
  }
}
