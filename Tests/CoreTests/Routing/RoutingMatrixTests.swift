import Testing

@testable import Core

/// Every action shape through every operator that routes child actions, by case constructor
/// and by explicit case path: the child receives exactly the actions embedded for it (the
/// first one a `Double.nan`, whose `==` is not reflexive), or the shape is refused once,
/// naming the case and the fix, and the child receives nothing.
@MainActor @Suite struct RoutingMatrixTests {
  /// A child that records the actions it reduced.
  struct Leaf: Reducer {
    struct State: Equatable, Identifiable {
      var id = 1
      var received: [Action] = []
    }
    enum Action: Equatable, Sendable {
      case tapped
      case value(Double)
    }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.received.append(action)
      return .none
    }
  }

  typealias Row = (Int, Leaf.Action)
  typealias Nav = StackAction<Leaf.State, Leaf.Action>

  struct Holder: Equatable {
    var child = Leaf.State()
    var optional: Leaf.State? = Leaf.State()
    var rows: IdentifiedArray<Leaf.State> = [Leaf.State()]
    var path = StackState<Leaf.State>([Leaf.State()])
  }

  enum CaseHolder: Equatable {
    case child(Leaf.State)
    case none
  }

  enum Operator: String, CaseIterable, Sendable {
    case scopeReducer = "Scope"
    case storeScope = "scope"
    case ifLet, ifCaseLet, forEach, stack
  }

  /// One shape, instantiated for each kind of child payload.
  struct Family: Sendable, CustomTestStringConvertible {
    let name: String
    let refusesConstructor: Bool
    let caseName: String
    let run: @MainActor @Sendable (Operator, _ explicit: Bool) -> [Leaf.Action]
    var testDescription: String { name }
  }

  nonisolated static func family<A: ActionShape, R: ActionShape, N: ActionShape>(
    _ name: String, _: A.Type, _: R.Type, _: N.Type
  ) -> Family where A.Payload == Leaf.Action, R.Payload == Row, N.Payload == Nav {
    Family(
      name: name, refusesConstructor: A.refusesConstructor, caseName: A.caseName,
      run: { op, explicit in
        switch op {
        case .scopeReducer: viaScope(A.self, explicit: explicit)
        case .storeScope: viaStoreScope(A.self, explicit: explicit)
        case .ifLet: viaIfLet(A.self, explicit: explicit)
        case .ifCaseLet: viaIfCaseLet(A.self, explicit: explicit)
        case .forEach: viaForEach(R.self, explicit: explicit)
        case .stack: viaStack(N.self, explicit: explicit)
        }
      })
  }

  nonisolated static let families: [Family] = [
    family("plain", PlainShape.self, PlainShape.self, PlainShape.self),
    family("labelled", LabelledShape.self, LabelledShape.self, LabelledShape.self),
    family("defaulted", DefaultedShape.self, DefaultedShape.self, DefaultedShape.self),
    family("fixed payload", FixedShape.self, FixedShape.self, FixedShape.self),
    family("nested", NestedShape.self, NestedShape.self, NestedShape.self),
    family("recursive", RecursiveShape.self, RecursiveShape.self, RecursiveShape.self),
    family("overloaded", OverloadedShape.self, OverloadedShape.self, OverloadedShape.self),
    family("optional", OptionalShape.self, OptionalShape.self, OptionalShape.self),
    family("existential", ExistentialShape.self, ExistentialShape.self, ExistentialShape.self),
    family("ambiguous", AmbiguousShape.self, AmbiguousShape.self, AmbiguousShape.self),
    family("closure", ClosureShape.self, ClosureShape.self, ClosureShape.self),
    family("metatype", MetatypeShape.self, MetatypeShape.self, MetatypeShape.self),
  ]

  @Test(arguments: families, Operator.allCases)
  func routesExactlyOrRefusesLoudly(family: Family, op: Operator) {
    for explicit in [false, true] {
      var received: [Leaf.Action] = []
      let issues = collectingIssues { received = family.run(op, explicit) }
      let route = "\(family.name) via \(op.rawValue), \(explicit ? "explicit" : "constructor")"
      if family.refusesConstructor && !explicit {
        #expect(received.isEmpty, "\(route)")
        #expect(issues.count == 1, "\(route): \(issues)")
        #expect(issues.first?.contains("'.\(family.caseName)'") == true, "\(route)")
        #expect(issues.first?.contains("AnyCasePath") == true, "\(route)")
      } else {
        #expect(received.count == 2, "\(route): \(received)")
        if case .value(let value) = received.first { #expect(value.isNaN, "\(route)") }
        #expect(received.last == .tapped, "\(route): \(received)")
        #expect(issues.isEmpty, "\(route): \(issues)")
      }
    }
  }

  /// The actions sent: those that must not route around the two that must.
  static func script<S: ActionShape>(_: S.Type, _ payload: (Leaf.Action) -> S.Payload) -> [S] {
    let first = payload(.value(.nan))
    let second = payload(.tapped)
    return S.others(first) + [S.embed(first)] + S.others(second) + [S.embed(second)]
      + S.others(second)
  }

  static func viaScope<S: ActionShape>(_: S.Type, explicit: Bool) -> [Leaf.Action]
  where S.Payload == Leaf.Action {
    let store = Store<Holder, S>(initialState: Holder()) {
      if explicit {
        Scope(state: \.child, action: S.casePath) { Leaf() }
      } else {
        Scope(state: \.child, action: { S.embed($0) }) { Leaf() }
      }
    }
    for action in script(S.self, { $0 }) { store.send(action) }
    return store.state.child.received
  }

  static func viaStoreScope<S: ActionShape>(_: S.Type, explicit: Bool) -> [Leaf.Action]
  where S.Payload == Leaf.Action {
    let store = Store<Holder, S>(initialState: Holder()) {
      if explicit {
        Scope(state: \.child, action: S.casePath) { Leaf() }
      } else {
        Scope(state: \.child, action: { S.embed($0) }) { Leaf() }
      }
    }
    let child =
      explicit
      ? store.scope(state: \.child, action: S.casePath)
      : store.scope(state: \.child, action: { S.embed($0) })
    for action in S.others(.tapped) { store.send(action) }
    child.send(.value(.nan))
    for action in S.others(.tapped) { store.send(action) }
    child.send(.tapped)
    return store.state.child.received
  }

  static func viaIfLet<S: ActionShape>(_: S.Type, explicit: Bool) -> [Leaf.Action]
  where S.Payload == Leaf.Action {
    let store = Store<Holder, S>(initialState: Holder()) {
      if explicit {
        EmptyReducer().ifLet(\.optional, action: S.casePath) { Leaf() }
      } else {
        EmptyReducer().ifLet(\.optional, action: { S.embed($0) }) { Leaf() }
      }
    }
    for action in script(S.self, { $0 }) { store.send(action) }
    return store.state.optional?.received ?? []
  }

  static func viaIfCaseLet<S: ActionShape>(_: S.Type, explicit: Bool) -> [Leaf.Action]
  where S.Payload == Leaf.Action {
    let store = Store<CaseHolder, S>(initialState: .child(Leaf.State())) {
      if explicit {
        EmptyReducer().ifCaseLet(
          AnyCasePath(
            embed: CaseHolder.child,
            extract: { if case .child(let state) = $0 { state } else { nil } }),
          action: S.casePath
        ) { Leaf() }
      } else {
        EmptyReducer().ifCaseLet(CaseHolder.child, action: { S.embed($0) }) { Leaf() }
      }
    }
    for action in script(S.self, { $0 }) { store.send(action) }
    guard case .child(let state) = store.state else { return [] }
    return state.received
  }

  static func viaForEach<S: ActionShape>(_: S.Type, explicit: Bool) -> [Leaf.Action]
  where S.Payload == Row {
    let store = Store<Holder, S>(initialState: Holder()) {
      if explicit {
        EmptyReducer().forEach(\.rows, action: S.casePath) { Leaf() }
      } else {
        EmptyReducer().forEach(\.rows, action: { S.embed(($0, $1)) }) { Leaf() }
      }
    }
    for action in script(S.self, { (1, $0) }) { store.send(action) }
    return store.state.rows[id: 1]?.received ?? []
  }

  static func viaStack<S: ActionShape>(_: S.Type, explicit: Bool) -> [Leaf.Action]
  where S.Payload == Nav {
    let store = Store<Holder, S>(initialState: Holder()) {
      if explicit {
        EmptyReducer().forEach(\.path, action: S.casePath) { Leaf() }
      } else {
        EmptyReducer().forEach(\.path, action: { S.embed($0) }) { Leaf() }
      }
    }
    let id = store.state.path.ids[0]
    for action in script(S.self, { .element(id: id, action: $0) }) { store.send(action) }
    return store.state.path[id: id]?.received ?? []
  }
}
