/// What a random session reads from its ``TestClock`` to know when effects are idle: whether
/// sleeps start or end, and which effect body sleeps.
extension TestClock {
  /// Changes whenever a sleep starts or ends.
  var activity: UInt64 { timeline.withLock { $0.activity } }
}

extension TestClock.Sleeper {
  /// The random session's effect body running in the current task, which a sleep starting
  /// here belongs to; `nil` outside a random session, or in a task the body started.
  static var currentOwner: EffectBody? { EffectBody.ofCurrentTask }

  /// Notes that the sleep's body, if any, fell asleep on the clock.
  func noteAsleep() {
    owner?.noteSleep(true)
  }

  /// Notes that the sleep's body, if any, woke.
  func noteAwake() {
    owner?.noteSleep(false)
  }
}
