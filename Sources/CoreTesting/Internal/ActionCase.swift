/// Matching an action by its enum case, given the case's constructor (`Action.loaded`).
enum ActionCase {
  /// Whether `action` is the case that `embed` builds, whatever its payload.
  ///
  /// The payload is read with `Mirror`; the case matches when the payload is a `Value` and
  /// embedding it again gives an action of the same case name.
  static func matches<Action, Value>(_ action: Action, _ embed: (Value) -> Action) -> Bool {
    let mirror = Mirror(reflecting: action)
    guard
      mirror.displayStyle == .enum, let child = mirror.children.first,
      let payload = child.value as? Value
    else { return false }
    return Mirror(reflecting: embed(payload)).children.first?.label == child.label
  }
}
