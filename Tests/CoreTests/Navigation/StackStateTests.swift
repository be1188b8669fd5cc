import Foundation
import Testing

@testable import Core

extension NavigationTests {
  @Suite struct StackStateTests {
    /// Runs `body` with a counter of its own, so ids are predictable.
    private func withIDs<R>(from next: Int = 0, _ body: () throws -> R) rethrows -> R {
      var dependencies = DependencyValues.current
      dependencies.stackElementIDs = StackElementIDGenerator(next: next)
      return try DependencyValues.$current.withValue(dependencies, operation: body)
    }

    @Test func appendTakesTheNextIdAndPopsFollowTheStack() {
      withIDs {
        var stack: StackState<String> = ["a", "b"]
        stack.append("c")
        #expect(stack.ids == [0, 1, 2])
        #expect(Array(stack) == ["a", "b", "c"])
        #expect(stack.count == 3 && !stack.isEmpty)
        #expect(stack[id: 1] == "b")
        let last = stack.popLast()
        #expect(last == "c")
        stack.append("d")
        #expect(stack.ids == [0, 1, 3])
        let poppedTo = stack.pop(to: 0)
        #expect(poppedTo)
        #expect(stack.ids == [0])
        let poppedAbsent = stack.pop(from: 7)
        let popped = stack.pop(from: 0)
        #expect(!poppedAbsent && popped)
        #expect(stack.isEmpty)
        let none = stack.popLast()
        #expect(none == nil)
      }
    }

    @Test func subscriptByIdReplacesRemovesAndPushes() {
      withIDs {
        var stack: StackState<String> = ["a", "b", "c"]
        stack[id: 1] = "B"
        stack[id: 0] = nil
        #expect(Array(stack) == ["B", "c"])
        stack[id: 9] = "z"
        #expect(stack.ids == [1, 2, 9])
        stack.append("after")
        #expect(stack.ids.last == 10)
        stack.removeAll()
        #expect(stack.isEmpty)
      }
    }

    @Test func appendSkipsIdsTheStackAlreadyHolds() {
      var stack = withIDs(from: 1) { StackState(["a", "b"]) }
      withIDs { stack.append("c") }
      #expect(stack.ids == [1, 2, 0])
      withIDs(from: 1) { stack.append("d") }
      #expect(stack.ids == [1, 2, 0, 3])
    }

    @Test func equalityComparesIdsAndElements() {
      let (one, two) = withIDs { (StackState(["a"]), StackState(["a"])) }
      #expect(one == one)
      #expect(one != two)
      #expect(withIDs { StackState(["a"]) } == one)
    }

    @Test func decodingGivesNewIds() throws {
      let data = try withIDs { try JSONEncoder().encode(StackState(["a", "b"])) }
      #expect(String(decoding: data, as: UTF8.self) == #"["a","b"]"#)
      let decoded = try withIDs(from: 5) {
        try JSONDecoder().decode(StackState<String>.self, from: data)
      }
      #expect(decoded.ids == [5, 6])
      #expect(Array(decoded) == ["a", "b"])
    }

    @Test func describesElementsById() {
      withIDs {
        let stack: StackState<String> = ["a", "b"]
        #expect(stack.description == #"[#0: a, #1: b]"#)
        var dump = ""
        Swift.dump(stack, to: &dump)
        #expect(dump.contains("#1"))
      }
    }

    @Test func idsFromTheSharedCounterAreUnique() {
      let first = StackState(["a"]).ids[0]
      let second = StackState(["a"]).ids[0]
      #expect(first != second)
    }
  }
}
