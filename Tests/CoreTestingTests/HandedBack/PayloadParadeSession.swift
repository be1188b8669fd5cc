// swift-format-ignore-file
// The test that a random session of `PayloadParade` handed back, pasted as is: it compiles and
// passes. `RandomSessionTestSourceTests` checks that the kit still hands back this text.
import Core
import CoreTesting
import Foundation
import Testing

@MainActor
@Test func payloadParadeSession() async {
  let clock = TestClock()
  let store = TestStore(initialState: PayloadParade.State()) {
    PayloadParade()
  } withDependencies: {
    $0.clock = clock
  }
  store.exhaustivity = .off
  await store.send(.identified(UUID(7), other: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!))
  await store.send(.card(.push(id: 0, state: Card.State(title: "Front"))))
  await store.send(.card(.element(id: 0, action: .flipped(toBack: true))))
  await store.send(.card(.popFrom(id: 0)))
  await store.send(.rowEdited(Row.State(id: 3, title: "Read", isDone: false)))
  await store.send(.priced(Price(cents: 450)))
  await store.send(.scheduled(Date(timeIntervalSinceReferenceDate: 1234.5678)))
  await store.send(.measured(0.30000000000000004, ratio: 1e-07, extremes: [-0.0, 1e+300, .infinity, -.infinity, Double(bitPattern: 0x1)]))
  await store.send(.noted("She said \"hi\"\t\\ back\nthen 👍🏽, 👨\u{200D}👩\u{200D}👧 and cafe\u{301}\r\u{7}"))
  await store.send(.optionals(nil, nested: .some(nil), mood: .some(.none), missing: nil))
  await store.send(.optionals("set", nested: 4, mood: .glad, missing: .some(.none)))
  await store.send(.labelled(id: -12, name: ""))
  await store.send(.rows([Row.State(id: 1, title: "One", isDone: true), Row.State(id: 2, title: "Two", isDone: false)]))
  await store.send(.collections([3, 1, 2], table: ["a": [false, true], "b": [true]], tags: ["alpha", "zeta"], empty: [:]))
  await store.send(.alert(AlertState<Answer>(title: "Remove?", message: nil, buttons: [ButtonState<Answer>(role: .destructive, action: .remove(id: 1), label: "Remove")])))
  await store.send(.dialog(ConfirmationDialogState<Answer>(title: "Keep?", message: "Or not", buttons: [ButtonState<Answer>(role: .cancel, action: nil, label: "Keep")])))
  await store.send(.mood(.glad))
  await store.send(.mood(.none))
  await store.send(.ticket(Ticket(code: "a-1")))
  await store.send(.token(try! JSONDecoder().decode(Token.self, from: Data("{\"value\":42}".utf8))))
  await store.send(.waited(.milliseconds(1500), Duration(secondsComponent: 1, attosecondsComponent: 5)))
  await store.send(.linked(URL(string: "https://example.com/a?b=c")!, Data([0, 255]), Decimal(string: "4.5")!))
  await store.send(.narrow(-8, 18446744073709551615, "\""))
  await store.send(.finished)
  // Breaks the invariant 'the parade never ends' here.
}
