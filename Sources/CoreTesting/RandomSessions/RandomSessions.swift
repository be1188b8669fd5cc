import Core
import Foundation

/// Model-based testing of a feature: many random sessions of user actions and passing time,
/// each checked against rules after every action, with a failing session shrunk to the
/// shortest one that still fails and handed back as a test.
///
/// Say which rules must hold; then run sessions of the actions that may come next, listed
/// from the current state:
///
/// ```swift
/// @MainActor
/// @Test func ordersKeepTheirRules() async {
///   let sessions = RandomSessions(initialState: Counter.State()) {
///     Counter()
///   } withDependencies: {
///     $0.counterClient = .echo
///   }
///   sessions.invariant("count is never negative") { $0.count >= 0 }
///   await sessions.run(count: 200, length: 50) { state, next in
///     next.send(.incrementTapped)
///     if state.count > 0 { next.send(.decrementTapped) }
///     next.send(.saveTapped, weight: 2)
///     next.advanceClock(by: .seconds(1))
///   }
/// }
/// ```
///
/// Each session starts from the initial state with test dependencies: a fresh ``TestClock``
/// as `\.clock` (which the session's `advanceClock` steps move), an incrementing `uuid`, the
/// `date` fixed at `DateGenerator.testNow`, and each other dependency's `testValue` unless
/// `withDependencies` overrides it. After each step the session lets effects run until every
/// one of them has ended or sleeps on the clock, however long they compute; the actions they
/// send are reduced, and the rules checked, like those the session sends. An issue reported
/// during a step (an unimplemented dependency, an action for a child that is gone) fails the
/// run unless ``allowIssues(where:)`` allows it. Effects still running when a session ends are
/// cancelled: that is no failure.
///
/// New sessions use swarm testing: each takes only the steps of a random half of the calls
/// that list steps (any of them where none of its half is listed), so that a bug needing many
/// steps of a few kinds is not diluted by the others.
///
/// A failure names the rule, the step and what the breaking action changed, for a session
/// shrunk to as few and as simple steps as still fail the same way; it gives the Swift source
/// of a `TestStore` test of that session and, for `Codable` states and actions, the path of its
/// recording, which `TestStore(replaying:)` loads. Every run prints its seed; setting the
/// environment variable `RANDOM_SESSION_SEED` to it runs the same sessions again.
///
/// > Important: Sessions are reproducible when the reducer and the closure listing the steps
/// > draw only from `next` and dependencies, and effects wait only on the session's clock. An
/// > effect that waits on something else (a real clock, a task a dependency starts) is given
/// > ``effectTimeout`` with nothing happening, then fails the run, named.
@MainActor
public final class RandomSessions<State: Equatable, Action> {
  /// How the Swift source of a failing session's test names the initial state, the reducer
  /// and the dependencies; by default, the state's and the reducer's types with `()`.
  public var testSource: RandomSessionTestSource

  let makeInitialState: () -> State
  let makeReducer: () -> Reduce<State, Action>
  let prepareDependencies: ((inout DependencyValues) -> Void)?
  /// Makes, for a `Codable` feature, the reducer recording a session to a file, and what
  /// finishes the file.
  var makeRecordingReducer:
    ((URL, State) throws -> (reducer: Reduce<State, Action>, finish: () throws -> Void))?
  /// Writes, for a `Codable` feature, the inspector page of a session's recording beside it,
  /// marking a step; returns the page's location.
  var writeInspectorPage: ((URL, InspectorMark) throws -> URL)?
  /// The steps given to the deprecated ``actions(_:)``.
  var listSteps: ((State, NextSteps<Action>) -> Void)?
  var rules: [SessionRule<State, Action>] = []

  /// How long a session waits, after a step, for effects that have neither ended nor fallen
  /// asleep on the session's clock while nothing else happens: 1 second by default.
  ///
  /// An effect that computes is waited for however long it takes, as long as something
  /// changes; one that waits on something the session does not drive fails the run when this
  /// has passed, named by where it was created.
  public var effectTimeout: Duration = .seconds(1)
  var isAllowed: (String) -> Bool = { _ in false }
  let location: Core.SourceLocation

  /// Creates random sessions of the feature built by `reducer`.
  ///
  /// ```swift
  /// let sessions = RandomSessions(initialState: Counter.State()) { Counter() }
  /// ```
  ///
  /// - Parameters:
  ///   - initialState: The state each session starts from; evaluated for each session, with
  ///     its dependencies in force.
  ///   - reducer: Builds the reducer under test, for each session.
  ///   - prepareDependencies: Overrides dependencies for each session, after the session's
  ///     clock, `uuid` and `date` are set; called again for each session, so that state kept
  ///     by a dependency starts afresh. Leave `\.clock` alone: `advanceClock` steps move the
  ///     session's own.
  ///   - fileID: The file of the test, for failures found before any run.
  ///   - filePath: The file path of the test, for XCTest.
  ///   - line: The line of the test.
  ///   - column: The column of the test.
  public convenience init<R: Reducer>(
    initialState: @autoclosure @escaping () -> State,
    @ReducerBuilder<State, Action> reducer: @escaping () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where R.State == State, R.Action == Action {
    self.init(
      initialState, reducer, prepareDependencies,
      Core.SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Creates random sessions of a feature whose state and actions are `Codable`: a failing
  /// session is also handed back as a recording that `TestStore(replaying:)` loads.
  ///
  /// ```swift
  /// let sessions = RandomSessions(initialState: OrdersModuleState()) { OrdersFeature() }
  /// ```
  ///
  /// - Parameters:
  ///   - initialState: The state each session starts from.
  ///   - reducer: Builds the reducer under test, for each session.
  ///   - prepareDependencies: Overrides dependencies for each session.
  ///   - fileID: The file of the test.
  ///   - filePath: The file path of the test, for XCTest.
  ///   - line: The line of the test.
  ///   - column: The column of the test.
  public convenience init<R: Reducer>(
    initialState: @autoclosure @escaping () -> State,
    @ReducerBuilder<State, Action> reducer: @escaping () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  )
  where
    R.State == State, R.Action == Action, State: Codable & Sendable,
    Action: Codable & Sendable
  {
    self.init(
      initialState, reducer, prepareDependencies,
      Core.SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    makeRecordingReducer = { url, initialState in
      let recorder = try SessionRecorder<State, Action>(fileAt: url, initialState: initialState)
      return (Reduce(reducer().recording(to: recorder)), { try recorder.finish() })
    }
    writeInspectorPage = { [prepareDependencies] url, mark in
      let recording = try Recording<State, Action>(contentsOf: url)
      let page = InspectorPage.url(besideRecordingAt: url)
      // The replay reads the dependencies the session had: the same UUIDs in the same order,
      // the same date.
      try withDependencies {
        Self.setSessionDefaults(&$0, clock: TestClock())
        prepareDependencies?(&$0)
      } operation: {
        _ = try recording.writeInspectorPage(
          to: page, with: reducer(), title: "Random session: \(url.lastPathComponent)",
          marking: mark)
      }
      return page
    }
  }

  /// The dependencies every session starts from, before the test's own: the session's clock,
  /// an incrementing `uuid` and a fixed `date`, so that a seed's sessions, and their replays,
  /// read the same values.
  static func setSessionDefaults(_ dependencies: inout DependencyValues, clock: TestClock) {
    dependencies.clock = clock
    dependencies.uuid = .incrementing
    dependencies.date = .constant(DateGenerator.testNow)
  }

  init<R: Reducer>(
    _ initialState: @escaping () -> State, _ reducer: @escaping () -> R,
    _ prepareDependencies: ((inout DependencyValues) -> Void)?, _ location: Core.SourceLocation
  ) where R.State == State, R.Action == Action {
    self.makeInitialState = initialState
    self.makeReducer = { Reduce(reducer()) }
    self.prepareDependencies = prepareDependencies
    self.testSource = RandomSessionTestSource(
      initialState: ValueDescription.typeName(of: State.self) + "()",
      reducer: SessionSource.reducerName(R.self, state: State.self, action: Action.self))
    self.location = location
  }

  /// Says which steps may come next, as a function of the current state, for
  /// ``run(count:length:seed:fileID:filePath:line:column:)``.
  @available(
    *, deprecated,
    message: "Give the steps to 'run': 'await sessions.run(count:length:) { state, next in ... }'."
  )
  public func actions(_ listSteps: @escaping (_ state: State, _ next: NextSteps<Action>) -> Void) {
    self.listSteps = listSteps
  }
}
