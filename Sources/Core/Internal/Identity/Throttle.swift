/// How an effect is throttled: the throttle's id, its clock and interval, and whether a
/// window ends with its last effect or its first. The store that starts the effect decides
/// what it does from the window it keeps for the child that returned it (see
/// ``EffectRegistry/throttleWindows``).
@usableFromInline
package struct Throttle: Sendable {
  let id: HashableValue
  /// The clock's identity: the clock object, or its type for a value clock.
  let clock: HashableValue
  let latest: Bool
  /// Makes the window of a child that has none yet.
  let makeWindow: @MainActor @Sendable () -> any ThrottleWindow

  init<C: Clock<Duration>>(id: HashableValue, interval: Duration, clock: C, latest: Bool) {
    self.id = id
    if C.self is AnyClass {
      self.clock = HashableValue(ObjectIdentifier(clock as AnyObject))
    } else {
      self.clock = HashableValue(ObjectIdentifier(C.self))
    }
    self.latest = latest
    self.makeWindow = { ClockWindow(clock: clock, interval: interval) }
  }
}

/// Which window a throttled effect belongs to: the child that returned it, the throttle's id
/// and its clock.
struct ThrottleKey: Hashable {
  let path: ChildPath
  let id: HashableValue
  let clock: HashableValue
}

/// What a throttled effect does, decided by its window when the store starts it.
enum ThrottleStep {
  /// No window is open: run now, opening one.
  case runNow
  /// An effect already waits for the window's end and `latest` is `false`.
  case drop
  /// Wait with `wait`, then run; cancel `replacing` (the effect that waited before), if any.
  case wait(@Sendable () async -> Void, replacing: [RunningTask])
}

/// The throttle window of one child, id and clock.
@MainActor
protocol ThrottleWindow: AnyObject {
  /// What an effect throttled now does.
  func step(latest: Bool) -> ThrottleStep
  /// Records the tasks of the effect that now waits for the window's end.
  func didStartWaiting(_ tasks: [RunningTask])
}

/// A throttle window measured on a clock.
@MainActor
final class ClockWindow<C: Clock<Duration>>: ThrottleWindow {
  private let clock: C
  private let interval: Duration
  /// When the last effect ran.
  private var lastRun: C.Instant?
  /// The effect waiting for the window's end, and that end.
  private var waiting: (deadline: C.Instant, tasks: [RunningTask])?

  init(clock: C, interval: Duration) {
    self.clock = clock
    self.interval = interval
  }

  func step(latest: Bool) -> ThrottleStep {
    let now = clock.now
    if let waiting {
      // A cancelled wait (by `.cancel(id:)`) leaves the window as the last run left it.
      let isCancelled = waiting.tasks.allSatisfy(\.task.isCancelled)
      if !isCancelled && now < waiting.deadline {
        return latest ? wait(until: waiting.deadline, replacing: waiting.tasks) : .drop
      }
      if !isCancelled { lastRun = waiting.deadline }
      self.waiting = nil
    }
    if let lastRun, now < lastRun.advanced(by: interval) {
      return wait(until: lastRun.advanced(by: interval), replacing: [])
    }
    lastRun = now
    return .runNow
  }

  private func wait(until deadline: C.Instant, replacing: [RunningTask]) -> ThrottleStep {
    waiting = (deadline, [])
    let clock = clock
    return .wait(
      { try? await clock.sleep(until: deadline, tolerance: nil) }, replacing: replacing)
  }

  func didStartWaiting(_ tasks: [RunningTask]) {
    waiting?.tasks = tasks
  }
}
