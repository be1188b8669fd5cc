import Core
import Foundation
import Testing

@Suite struct ActionCodingTests {
  func roundTrip<T: Codable & Equatable>(_ value: T) throws -> T {
    try JSONDecoder().decode(T.self, from: JSONEncoder().encode(value))
  }

  @Test func presentationActionsRoundTrip() throws {
    let actions: [PresentationAction<UndoAction>] = [.presented(.redo), .dismiss]
    for action in actions { #expect(try roundTrip(action) == action) }
  }

  @Test func stackActionsRoundTrip() throws {
    let actions: [StackAction<Int, UndoAction>] = [
      .element(id: 3, action: .undo), .popFrom(id: 4), .push(id: 5, state: 42),
    ]
    for action in actions { #expect(try roundTrip(action) == action) }
  }

  @Test func anUnknownCaseIsADecodingErrorNamingTheCases() {
    let data = Data(#"{"shove":{"id":1}}"#.utf8)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(StackAction<Int, UndoAction>.self, from: data)
    }
  }
}
