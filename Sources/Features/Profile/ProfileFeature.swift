import Core

/// The profile module: edit the user's details, validate them, and save them through the
/// ``ProfileClient``.
///
/// Edits go into ``State/draft``; ``Action/View/saveButtonTapped`` validates the edited
/// details and, when they are valid, saves them. Invalid fields get a visible
/// ``ValidationError`` in ``State/errors`` instead.
///
/// With ``State/isAutosaveEnabled`` on (a setting a view binds with
/// `.binding(.set(\.isAutosaveEnabled, true))`), the draft is also saved one second after the
/// last edit, as if the save button had been tapped then.
///
/// ```swift
/// let store = Store(initialState: ProfileFeature.State()) { ProfileFeature() }
/// store.send(.view(.nameChanged("Ada")))
/// store.send(.view(.emailChanged("ada@example.org")))
/// store.send(.view(.saveButtonTapped))  // state.saveStatus == .saving
/// // ... later: .saveSucceeded(details), then .delegate(.saved(details))
/// ```
public struct ProfileFeature: Reducer {
  /// What happens in the profile module.
  public enum Action: BindableAction, Equatable, Sendable {
    /// Something the user did.
    case view(View)
    /// A setting the view binds was changed: ``State/isAutosaveEnabled``.
    case binding(BindingAction<State>)
    /// The user stopped editing for a second with autosave on (sent by the autosave effect).
    case autosaveDue
    /// The account service saved the details (sent by the save effect).
    case saveSucceeded(ProfileDetails)
    /// The account service refused the details (sent by the save effect).
    case saveFailed(String)
    /// What the module tells its parent.
    case delegate(Delegate)

    /// The user's intents: with ``Action/binding(_:)``, the only actions a view sends.
    public enum View: Equatable, Sendable {
      /// The name field was edited.
      case nameChanged(String)
      /// The email field was edited.
      case emailChanged(String)
      /// The address was edited; an empty address clears it.
      case addressChanged(ShippingAddress)
      /// Validates the edited details and, when they are valid and changed, saves them.
      case saveButtonTapped
      /// Drops the draft, and stops a running save.
      case discardChangesButtonTapped
    }

    /// Outputs for the parent.
    public enum Delegate: Equatable, Sendable {
      /// The details were saved.
      case saved(ProfileDetails)
    }
  }

  enum CancelID: Hashable, Sendable {
    case save
    case autosave
  }

  /// How long after the last edit an autosave starts.
  public static let autosaveDelay = Duration.seconds(1)

  @Dependency(\.profileClient) var profileClient
  @Dependency(\.clock) var clock

  /// Creates the reducer.
  public init() {}

  /// Handles edits and saves, and the save effect's feedback.
  public var body: some Reducer<State, Action> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case let .view(.nameChanged(name)):
        state.draft.name = name == state.name ? nil : name
        return edited(.name, in: &state)

      case let .view(.emailChanged(email)):
        state.draft.email = email == state.email ? nil : email
        return edited(.email, in: &state)

      case let .view(.addressChanged(address)):
        state.draft.address = address == state.address ? nil : address
        return edited(.address, in: &state)

      case .view(.saveButtonTapped), .autosaveDue:
        return save(&state)

      case .binding(\.isAutosaveEnabled):
        return autosave(state)

      case .binding:
        return .none

      case .view(.discardChangesButtonTapped):
        let wasSaving = state.saveStatus == .saving
        state.draft = Draft()
        state.errors = []
        state.saveStatus = .idle
        return wasSaving ? .cancel(id: CancelID.save) : .none

      case let .saveSucceeded(details):
        state.name = details.name
        state.email = details.email
        state.address = details.address
        state.draft.clear(savedIn: details)
        state.saveStatus = .saved
        return .send(.delegate(.saved(details)))

      case let .saveFailed(message):
        state.saveStatus = .failed(message)
        return .none

      case .delegate:
        return .none
      }
    }
    .onChange(of: \.draft) { _, _ in
      Reduce { state, _ in autosave(state) }
    }
  }

  /// Validates the edited details and, when they are valid and changed, saves them.
  private func save(_ state: inout State) -> Effect<Action> {
    guard state.saveStatus != .saving else { return .none }
    let details = state.editedDetails
    state.errors = Self.problems(in: details)
    guard state.errors.isEmpty, !state.draft.isEmpty else { return .none }
    state.saveStatus = .saving
    return .merge(
      .cancel(id: CancelID.autosave),
      .run { [profileClient] send in
        try await profileClient.save(details)
        await send(.saveSucceeded(details))
      } catch: { error, send in
        await send(.saveFailed(String(describing: error)))
      }
      .cancellable(id: CancelID.save, cancelInFlight: true))
  }

  /// After the draft or the setting changed: with autosave on and edits pending, (re)starts
  /// the wait for a quiet second; otherwise stops a waiting autosave.
  private func autosave(_ state: State) -> Effect<Action> {
    guard state.isAutosaveEnabled, !state.draft.isEmpty else {
      return .cancel(id: CancelID.autosave)
    }
    return .send(.autosaveDue)
      .debounce(id: CancelID.autosave, for: Self.autosaveDelay, clock: clock)
  }

  /// After an edit: a finished save's status is stale, and an error shown for the field is
  /// re-checked so it disappears as soon as the field is fixed.
  private func edited(_ field: Field, in state: inout State) -> Effect<Action> {
    if state.saveStatus != .saving { state.saveStatus = .idle }
    if let index = state.errors.firstIndex(where: { $0.field == field }) {
      if let problem = Self.problem(with: field, in: state.editedDetails) {
        state.errors[index] = problem
      } else {
        state.errors.remove(at: index)
      }
    }
    return .none
  }
}
