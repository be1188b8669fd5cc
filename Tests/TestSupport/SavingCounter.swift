import Core
import CoreTesting

/// A counter that saves after a second on the clock, with a planted bug: a decrement right
/// after a save that finished while the counter was locked takes away two instead of one.
/// Breaking "the count is never negative" takes at least an increment, a lock, a save, the
/// save's effect finishing, and a decrement.
///
/// The one planted-bug counter of the tests, the samples and the Benchmarks' shrinking case.
public struct SavingCounter: Reducer {
  public struct State: Equatable, Codable, Sendable {
    public var count = 0
    public var isLocked = false
    public var isSaving = false
    public var saved: Int?
    public var justSavedLocked = false
    public var note = ""

    public init() {}
  }

  public enum Action: Equatable, Codable, Sendable {
    case incrementTapped
    case decrementTapped
    case lockTapped
    case saveTapped
    case saveFinished(Int)
    case noteChanged(String)
  }

  @Dependency(\.clock) var clock

  public init() {}

  public var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .incrementTapped:
        state.count += 1
        state.justSavedLocked = false
        return .none
      case .decrementTapped:
        state.count -= state.justSavedLocked ? 2 : 1
        state.justSavedLocked = false
        return .none
      case .lockTapped:
        state.isLocked.toggle()
        return .none
      case .saveTapped:
        state.isSaving = true
        let count = state.count
        return .run { [clock] send in
          try? await clock.sleep(for: .seconds(1))
          await send(.saveFinished(count))
        }
      case let .saveFinished(count):
        state.isSaving = false
        state.saved = count
        state.justSavedLocked = state.isLocked
        return .none
      case let .noteChanged(note):
        state.note = note
        return .none
      }
    }
  }
}

extension SavingCounter {
  /// The steps a user of the counter can take: decrement only above zero, save only when not
  /// saving.
  @MainActor
  public static func steps(_ state: State, _ next: NextSteps<Action>) {
    next.send(.incrementTapped)
    if state.count > 0 { next.send(.decrementTapped) }
    next.send(.lockTapped)
    if !state.isSaving { next.send(.saveTapped) }
    next.advanceClock(by: .seconds(1))
    next.send(.noteChanged(next.string(maxLength: 20)))
  }
}
