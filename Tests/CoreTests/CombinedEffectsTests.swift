import Testing

@testable import Core

/// Effects after the changes that made them cheap in generic code: a boxed `Effect`, composed
/// `CombineReducers`, and array-free merging in `ifLet`/`forEach`.
@MainActor
@Suite struct CombinedEffectsTests {
  @Test func noneIsNoneAndOtherEffectsKeepTheirOperation() {
    #expect(Effect<Int>.none.isNone)
    #expect(!Effect<Int>.send(1).isNone)
    guard case .send(2) = Effect<Int>.send(1).map({ $0 + 1 }).operation else {
      Issue.record("map lost the action")
      return
    }
    #expect(Effect<Int>.merged(.none, .none).isNone)
    guard case .send(3) = Effect<Int>.merged(.none, .send(3)).operation else {
      Issue.record("merged dropped the only effect")
      return
    }
    guard case let .merge(effects) = Effect<Int>.merged(.send(4), .send(5)).operation else {
      Issue.record("merged did not merge two effects")
      return
    }
    #expect(effects.count == 2)
  }

  @Test func everyCombinedReducersEffectIsDeliveredInOrder() {
    func sending(_ name: String) -> Reduce<[String], String> {
      Reduce { state, action in
        action == "tap" ? .send(name) : .none
      }
    }
    let store = Store(initialState: [String]()) {
      Reduce<[String], String> { state, action in
        state.append(action)
        return .none
      }
      sending("a")
      sending("b")
      sending("c")
    }
    store.send("tap")
    #expect(store.state == ["tap", "a", "b", "c"])
  }

  @Test func combineReducersRunsEveryReducerInOrder() {
    var order: [Int] = []
    let reducer = CombineReducers<Int, Void> {
      Reduce { state, _ in
        order.append(1)
        state += 1
        return .none
      }
      Reduce { state, _ in
        order.append(2)
        state *= 10
        return .none
      }
      Reduce { state, _ in
        order.append(3)
        state -= 3
        return .none
      }
    }
    var state = 1
    #expect(reducer.reduce(into: &state, action: ()).isNone)
    #expect(state == 17)
    #expect(order == [1, 2, 3])
  }
}
