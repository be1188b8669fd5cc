import RoutingFixtures
import Testing

@testable import Core

/// Routing by case constructor on the shapes ordinary enums take: each routes exactly, or is
/// refused loudly the first time, naming the case and the fix.
@MainActor @Suite struct RoutingSoundnessTests {
  /// A child that records the actions it reduced.
  struct Child: Reducer {
    struct State: Equatable {
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

  struct Parent: Equatable {
    var child = Child.State()
    var optional: Child.State? = Child.State()
  }

  enum Labelled: Equatable, Sendable {
    case counter(action: Child.Action)
    case other(Child.Action)
  }

  @Test func aLabelledPayloadRoutesInScopeIfLetAndStoreScope() {
    let issues = collectingIssues {
      let store = Store<Parent, Labelled>(initialState: Parent()) {
        Scope(state: \.child, action: { Labelled.counter(action: $0) }) { Child() }
        EmptyReducer()
          .ifLet(\.optional, action: Labelled.counter(action:)) { Child() }
      }
      store.send(.other(.tapped))
      store.send(.counter(action: .tapped))
      store.scope(state: \.child, action: Labelled.counter(action:)).send(.value(1))
      #expect(store.state.child.received == [.tapped, .value(1)])
      #expect(store.state.optional?.received == [.tapped, .value(1)])
    }
    #expect(issues.isEmpty)
  }

  enum Defaulted: Equatable, Sendable {
    case child(Child.Action, flag: Bool = false)
    case other
  }

  @Test func aDefaultedArgumentIsAFixedPayload() {
    let issues = collectingIssues {
      let store = Store<Parent, Defaulted>(initialState: Parent()) {
        Scope(state: \.child, action: { Defaulted.child($0) }) { Child() }
      }
      store.send(.child(.value(1), flag: true))  // first: proves the shape, routes nothing
      store.send(.child(.tapped))
      store.send(.other)
      store.send(.child(.value(2), flag: true))
      store.send(.child(.value(3)))
      #expect(store.state.child.received == [.tapped, .value(3)])
    }
    #expect(issues.isEmpty)
  }

  enum Rows: Equatable, Sendable {
    case row(id: Int, action: Child.Action)
  }

  struct TwoRows: Equatable {
    var seven = Child.State()
    var eight = Child.State()
  }

  @Test func aClosureFixingAnotherPayloadRoutesOnlyItsOwnValue() {
    let issues = collectingIssues {
      let store = Store<TwoRows, Rows>(initialState: TwoRows()) {
        Scope(state: \.seven, action: { Rows.row(id: 7, action: $0) }) { Child() }
        Scope(state: \.eight, action: { Rows.row(id: 8, action: $0) }) { Child() }
      }
      store.send(.row(id: 8, action: .value(8)))
      store.send(.row(id: 7, action: .value(7)))
      store.send(.row(id: 9, action: .value(9)))
      store.send(.row(id: 7, action: .tapped))
      store.send(.row(id: 8, action: .tapped))
      #expect(store.state.seven.received == [.value(7), .tapped])
      #expect(store.state.eight.received == [.value(8), .tapped])
    }
    #expect(issues.isEmpty)
  }

  enum Plain: Equatable, Sendable {
    case child(Child.Action)
    case other
  }

  @Test func aChildActionNotEqualToItselfRoutesAsTheFirstAction() {
    let issues = collectingIssues {
      let store = Store<Parent, Plain>(initialState: Parent()) {
        Scope(state: \.child, action: Plain.child) { Child() }
      }
      store.send(.child(.value(.nan)))
      store.send(.other)
      store.send(.child(.tapped))
      #expect(store.state.child.received.count == 2)
      #expect(store.state.child.received.last == .tapped)
    }
    #expect(issues.isEmpty)
  }

  struct NeverEqual: Equatable, Sendable {
    var value: Int
    static func == (_: Self, _: Self) -> Bool { false }
  }

  enum Custom: Equatable, Sendable {
    case child(NeverEqual)
    case other(NeverEqual)
  }

  @Test func aCustomEqualityNeverTrueStillRoutes() {
    let route = ChildRoute(Custom.child)
    let issues = collectingIssues {
      #expect(route.extract(.other(NeverEqual(value: 0))) == nil)
      #expect(route.extract(.child(NeverEqual(value: 1)))?.value == 1)
      #expect(route.extract(.child(NeverEqual(value: 2)))?.value == 2)
      #expect(route.extract(.other(NeverEqual(value: 3))) == nil)
    }
    #expect(issues.isEmpty)
  }

  enum Callback: Sendable {
    case run(@Sendable (Int) -> Int)
    case other
  }

  @Test func aClosurePayloadIsRefusedLoudlyOnce() {
    let route = ChildRoute(Callback.run)
    let issues = collectingIssues {
      #expect(route.extract(.other) == nil)
      #expect(route.extract(.run { $0 + 1 }) == nil)
      #expect(route.extract(.run { $0 + 2 }) == nil)
    }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("'.run'") == true)
    #expect(issues.first?.contains("AnyCasePath") == true)
  }

  @Test func aClosurePayloadRoutesThroughAnExplicitCasePath() {
    let route = ChildRoute(
      AnyCasePath(
        embed: Callback.run, extract: { if case let .run(body) = $0 { body } else { nil } }))
    #expect(route.extract(.run { $0 + 1 })?(1) == 2)
    #expect(route.extract(.other) == nil)
  }

  class Base: @unchecked Sendable {}  // no stored state
  final class Sub: Base, @unchecked Sendable {}

  struct Generic<T> {}

  enum Types: Sendable {
    case type(any Sendable.Type)
    case integer(Int.Type)
    case base(Base.Type)
    case generic(Generic<String>.Type)
    case labelled(kind: Int.Type)
    case beside(Int, kind: Int.Type)
    case other
  }

  @Test func existentialAndClassMetatypePayloadsRoute() {
    let any = ChildRoute(Types.type)
    let base = ChildRoute(Types.base)
    let issues = collectingIssues {
      #expect(any.extract(.integer(Int.self)) == nil)
      #expect(any.extract(.type(String.self)) == String.self)
      #expect(base.extract(.type(Int.self)) == nil)
      #expect(base.extract(.base(Sub.self)) == Sub.self)
      #expect(base.extract(.base(Base.self)) == Base.self)
    }
    #expect(issues.isEmpty)
  }

  @Test func aValueTypeMetatypePayloadRoutesToItsOneValue() {
    // An enum stores `Int.Type` in no bytes: nothing is read, the case's one value is returned.
    let integer = ChildRoute(Types.integer)
    let generic = ChildRoute(Types.generic)
    let labelled = ChildRoute(Types.labelled(kind:))
    let issues = collectingIssues {
      #expect(integer.extract(.other) == nil)
      #expect(integer.extract(.integer(Int.self)) == Int.self)
      #expect(integer.extract(.labelled(kind: Int.self)) == nil)
      #expect(integer.extract(.integer(Int.self)) == Int.self)
      #expect(generic.extract(.generic(Generic<String>.self)) == Generic<String>.self)
      #expect(generic.extract(.integer(Int.self)) == nil)
      #expect(labelled.extract(.integer(Int.self)) == nil)
      #expect(labelled.extract(.labelled(kind: Int.self)) == Int.self)
    }
    #expect(issues.isEmpty, "\(issues)")
  }

  @Test func aValueTypeMetatypeBesideTheChildIsRefusedLoudlyOnce() {
    // Read as a tuple in generic code, `(Int, kind: Int.Type)` would take eight bytes more than
    // the enum stores.
    let beside = ChildRoute({ Types.beside($0, kind: Int.self) })
    let issues = collectingIssues {
      #expect(beside.extract(.other) == nil)
      #expect(beside.extract(.beside(1, kind: Int.self)) == nil)
      #expect(beside.extract(.beside(2, kind: Int.self)) == nil)
    }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("'.beside'") == true)
  }

  @Test func aMetatypeOfATypeDeclaredInAFunctionIsRefusedLoudlyOnce() {
    struct Local {}
    enum Kinds: Sendable {
      case local(Local.Type)
      case other
    }
    let local = ChildRoute(Kinds.local)
    let issues = collectingIssues {
      #expect(local.extract(.local(Local.self)) == nil)
      #expect(local.extract(.local(Local.self)) == nil)
    }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("'.local'") == true)
  }

  enum Overloaded: Equatable, Sendable {
    case select(id: Int)
    case select(name: String)
    case clear
  }

  @Test func overloadedCaseNamesRouteByTheirLabels() {
    let byID = ChildRoute(Overloaded.select(id:))
    let byName = ChildRoute(Overloaded.select(name:))
    #expect(byID.extract(.select(name: "a")) == nil)
    #expect(byID.extract(.select(id: 3)) == 3)
    #expect(byName.extract(.select(id: 4)) == nil)
    #expect(byName.extract(.select(name: "b")) == "b")
    #expect(byName.extract(.clear) == nil)
  }

  indirect enum Recursive: Equatable, Sendable {
    case node(Recursive)
    case child(Child.Action)
    case leaf
  }

  @Test func recursiveActionsRoute() {
    let issues = collectingIssues {
      let store = Store<Parent, Recursive>(initialState: Parent()) {
        Scope(state: \.child, action: Recursive.child) { Child() }
      }
      store.send(.node(.child(.tapped)))
      store.send(.child(.value(1)))
      store.send(.leaf)
      store.send(.child(.tapped))
      #expect(store.state.child.received == [.value(1), .tapped])
    }
    #expect(issues.isEmpty)
  }

  enum Maybe: Equatable, Sendable {
    case maybe(Child.Action?)
    case other
  }

  @Test func optionalPayloadsRoute() {
    let optional = ChildRoute(Maybe.maybe)
    let wrapped = ChildRoute({ (action: Child.Action) in Maybe.maybe(action) })
    #expect(optional.extract(.maybe(nil)) == .some(nil))
    #expect(optional.extract(.maybe(.tapped)) == .some(.tapped))
    #expect(optional.extract(.other) == nil)
    #expect(wrapped.extract(.maybe(nil)) == nil)
    #expect(wrapped.extract(.maybe(.tapped)) == .tapped)
  }

  @Test func anEnumWithoutReflectionMetadataIsRefusedLoudlyOnce() {
    let route = ChildRoute(UnreflectedAction.child)
    let issues = collectingIssues {
      #expect(route.extract(.child(1)) == nil)
      #expect(route.extract(.child(2)) == nil)
      #expect(route.extract(.other) == nil)
    }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("reflection metadata") == true)
    #expect(issues.first?.contains("AnyCasePath") == true)
  }

  enum Pair: Equatable, Sendable {
    case move(from: Int, to: Int)
    case other(Int)
  }

  @Test func twoPayloadsOfTheChildTypeAreRefusedLoudly() {
    let to = ChildRoute({ (to: Int) in Pair.move(from: 0, to: to) })
    let issues = collectingIssues {
      #expect(to.extract(.other(1)) == nil)
      #expect(to.extract(.move(from: 0, to: 2)) == nil)
    }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("'.move'") == true)
  }

  enum Unequatable: Sendable {
    case row(id: NotEquatable, action: Child.Action)
  }

  struct NotEquatable: Sendable {
    var id: Int
  }

  @Test func aFixedPayloadWithoutEqualityIsRefusedLoudly() {
    let route = ChildRoute({ Unequatable.row(id: NotEquatable(id: 7), action: $0) })
    let issues = collectingIssues {
      #expect(route.extract(.row(id: NotEquatable(id: 7), action: .tapped)) == nil)
    }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("'.row'") == true)
    #expect(issues.first?.contains("NotEquatable") == true)
  }

  enum Measures: Equatable, Sendable {
    case measure(ratio: Double, action: Int)
    case other
  }

  @Test func aFixedPayloadDerivedFromTheChildThatCannotBeComparedIsRefusedLoudly() {
    // The constructor fixes a ratio it derives from the child: `nan` for 0, which cannot be
    // compared with the parent's, so that action would otherwise be dropped without a word.
    let route = ChildRoute({ (action: Int) in
      Measures.measure(ratio: action == 0 ? .nan : 1, action: action)
    })
    let issues = collectingIssues {
      #expect(route.extract(.measure(ratio: 1, action: 2)) == 2)
      #expect(route.extract(.measure(ratio: 2, action: 3)) == nil)
      #expect(route.extract(.measure(ratio: .nan, action: 0)) == nil)
      #expect(route.extract(.measure(ratio: 1, action: 4)) == nil)
    }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("the 'Double' beside the child in case '.measure'") == true)
  }

  @Test func aParentWithNoCaseForTheChildIsRefusedLoudlyOnce() {
    let route = ChildRoute({ (_: String) in Plain.other })
    let issues = collectingIssues {
      #expect(route.extract(.other) == nil)
      #expect(route.extract(.child(.tapped)) == nil)
    }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("no case of 'Plain'") == true)
  }

  struct Envelope: Equatable, Sendable {
    var action: Child.Action
  }

  enum Enveloped: Equatable, Sendable {
    case wrapped(Envelope)
    case plain(Child.Action)
  }

  @Test func aChildWrappedInAStructIsRefusedLoudlyOnItsFirstAction() {
    let route = ChildRoute({ Enveloped.wrapped(Envelope(action: $0)) })
    let issues = collectingIssues {
      #expect(route.extract(.wrapped(Envelope(action: .tapped))) == nil)
      #expect(route.extract(.plain(.tapped)) == nil)
      #expect(route.extract(.wrapped(Envelope(action: .value(1)))) == nil)
    }
    #expect(issues.count == 1, "\(issues)")
    let message = issues.first ?? ""
    #expect(message.contains("case '.wrapped'"), "\(message)")
    #expect(message.contains("'Envelope'"), "\(message)")
    #expect(message.contains("AnyCasePath"), "\(message)")
  }

  @Test func aChildWrappedInAStructIsRefusedLoudlyWhenTheOtherCaseComesFirst() {
    let route = ChildRoute({ Enveloped.wrapped(Envelope(action: $0)) })
    let issues = collectingIssues {
      #expect(route.extract(.plain(.tapped)) == nil)
      #expect(route.extract(.wrapped(Envelope(action: .tapped))) == nil)
    }
    #expect(issues.count == 1, "\(issues)")
    #expect(issues.first?.contains("case '.wrapped'") == true, "\(issues)")
  }

  protocol Shape: Sendable {}
  struct Circle: Shape {}
  struct Square: Shape, Equatable {}

  enum Shaped: Sendable {
    case shaped(any Shape, action: Int)
    case other
  }

  @Test func anExistentialBesideTheChildThatCannotHoldItIsAFixedPayload() {
    // `Int` is not a `Shape`, so only `action` can hold the child: the `any Shape` is a value
    // the constructor fixes, compared by its own `==`, or refused for having none.
    let squares = ChildRoute({ Shaped.shaped(Square(), action: $0) })
    let circles = ChildRoute({ Shaped.shaped(Circle(), action: $0) })
    let issues = collectingIssues {
      #expect(squares.extract(.shaped(Square(), action: 1)) == 1)
      #expect(squares.extract(.shaped(Circle(), action: 2)) == nil)
      #expect(squares.extract(.other) == nil)
      #expect(circles.extract(.shaped(Circle(), action: 3)) == nil)
    }
    #expect(issues.count == 1, "\(issues)")
    let message = issues.first ?? ""
    #expect(message.contains("the 'Circle' beside the child in case '.shaped' is not Equatable"))
    #expect(!message.contains("several payloads"), "\(message)")
  }
}
