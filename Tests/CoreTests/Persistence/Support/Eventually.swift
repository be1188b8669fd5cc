import Foundation

/// Whether `condition` holds within a few seconds, checked every millisecond: for what a
/// persisted state's writer does on its own queue, such as the last attempt after release.
func eventually(_ condition: () -> Bool) -> Bool {
  let deadline = ContinuousClock.now + .seconds(5)
  while ContinuousClock.now < deadline {
    if condition() { return true }
    Thread.sleep(forTimeInterval: 0.001)
  }
  return condition()
}
