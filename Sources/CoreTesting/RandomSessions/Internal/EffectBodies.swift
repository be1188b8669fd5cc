import Core

/// Keeps count, for a random session, of the effect bodies that are running and those asleep on
/// a ``TestClock`` in their own task, so that the session knows when effects are idle: when
/// every body that has not ended is asleep on the clock, nothing more happens until the session
/// moves the clock.
///
/// A sleep counts only in the body's own task. A body that waits on a task it started (a task
/// group's child, or a dependency's `Task` feeding a stream) is not counted as asleep, since
/// the session cannot know whether that task has more to do; the session waits for it, up to
/// its effect timeout, then names it (see `SessionRun.settle()`).
final class EffectBodies: Sendable {
  struct Counts: Equatable {
    var running = 0
    var asleep = 0
    /// Changes whenever a body starts, ends, falls asleep or wakes.
    var events: UInt64 = 0
  }

  private struct Bodies {
    var counts = Counts()
    /// The bodies running now, by number, each with where its effect was created and whether
    /// it is asleep.
    var running: [UInt64: (location: Core.SourceLocation?, isAsleep: Bool)] = [:]
    var nextNumber: UInt64 = 0
  }

  private let bodies = Locked(Bodies())

  /// The counts now.
  var current: Counts { bodies.withLock { $0.counts } }

  /// Where the effects whose bodies run and are not asleep on the clock were created, in the
  /// order they started; "an effect the framework made" for one with no location.
  var awake: [String] {
    bodies.withLock { bodies in
      bodies.running.sorted { $0.key < $1.key }.filter { !$0.value.isAsleep }
        .map { $0.value.location.map(\.description) ?? "an effect the framework made" }
    }
  }

  /// `body`, counted while it runs and with its sleeps on a ``TestClock`` counted.
  ///
  /// The wrapper runs on the main actor, where the store starts the effect's task: the body is
  /// counted as running before the task leaves the main actor, so no moment exists where the
  /// task is started but nothing says so.
  func counting<Action>(
    _ body: @escaping @Sendable (Send<Action>) async -> Void, at location: Core.SourceLocation?
  ) -> @Sendable (Send<Action>) async -> Void {
    { @MainActor [self] send in
      let number = bodies.withLock { bodies in
        bodies.nextNumber += 1
        bodies.running[bodies.nextNumber] = (location, false)
        bodies.counts.running += 1
        bodies.counts.events &+= 1
        return bodies.nextNumber
      }
      let token = EffectBody(bodies: self, number: number, task: Self.currentTaskIdentity())
      await EffectBody.$current.withValue(token) { await body(send) }
      bodies.withLock { bodies in
        // A body's sleep ends before the body does, so it is awake here.
        bodies.running[number] = nil
        bodies.counts.running -= 1
        bodies.counts.events &+= 1
      }
    }
  }

  /// Notes that body `number` fell asleep on a test clock (`true`) or woke (`false`).
  func noteSleep(_ isAsleep: Bool, of number: UInt64) {
    bodies.withLock { bodies in
      bodies.running[number]?.isAsleep = isAsleep
      bodies.counts.asleep += isAsleep ? 1 : -1
      bodies.counts.events &+= 1
    }
  }

  /// Whether body `number` is still running.
  func isRunning(_ number: UInt64) -> Bool {
    bodies.withLock { $0.running[number] != nil }
  }

  /// The identity of the current task while it runs: its address, unique among the tasks
  /// alive now (an ended task's may be reused, which is why a body is matched only while it
  /// runs, see ``EffectBody/ofCurrentTask``).
  static func currentTaskIdentity() -> Int {
    // Unsafe only in that the task must not be used past the closure: its hash is a number.
    unsafe withUnsafeCurrentTask { unsafe $0?.hashValue ?? 0 }
  }
}

/// The effect body the current task runs for a random session, if any.
final class EffectBody: Sendable {
  @TaskLocal static var current: EffectBody?

  let bodies: EffectBodies
  /// The body's number among its session's.
  let number: UInt64
  /// The identity of the body's own task: tasks it starts inherit ``current`` but are not it.
  let task: Int

  init(bodies: EffectBodies, number: UInt64, task: Int) {
    self.bodies = bodies
    self.number = number
    self.task = task
  }

  /// The body whose own task is the current one, if any: a sleep there is the body's.
  ///
  /// A task started by the body inherits ``current`` and may outlive it, and once the body's
  /// task has ended its address may be given to that very task: so a body counts as the
  /// current task's only while it runs, when its task is alive and no other has its address.
  static var ofCurrentTask: EffectBody? {
    guard let body = current, body.task == EffectBodies.currentTaskIdentity(),
      body.bodies.isRunning(body.number)
    else { return nil }
    return body
  }

  /// Notes that the body fell asleep on a test clock (`true`) or woke (`false`).
  func noteSleep(_ isAsleep: Bool) {
    bodies.noteSleep(isAsleep, of: number)
  }
}
