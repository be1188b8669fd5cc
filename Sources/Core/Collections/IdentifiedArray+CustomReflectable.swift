extension IdentifiedArray: CustomReflectable {
  /// Reflects as a plain collection of its elements, so dumps and diffs show elements by
  /// position rather than the storage.
  public var customMirror: Mirror {
    Mirror(self, unlabeledChildren: Array(self), displayStyle: .collection)
  }
}
