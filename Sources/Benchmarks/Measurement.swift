/// One figure of a run: a median time per action, bytes per store, or bytes per action.
struct Measurement {
  enum Unit: String {
    case nanosecondsPerAction = "ns/action"
    case bytesPerStore = "bytes/store"
    case bytesPerAction = "bytes/action"
    case nanosecondsPerStep = "ns/step"
    case nanosecondsPerShrink = "ns/shrink"
  }

  /// The case, such as `tree fan-out`.
  let name: String
  /// The variant, such as `element scopes`; empty when the case has one.
  let variant: String
  /// The size the case was run at (live scopes, collection size, depth), if any.
  let parameter: Int?
  let value: Double
  let unit: Unit

  var label: String {
    var label = name
    if !variant.isEmpty { label += " (\(variant))" }
    if let parameter { label += " \(parameter)" }
    return label
  }
}
