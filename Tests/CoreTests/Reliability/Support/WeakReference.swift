/// A weak reference to any object, for leak checks.
final class WeakReference {
  weak var object: AnyObject?

  init(_ object: AnyObject) {
    self.object = object
  }
}
