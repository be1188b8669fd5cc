import Core

/// Counts, for a random session, the effect bodies that are running and those asleep on a
/// ``TestClock`` in their own task, so that the session knows when effects are idle: when every
/// body that has not ended is asleep on the clock, nothing more happens until the session moves
/// the clock.
///
/// A sleep counts only in the body's own task. A body that waits on a task it started (a task
/// group's child, or a dependency's `Task` feeding a stream) is not counted as asleep, since
/// the session cannot know whether that task has more to do; the session then waits until
/// nothing has changed for a while instead (see `SessionRunner.settle()`).
final class EffectBodies: Sendable {
  struct Counts: Equatable {
    var running = 0
    var asleep = 0
    /// Changes whenever a body starts, ends, falls asleep or wakes.
    var events: UInt64 = 0
  }

  private let counts = Locked(Counts())

  /// The counts now.
  var current: Counts { counts.withLock { $0 } }

  /// `body`, counted while it runs and with its sleeps on a ``TestClock`` counted.
  ///
  /// The wrapper runs on the main actor, where the store starts the effect's task: the body is
  /// counted as running before the task leaves the main actor, so no moment exists where the
  /// task is started but nothing says so.
  func counting<Action>(
    _ body: @escaping @Sendable (Send<Action>) async -> Void
  ) -> @Sendable (Send<Action>) async -> Void {
    { @MainActor [self] send in
      let token = EffectBody(bodies: self, task: Self.currentTaskIdentity())
      update { $0.running += 1 }
      await EffectBody.$current.withValue(token) { await body(send) }
      update { $0.running -= 1 }
    }
  }

  /// Notes that a body fell asleep on a test clock (`true`) or woke (`false`).
  func noteSleep(_ isAsleep: Bool) {
    update { $0.asleep += isAsleep ? 1 : -1 }
  }

  private func update(_ change: (inout Counts) -> Void) {
    counts.withLock {
      change(&$0)
      $0.events &+= 1
    }
  }

  /// The identity of the current task while it runs.
  static func currentTaskIdentity() -> Int {
    withUnsafeCurrentTask { $0?.hashValue ?? 0 }
  }
}

/// The effect body the current task runs for a random session, if any.
final class EffectBody: Sendable {
  @TaskLocal static var current: EffectBody?

  let bodies: EffectBodies
  /// The identity of the body's own task: tasks it starts inherit ``current`` but are not it.
  let task: Int

  init(bodies: EffectBodies, task: Int) {
    self.bodies = bodies
    self.task = task
  }

  /// The body whose own task is the current one, if any: a sleep there is the body's.
  static var ofCurrentTask: EffectBody? {
    guard let body = current, body.task == EffectBodies.currentTaskIdentity() else { return nil }
    return body
  }
}
