import Core

/// Case 10: the memory a long-lived effect keeps. One effect feeds back 100,000 actions, each
/// of which starts an effect of its own; the case reports how much resident memory the run
/// added, per fed-back action. It should stay near zero: only running work is kept.
@MainActor
enum FeedbackCases {
  static let messageCount = 100_000

  enum Action: Sendable {
    case listen(Int)
    case message
  }

  static func run(_ run: BenchmarkRun) async {
    guard run.wants("long-lived effect") else { return }
    let count = run.isQuick ? messageCount / 10 : messageCount
    let store = Store(initialState: 0) {
      Reduce<Int, Action> { state, action in
        switch action {
        case .listen(let count):
          return .run { send in
            for index in 0..<count {
              await send(.message)
              if index % 1_000 == 0 { await Task.yield() }
            }
          }
        case .message:
          state += 1
          return .run { _ in }
        }
      }
    }
    // A first, smaller run settles the heap, as in the memory case.
    await store.send(.listen(count / 10)).finish()
    let before = Platform.residentBytes
    await store.send(.listen(count)).finish()
    let after = Platform.residentBytes
    if let before, let after {
      run.record(
        Measurement(
          name: "long-lived effect", variant: "memory after fed-back actions", parameter: count,
          value: Double(max(0, after - before)) / Double(count), unit: .bytesPerAction))
    }
    blackHole(store.state)
  }
}
