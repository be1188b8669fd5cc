import Core

/// A store for tests that asserts, step by step, how a feature's state changes and which
/// actions its effects feed back, and fails the test for anything left unasserted.
///
/// Create it like a `Store`. It uses each dependency's `testValue` unless the test
/// overrides it:
///
/// ```swift
/// @MainActor
/// @Test func loadingOrders() async {
///   let clock = TestClock()
///   let store = TestStore(initialState: OrderListFeature.State()) {
///     OrderListFeature()
///   } withDependencies: {
///     $0.clock = clock
///     $0.orderListClient = OrderListClient(load: { [.sample] })
///   }
///
///   await store.send(.refreshButtonTapped) {
///     $0.isLoading = true
///   }
///   await clock.advance(by: .seconds(1))
///   await store.receive(.ordersLoaded([.sample])) {
///     $0.isLoading = false
///     $0.orders = [.sample]
///   }
///   await store.finish()
/// }
/// ```
///
/// Each ``send(_:assert:fileID:filePath:line:column:)`` and
/// `receive(_:timeout:assert:)` takes a closure that turns ``state``, the state as of the last
/// assertion, into the state expected *after* the action; any difference fails the test
/// at that line with a diff naming each changed field:
///
/// ```
/// State after 'send(.refreshButtonTapped)' does not match the expectation (- expected, + actual):
///
///   - isLoading: false
///   + isLoading: true
/// ```
///
/// With ``exhaustivity`` `.on` (the default) the test must also receive, in order, every action
/// that effects send, and every effect must have finished by ``finish(timeout:fileID:filePath:line:column:)``,
/// or when the store is released; what is left over fails the test, naming it. A closure that
/// describes no change, for an action that changed nothing, fails too: leave the closure out.
/// Closures run with the dependencies the reducer ran with.
///
/// Failures go to the runner of the current test: Swift Testing (`Issue.record`) or XCTest
/// (`XCTFail`), at the caller's line. Runtime issues that Core reports while the store runs,
/// such as a dependency without a `testValue`, become failures too, each once per store, at the
/// line of the step that caused them.
///
/// > Important: Release a test store on the main actor (let it go out of scope in the test).
/// > Its `deinit` runs the end-of-test checks there and traps if the last reference is dropped
/// > in another isolation, such as a detached task.
@MainActor
public final class TestStore<State: Equatable, Action> {
  /// How strictly the store checks the test; `.on` by default.
  public var exhaustivity: Exhaustivity = .on

  /// How long `receive(_:timeout:assert:)` and
  /// ``finish(timeout:fileID:filePath:line:column:)`` wait when not given a timeout; one second
  /// by default.
  public var timeout: Duration = .seconds(1)

  let store: Store<State, Action>
  let recorder: TestRecorder<State, Action>
  /// Where the test created the store: failures found when it is released point here.
  let location: Core.SourceLocation
  /// The sends whose effects have not finished, oldest first.
  var inFlight: [InFlightEffects] = []
  /// Sends whose effects ``skipInFlightEffects(strict:fileID:filePath:line:column:)`` stopped
  /// awaiting but which still run: what they send can still be received.
  var skipped: [InFlightEffects] = []
  var nextInFlightID: UInt64 = 0
  /// Tasks suspended until an action is received or an effect finishes.
  var waiters: [CheckedContinuation<Void, Never>] = []
  /// The state after the latest step the test asserted (or skipped): what ``state`` returns.
  var asserted: State
  /// Where the root feature called `dismiss()`, once it has: the store takes no more actions.
  var dismissedBy: String?
  /// The `index` of that step; 0 before the first.
  var assertedIndex = 0

  /// Creates a test store running the reducer built by `reducer`.
  ///
  /// ```swift
  /// let store = TestStore(initialState: ProfileFeature.State()) {
  ///   ProfileFeature()
  /// } withDependencies: {
  ///   $0.profileClient = ProfileClient(save: { _ in })
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - initialState: The state to start from.
  ///   - reducer: Builds the reducer under test.
  ///   - prepareDependencies: Overrides dependencies; the others use their `testValue`.
  ///     Changing one property of a dependency that has no `testValue`
  ///     (`$0.client.load = { ... }`) is not a use of its live value; calling the properties
  ///     left unchanged is, and is reported.
  ///   - fileID: The file of the test, for failures found when the store is released.
  ///   - filePath: The file path of the test, for XCTest.
  ///   - line: The line of the test.
  ///   - column: The column of the test.
  public init<R: Reducer>(
    initialState: @autoclosure () -> R.State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where R.State == State, R.Action == Action {
    let location = Core.SourceLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
    let environment = TestEnvironment<State, Action>(
      at: location, prepare: prepareDependencies, initialState: initialState,
      reducer: { _ in Reduce(reducer()) })
    self.location = location
    self.recorder = environment.recorder
    self.asserted = environment.initialState
    self.store = environment.store
    recorder.onReceive = { [weak self] in self?.wakeWaiters() }
    recorder.rootDismissal.handler = { [weak self] in self?.dismissByRootFeature() }
  }

  // Not `isolated deinit`: that would run later, in a task of its own, where the test's
  // task-locals (Swift Testing's current test, known-issue scopes) are gone and failures would
  // be dropped. A nonisolated deinit runs synchronously where the last reference is released:
  // in the test, on the main actor.
  nonisolated deinit {
    MainActor.assumeIsolated {
      reportLeftovers(at: location, when: "when the test store was released")
    }
  }

  /// The state as of the last assertion: after the last action the test sent, received or
  /// skipped.
  ///
  /// Actions that effects fed back but the test has not received yet are not in it, even
  /// though the store has reduced them:
  ///
  /// ```swift
  /// // `.loadTapped` sets `isLoading`; its effect sends `.loaded` at once, which clears it.
  /// await store.send(.loadTapped) { $0.isLoading = true }
  /// #expect(store.state.isLoading)  // `.loaded` is not received yet
  /// await store.receive(.loaded) { $0.isLoading = false }
  /// #expect(!store.state.isLoading)
  /// ```
  ///
  /// It is also the state that the next `send` or `receive` closure starts from when exhaustive
  /// (with ``exhaustivity`` `.off`, a closure starts from the state after its action). With
  /// exhaustivity `.off`, actions that `receive` or ``skipReceivedActions(strict:fileID:filePath:line:column:)``
  /// skip over bring it up to date.
  public var state: State { asserted }

  /// The dependencies the reducer and the effects it starts from now on use.
  ///
  /// Change them between steps to make a dependency behave differently from then on:
  ///
  /// ```swift
  /// store.dependencies.orderListClient = OrderListClient(load: { throw LoadError.offline })
  /// await store.send(.refreshButtonTapped) { $0.isLoading = true }
  /// ```
  public var dependencies: DependencyValues {
    get { recorder.dependencies }
    set { recorder.dependencies = newValue }
    _modify {
      // Changing one property of a dependency here is not a use of its live value.
      var values = recorder.dependencies
      values.isOverriding = true
      defer {
        values.isOverriding = false
        recorder.dependencies = values
      }
      yield &values
    }
  }
}

extension TestStore {
  /// A `send` whose effects have not finished.
  struct InFlightEffects {
    let id: UInt64
    /// `send(...)`, for messages.
    let label: String
    let location: Core.SourceLocation
    let task: StoreTask
    /// Waits for `task`, then removes this entry.
    let watcher: Task<Void, Never>
  }

  /// The root feature called `dismiss()`: as when a presented feature is dismissed, its effects
  /// are cancelled, and the store takes no more actions.
  func dismissByRootFeature() {
    guard dismissedBy == nil else { return }
    dismissedBy = inFlight.last?.label ?? "an effect"
    for effects in inFlight + skipped {
      effects.task.cancel()
      effects.watcher.cancel()
    }
    inFlight.removeAll()
    skipped.removeAll()
    wakeWaiters()
  }

  /// Keeps track of `task` until it finishes.
  func track(_ task: StoreTask, label: String, location: Core.SourceLocation) {
    nextInFlightID += 1
    let id = nextInFlightID
    let watcher = Task { [weak self] in
      await task.finish()
      self?.effectsDidFinish(id)
    }
    inFlight.append(
      InFlightEffects(id: id, label: label, location: location, task: task, watcher: watcher))
  }

  private func effectsDidFinish(_ id: UInt64) {
    inFlight.removeAll { $0.id == id }
    skipped.removeAll { $0.id == id }
    wakeWaiters()
  }

  /// Suspends until an action is received, an effect finishes, or `deadline` passes.
  func waitForActivity(until deadline: ContinuousClock.Instant) async {
    let timer = Task { [weak self] in
      do {
        try await Task.sleep(until: deadline, clock: .continuous)
      } catch {
        return
      }
      self?.wakeWaiters()
    }
    await withCheckedContinuation { waiters.append($0) }
    timer.cancel()
  }

  func wakeWaiters() {
    let waiters = waiters
    self.waiters.removeAll()
    for waiter in waiters { waiter.resume() }
  }

  /// Reports (when exhaustive) the received actions nobody asserted and the effects still
  /// running, then forgets the actions and cancels the effects.
  ///
  /// - Parameters:
  ///   - location: Where unasserted actions are reported; effects are reported at their `send`.
  ///   - moment: When this happens, for messages ("at 'finish()'").
  ///   - wait: How long `finish()` waited for effects, for messages.
  func reportLeftovers(
    at location: Core.SourceLocation, when moment: String, afterWaiting wait: Duration? = nil
  ) {
    if exhaustivity == .on {
      if !recorder.received.isEmpty {
        let count = recorder.received.count
        TestFailure.record(
          """
          \(count) \(count == 1 ? "action" : "actions") received from effects \
          \(count == 1 ? "was" : "were") not asserted \(moment):
          \(Self.list(recorder.received.map(\.action)))

          To fix, assert each with 'await store.receive(...)', or set \
          'store.exhaustivity = .off'.
          """,
          at: location)
      }
      // An effect the test cancelled through its task is ending; it is not forgotten.
      for effects in inFlight where !effects.task.isCancelled {
        TestFailure.record(
          """
          An effect started by '\(effects.label)' was still running \(moment)\
          \(wait.map { " after waiting \($0)" } ?? "").

          To fix, make the effect finish before the test ends: advance the 'TestClock' it \
          waits on, send the action that cancels it, or cancel the task that 'send' returned; \
          or set 'store.exhaustivity = .off'.
          """,
          at: effects.location)
      }
    }
    recorder.received.removeAll()
    for effects in inFlight {
      effects.task.cancel()
      effects.watcher.cancel()
    }
    inFlight.removeAll()
  }

  /// Actions as an indented list, one a line.
  static func list(_ actions: [Action]) -> String {
    actions.map { "  \(ValueDescription.of($0))" }.joined(separator: "\n")
  }
}
