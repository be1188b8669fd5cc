import TestSupport
import Observation

@testable import Core

/// One store of the randomized test's scope tree, with what the reference model says about it.
@MainActor
protocol ModelHandle: AnyObject {
  /// Names the handle in failure messages: `#12 item(3) (read)`.
  var name: String { get }
  /// The store, type-erased, for leak checks.
  var object: AnyObject { get }
  var observerCount: Int { get }

  /// Sends a random action; returns the root action the model expects it to become (`nil`
  /// when the store's state is gone and the action must be dropped) and the store's task.
  func sendRandom(
    using generator: inout SplitMix64, model: ModelApp.State
  ) -> (expected: ModelApp.Action?, task: StoreTask)

  /// Updates what the store's observers must receive after the root reduced an action.
  /// Returns whether the store's state changed to a distinct value.
  @discardableResult
  func didReduce(model: ModelApp.State) -> Bool

  /// Compares the store and its observers with the model; returns the differences.
  func check(model: ModelApp.State) -> [String]

  /// Subscribes a new observer; returns a difference if its first value is wrong.
  func addObserver(model: ModelApp.State) -> String?

  /// Ends one observer's subscription, by cancelling or by releasing it.
  func removeObserver(using generator: inout SplitMix64, model: ModelApp.State)
}

/// Records what one observer received and what the model says it must have received.
@MainActor
final class ObserverProbe<Value: Equatable> {
  var received: [Value] = []
  var expected: [Value] = []
  var subscription: StoreSubscription?
}

/// How a test uses a store: by reading `state` every step, or only through observers.
enum HandleMode: String {
  /// `state` is read after every step: the store is tracked and always up to date.
  case read
  /// `state` is never read; only observers see it. With no observer left, the store may stop
  /// being refreshed, so its value is unknown until it is observed again.
  case observed
}

@MainActor
final class ModelStoreHandle<State: Equatable, Action>: ModelHandle {
  let name: String
  let store: Store<State, Action>
  let mode: HandleMode
  /// The model's value for this store, `nil` when its state is gone.
  let project: (ModelApp.State) -> State?
  /// The root action that an action sent to this store becomes.
  let embed: (Action) -> ModelApp.Action
  let makeAction: (inout SplitMix64, ModelApp.State) -> Action
  /// What the store's state must be, as far as the model can tell; `nil` when unknown.
  private(set) var expected: State?
  private(set) var observers: [ObserverProbe<State>] = []

  init(
    name: String,
    store: Store<State, Action>,
    mode: HandleMode,
    model: ModelApp.State,
    project: @escaping (ModelApp.State) -> State?,
    embed: @escaping (Action) -> ModelApp.Action,
    makeAction: @escaping (inout SplitMix64, ModelApp.State) -> Action
  ) {
    self.name = "\(name) (\(mode.rawValue))"
    self.store = store
    self.mode = mode
    self.project = project
    self.embed = embed
    self.makeAction = makeAction
    if mode == .read {
      expected = store.state
      track()
    }
  }

  /// Set by Observation when the tracked `state` changes; `nil` while not tracking.
  private var tracked: ObservationFlag?
  /// Whether the state changed to a distinct value since tracking began.
  private var changedSinceTracking = false

  /// Tracks `state` with Observation until it next changes (read-mode stores only).
  private func track() {
    let flag = ObservationFlag()
    withObservationTracking {
      _ = store.state
    } onChange: {
      flag.fire()
    }
    tracked = flag
    changedSinceTracking = false
  }

  var object: AnyObject { store }
  var observerCount: Int { observers.count }

  /// Whether the store is being kept up to date, so the model knows its value.
  private var isFollowed: Bool { mode == .read || !observers.isEmpty }

  func sendRandom(
    using generator: inout SplitMix64, model: ModelApp.State
  ) -> (expected: ModelApp.Action?, task: StoreTask) {
    let action = makeAction(&generator, model)
    let expected = project(model) == nil ? nil : embed(action)
    return (expected, store.send(action))
  }

  @discardableResult
  func didReduce(model: ModelApp.State) -> Bool {
    guard isFollowed, let value = project(model), value != expected else { return false }
    expected = value
    changedSinceTracking = true
    for observer in observers { observer.expected.append(value) }
    return true
  }

  func check(model: ModelApp.State) -> [String] {
    var differences: [String] = []
    if mode == .read, let tracked {
      if tracked.hasFired != changedSinceTracking {
        differences.append(
          "\(name): Observation \(tracked.hasFired ? "fired" : "did not fire"), but the state "
            + "\(changedSinceTracking ? "changed" : "did not change") since tracking began")
      }
      if tracked.hasFired { track() }
    }
    if mode == .read {
      let state = store.state
      if let value = project(model) {
        if state != value {
          differences.append("\(name): state is \(state), the model says \(value)")
        }
      } else if let expected, state != expected {
        differences.append(
          "\(name): state is gone; it should keep its last value \(expected), not \(state)")
      }
    }
    for (index, observer) in observers.enumerated() {
      if observer.received != observer.expected {
        differences.append(
          """
          \(name): observer \(index) received \(observer.received) since the last check; \
          the model says \(observer.expected)
          """)
      }
      observer.received.removeAll(keepingCapacity: true)
      observer.expected.removeAll(keepingCapacity: true)
    }
    return differences
  }

  func addObserver(model: ModelApp.State) -> String? {
    let probe = ObserverProbe<State>()
    probe.subscription = store.observe { [weak probe] state in
      probe?.received.append(state)
    }
    observers.append(probe)
    guard probe.received.count == 1, let first = probe.received.first else {
      return "\(name): a new observer was called \(probe.received.count) times at once, not once"
    }
    probe.expected = [first]
    if let value = project(model) {
      if first != value {
        return "\(name): a new observer first received \(first), the model says \(value)"
      }
    } else if let expected, first != expected {
      return "\(name): a new observer of a gone store received \(first), not its last \(expected)"
    }
    expected = first
    return nil
  }

  func removeObserver(using generator: inout SplitMix64, model: ModelApp.State) {
    guard !observers.isEmpty else { return }
    let index = generator.int(in: observers.indices)
    let probe = observers.remove(at: index)
    if generator.chance(50) {
      probe.subscription?.cancel()
    } else {
      probe.subscription = nil
    }
    if !isFollowed { expected = nil }
  }
}

/// Records that an Observation `onChange` fired (from whichever thread calls it).
final class ObservationFlag: Sendable {
  private let fired = Locked(false)

  var hasFired: Bool { fired.withLock { $0 } }

  func fire() {
    fired.withLock { $0 = true }
  }
}
