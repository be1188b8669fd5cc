import Core
import Foundation
import Testing

// The examples in the doc comments of Sources/Core/Collections: IdentifiedArray, its offset
// and reordering operations, and OrderedIDs.

enum CollectionDocs {
  struct Row: Equatable, Identifiable {
    let id: Int
    var title = ""
    var isHighlighted = false
  }

  struct Order: Equatable, Identifiable {
    enum Status: Equatable { case draft, submitted }
    let id: Int
    var date = Date(timeIntervalSinceReferenceDate: 0)
    var status = Status.draft
  }

  @Test static func anIdentifiedArrayIsFoundByID() {
    var orders: IdentifiedArray<Order> = []
    orders.append(Order(id: 7))
    orders[id: 7]?.status = .submitted
    orders.sort { $0.date < $1.date }
    orders.remove(id: 7)
    #expect(orders.isEmpty)

    var kept: IdentifiedArray<Order> = [Order(id: 7)]
    kept[id: 7]?.status = .submitted
    #expect(kept[id: 7]?.status == .submitted)
  }

  @Test static func appendingAnIDThatIsThereChangesNothing() {
    var rows: IdentifiedArray<Row> = [Row(id: 3), Row(id: 7)]
    let (inserted, index) = rows.append(Row(id: 7))
    if !inserted { rows[index].isHighlighted = true }
    #expect(rows.map(\.id) == [3, 7])
    #expect(rows[id: 7]?.isHighlighted == true)
  }

  @Test static func idsAreInOrder() {
    let rows: IdentifiedArray<Row> = [Row(id: 3), Row(id: 1)]
    let ids = Array(rows.ids)  // [3, 1]
    let hasOne = rows.ids.contains(1)  // true, in O(log n)
    #expect(ids == [3, 1])
    #expect(hasOne)
  }

  @Test static func rowsMoveAndSort() {
    var rows = IdentifiedArray(
      uniqueElements: ["a", "b", "c", "d", "e", "f"].enumerated().map {
        Row(id: $0.offset, title: $0.element)
      })
    rows.move(fromOffsets: [0, 2], toOffset: 5)
    #expect(rows.map(\.title) == ["b", "d", "e", "a", "c", "f"])
    rows.sort { $0.title < $1.title }
    #expect(rows.map(\.title) == ["a", "b", "c", "d", "e", "f"])
  }
}
