import Testing

@testable import Core

struct GreetingClient: Sendable {
  var greet: @Sendable (String) -> String
}

enum GreetingClientKey: DependencyKey {
  static let liveValue = GreetingClient { "Hello, \($0)" }
  static let testValue = GreetingClient { "Test, \($0)" }
}

enum UnimplementedKey: DependencyKey {
  static let liveValue = 1
}

extension DependencyValues {
  var greeting: GreetingClient {
    get { self[GreetingClientKey.self] }
    set { self[GreetingClientKey.self] = newValue }
  }
}

@MainActor
@Suite struct DependencyTests {
  struct Feature: Reducer {
    @Dependency(\.greeting) var greeting

    func reduce(into state: inout [String], action: String) -> Effect<String> {
      if action.hasPrefix("greet ") {
        state.append(greeting.greet(String(action.dropFirst(6))))
        return .run { send in
          await Task.detached {}.value  // hop executors
          await send("effect: \(greeting.greet("effect"))")
        }
      }
      state.append(action)
      return .none
    }
  }

  @Test func storeUsesLiveValues() {
    let store = Store(initialState: [String]()) { Feature() }
    store.send("greet Ada")
    #expect(store.state == ["Hello, Ada"])
  }

  @Test func overridesApplyToTheReducerAndItsEffects() async {
    let store = Store(initialState: [String]()) {
      Feature()
    } withDependencies: {
      $0.greeting = GreetingClient { "Hi, \($0)" }
    }
    await store.send("greet Ada").finish()
    #expect(store.state == ["Hi, Ada", "effect: Hi, effect"])
  }

  @Test func withDependenciesScopesOverrides() {
    let value = withDependencies {
      $0.greeting = GreetingClient { "Yo, \($0)" }
    } operation: {
      DependencyValues.current.greeting.greet("x")
    }
    #expect(value == "Yo, x")
    #expect(DependencyValues.current.greeting.greet("x") == "Hello, x")
  }

  @Test func storeCreatedInsideWithDependenciesKeepsThem() {
    let store = withDependencies {
      $0.greeting = GreetingClient { "Hey, \($0)" }
    } operation: {
      Store(initialState: [String]()) { Feature() }
    }
    store.send("greet Bo")
    #expect(store.state == ["Hey, Bo"])
  }

  @Test func testContextUsesTestValuesAndReportsMissingOnes() {
    var values = DependencyValues(context: .test)
    #expect(values.greeting.greet("x") == "Test, x")
    let issues = collectingIssues {
      #expect(values[UnimplementedKey.self] == 1)
    }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("UnimplementedKey") == true)
    values[UnimplementedKey.self] = 2
    #expect(values[UnimplementedKey.self] == 2)
  }
}
