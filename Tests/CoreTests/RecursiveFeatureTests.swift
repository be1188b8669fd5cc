import Core
import CoreTesting
import Testing

/// A folder that presents a folder of its own kind: a feature that contains itself.
struct Folder: Reducer {
  struct State: Equatable, Sendable {
    var name: String
    var renames = 0
    @PresentationState var subfolder: State? = nil
  }

  enum Action: Equatable, Sendable {
    indirect case subfolder(PresentationAction<Action>)
    case openTapped(String)
    case renamed(String)
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .openTapped(let name):
        state.subfolder = State(name: name)
        return .none
      case .renamed(let name):
        state.name = name
        state.renames += 1
        return .none
      case .subfolder:
        return .none
      }
    }
    .ifLet(\.$subfolder, action: Action.subfolder) { Self() }
  }
}

/// A comment whose replies are comments: a feature that contains a collection of itself.
struct Comment: Reducer {
  struct State: Equatable, Sendable, Identifiable {
    let id: Int
    var likes = 0
    var replies: IdentifiedArray<State> = []
  }

  enum Action: Equatable, Sendable {
    case liked
    case replied(id: Int)
    indirect case reply(id: Int, action: Action)
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .liked:
        state.likes += 1
      case .replied(let id):
        state.replies.append(State(id: id))
      case .reply:
        break
      }
      return .none
    }
    .forEach(\.replies, action: Action.reply(id:action:)) { Self() }
  }
}

@MainActor
@Suite struct RecursiveFeatureTests {
  @Test func aFeatureThatPresentsItselfCanBeBuiltAndUsedAtAnyDepth() {
    let store = Store(initialState: Folder.State(name: "root")) { Folder() }
    store.send(.openTapped("a"))
    store.send(.subfolder(.presented(.openTapped("b"))))
    store.send(.subfolder(.presented(.subfolder(.presented(.openTapped("c"))))))
    store.send(
      .subfolder(.presented(.subfolder(.presented(.subfolder(.presented(.renamed("C"))))))))
    #expect(store.state.subfolder?.subfolder?.subfolder?.name == "C")
    #expect(store.state.subfolder?.subfolder?.subfolder?.renames == 1)
    #expect(store.state.subfolder?.subfolder?.name == "b")

    let a = store.scope(state: \.$subfolder, action: Folder.Action.subfolder)
    let b = a?.scope(state: \.$subfolder, action: Folder.Action.subfolder)
    b?.send(.renamed("B"))
    #expect(store.state.subfolder?.subfolder?.name == "B")
  }

  @Test func aFeatureThatPresentsItselfIsTestedExhaustively() async {
    let store = TestStore(initialState: Folder.State(name: "root")) { Folder() }
    await store.send(.openTapped("a")) { $0.subfolder = Folder.State(name: "a") }
    await store.send(.subfolder(.presented(.renamed("A")))) {
      $0.subfolder?.name = "A"
      $0.subfolder?.renames = 1
    }
    await store.send(.subfolder(.presented(.openTapped("b")))) {
      $0.subfolder?.subfolder = Folder.State(name: "b")
    }
    await store.send(.subfolder(.presented(.subfolder(.dismiss)))) {
      $0.subfolder?.subfolder = nil
    }
  }

  @Test func aFeatureThatHoldsACollectionOfItselfRoutesEachReply() {
    let store = Store(initialState: Comment.State(id: 0)) { Comment() }
    store.send(.replied(id: 1))
    store.send(.replied(id: 2))
    store.send(.reply(id: 2, action: .replied(id: 3)))
    store.send(.reply(id: 2, action: .reply(id: 3, action: .liked)))
    store.send(.reply(id: 1, action: .liked))
    #expect(store.state.replies[id: 2]?.replies[id: 3]?.likes == 1)
    #expect(store.state.replies[id: 1]?.likes == 1)
    #expect(store.state.replies[id: 2]?.likes == 0)
    #expect(store.state.likes == 0)
  }
}

/// Two features that present each other: a recursion through two types.
struct Ping: Reducer {
  struct State: Equatable, Sendable {
    var hits = 0
    @PresentationState var pong: Pong.State? = nil
  }

  enum Action: Equatable, Sendable {
    case hit
    case open
    indirect case pong(PresentationAction<Pong.Action>)
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .hit: state.hits += 1
      case .open: state.pong = Pong.State()
      case .pong: break
      }
      return .none
    }
    .ifLet(\.$pong, action: Action.pong) { Pong() }
  }
}

struct Pong: Reducer {
  struct State: Equatable, Sendable {
    @PresentationState var ping: Ping.State? = nil
  }

  enum Action: Equatable, Sendable {
    case open
    indirect case ping(PresentationAction<Ping.Action>)
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      if case .open = action { state.ping = Ping.State() }
      return .none
    }
    .ifLet(\.$ping, action: Action.ping) { Ping() }
  }
}

extension RecursiveFeatureTests {
  @Test func twoFeaturesThatPresentEachOtherCanBeBuiltAndUsed() {
    let store = Store(initialState: Ping.State()) { Ping() }
    store.send(.open)
    store.send(.pong(.presented(.open)))
    store.send(.pong(.presented(.ping(.presented(.hit)))))
    store.send(.pong(.presented(.ping(.presented(.open)))))
    store.send(.pong(.presented(.ping(.presented(.pong(.presented(.open)))))))
    store.send(.pong(.presented(.ping(.presented(.pong(.presented(.ping(.presented(.hit)))))))))
    #expect(store.state.hits == 0)
    #expect(store.state.pong?.ping?.hits == 1)
    #expect(store.state.pong?.ping?.pong?.ping?.hits == 1)
  }
}
