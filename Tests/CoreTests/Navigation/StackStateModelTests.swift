import TestSupport
import Testing

@testable import Core

extension NavigationTests {
  /// `StackState` against a plain array of `(id, element)` under seeded random operations that
  /// push and pop across the 32-element boundary between its top elements and the rest, many
  /// times: every operation must do what it does to the array, copies taken along the way must
  /// not change, and stacks with the same content but another history must be equal and hash
  /// alike.
  @Suite struct StackStateModelTests {
    typealias Model = [(id: StackElementID, element: Int)]

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func randomOperationsMatchAnArrayModel(seed: UInt64) {
      var dependencies = DependencyValues.current
      dependencies.stackElementIDs = StackElementIDGenerator(next: 0)
      DependencyValues.$current.withValue(dependencies) {
        run(seed: seed)
      }
    }

    private func run(seed: UInt64) {
      var generator = SplitMix64(seed: seed)
      var stack = StackState<Int>()
      var model: Model = []
      var snapshots: [(StackState<Int>, Model)] = []
      var baseCounts: Set<Int> = []
      var differentSplits = 0
      for step in 0..<1_500 {
        let before = stack
        let modelBefore = model
        let id = randomID(in: model, using: &generator)
        switch generator.int(in: 0..<100) {
        case 0..<34:
          let next = StackElementID(generation: DependencyValues.current.stackElementIDs.peek)
          stack.append(step)
          model.append((next, step))
        case 34..<38:
          for offset in 0..<generator.int(in: 20..<50) {
            let next = StackElementID(generation: DependencyValues.current.stackElementIDs.peek)
            stack.append(step + offset)
            model.append((next, step + offset))
          }
        case 38..<62:
          #expect(stack.popLast() == model.popLast()?.element)
        case 62..<66:
          let position = model.firstIndex { $0.id == id }
          #expect(stack.pop(from: id) == (position != nil))
          if let position { model.removeSubrange(position...) }
        case 66..<70:
          let position = model.firstIndex { $0.id == id }
          #expect(stack.pop(to: id) == (position != nil))
          if let position { model.removeSubrange((position + 1)...) }
        case 70..<84:
          let position = model.firstIndex { $0.id == id }
          // Now and then the element is written with the value it has: nothing changes.
          let value = position.map { step % 3 == 0 ? model[$0].element : -step } ?? -step
          stack[id: id] = value
          if let position {
            model[position].element = value
          } else {
            model.append((id, value))
          }
        case 84..<96:
          stack[id: id] = nil
          model.removeAll { $0.id == id }
        case 96..<99:
          // A copy changed alone: the stack must not see it.
          var copy = stack
          copy.append(0)
          _ = copy.popLast()
          copy[id: id] = 1
        default:
          stack.removeAll()
          model.removeAll()
        }
        check(stack, model)
        checkChangedIDs(from: before, modelBefore, to: stack, model, step: step)
        let rebuilt = rebuild(model)
        #expect(rebuilt == stack)
        #expect(rebuilt.hashValue == stack.hashValue)
        if rebuilt.components.tailIDs.count != stack.components.tailIDs.count {
          differentSplits += 1
        }
        if let first = model.first {
          var other = rebuilt
          other[id: first.id] = first.element + 1
          #expect(other != stack)
        }
        baseCounts.insert(stack.components.base.count)
        if step % 150 == 0 { snapshots.append((stack, model)) }
      }
      for (snapshot, model) in snapshots { check(snapshot, model) }
      // The operations crossed the boundary often, and compared stacks split differently.
      #expect(baseCounts.count > 5)
      #expect(differentSplits > 100)
    }

    /// An id of the model (mostly near the top), or one the stack has not given yet.
    private func randomID(in model: Model, using generator: inout SplitMix64) -> StackElementID {
      if model.isEmpty || generator.chance(10) {
        let next = DependencyValues.current.stackElementIDs.peek
        return StackElementID(generation: next + generator.int(in: 0..<3))
      }
      let depth = min(model.count, generator.chance(70) ? 40 : model.count)
      return model[model.count - generator.int(in: 1...depth)].id
    }

    /// A stack with the same content, built by pushes alone, so its elements are split between
    /// its top and the rest as a fresh stack's are.
    private func rebuild(_ model: Model) -> StackState<Int> {
      var stack = StackState<Int>()
      for (id, element) in model { stack[id: id] = element }
      return stack
    }

    private func check(
      _ stack: StackState<Int>, _ model: Model,
      sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
      #expect(stack.ids == model.map(\.id), sourceLocation: sourceLocation)
      #expect(Array(stack) == model.map(\.element), sourceLocation: sourceLocation)
      #expect(stack.count == model.count, sourceLocation: sourceLocation)
      #expect(stack.isEmpty == model.isEmpty, sourceLocation: sourceLocation)
      for (position, (id, element)) in model.enumerated() {
        #expect(stack[id: id] == element, sourceLocation: sourceLocation)
        #expect(stack.components.index(id: id) == position, sourceLocation: sourceLocation)
        #expect(stack[position] == element, sourceLocation: sourceLocation)
      }
      let absent = StackElementID(generation: -1)
      #expect(stack[id: absent] == nil && !stack.components.contains(id: absent))
    }

    /// The element-scope group's view: every id added, removed or changed is listed, and an id
    /// of the top elements is listed only when its element really changed.
    private func checkChangedIDs(
      from old: StackState<Int>, _ oldModel: Model, to new: StackState<Int>, _ newModel: Model,
      step: Int
    ) {
      var listed: Set<StackElementID> = []
      if !new.components.isIdentical(to: old.components) {
        new.components.forEachChangedID(since: old.components) { listed.insert($0) }
      }
      let oldElements = Dictionary(uniqueKeysWithValues: oldModel.map { ($0.id, $0.element) })
      let newElements = Dictionary(uniqueKeysWithValues: newModel.map { ($0.id, $0.element) })
      let changed = Set(oldElements.keys).union(newElements.keys).filter {
        oldElements[$0] != newElements[$0]
      }
      #expect(changed.isSubset(of: listed), "step \(step)")
      let tails = Set(old.components.tailIDs).union(new.components.tailIDs)
      #expect(listed.subtracting(changed).isDisjoint(with: tails), "step \(step)")
    }
  }
}
