import Foundation

/// The list-editing operations of SwiftUI's `onMove` and `onDelete`, by offsets.
extension IdentifiedArray {
  /// Moves the elements at `source` so that they come just before the element that was at
  /// `destination` (or at the end when `destination` is `count`), keeping their order.
  ///
  /// ```swift
  /// rows.move(fromOffsets: [0, 2], toOffset: 5)
  /// ```
  ///
  /// - Complexity: Amortized O(k log² n) for k moved elements, O(k log n) in practice (see
  ///   ``insert(_:at:)``).
  public mutating func move(fromOffsets source: IndexSet, toOffset destination: Int) {
    requireContract(
      destination >= 0 && destination <= count,
      """
      IdentifiedArray.move(fromOffsets:toOffset:) was given the destination \(destination), \
      outside 0...\(count)
      """)
    checkOffsets(source, in: "move(fromOffsets:toOffset:)")
    var moved: [Element.ID] = []
    moved.reserveCapacity(source.count)
    for offset in source.reversed() { moved.append(ids.remove(at: offset)) }
    var position = destination - source.count(in: 0..<destination)
    for id in moved.reversed() {
      ids.insert(id, at: position)
      position += 1
    }
  }

  /// Removes the elements at `offsets`.
  ///
  /// - Complexity: O(k log n) for k removed elements.
  public mutating func remove(atOffsets offsets: IndexSet) {
    checkOffsets(offsets, in: "remove(atOffsets:)")
    for offset in offsets.reversed() {
      elements.remove(ids.remove(at: offset))
    }
  }

  private func checkOffsets(_ offsets: IndexSet, in operation: String) {
    guard let first = offsets.first, let last = offsets.last else { return }
    requireContract(
      first >= 0 && last < count,
      """
      IdentifiedArray.\(operation) was given the offsets \(first)...\(last), outside \
      0..<\(count)
      """)
  }
}
