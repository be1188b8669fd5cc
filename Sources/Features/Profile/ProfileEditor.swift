import Core

/// The profile editor: a sheet the Profile module presents to edit the user's details,
/// validate them and save them through the ``ProfileClient``.
///
/// The editor holds the draft: the edits live in the presented editor, never in the profile
/// itself, so the profile other modules read changes only when a save succeeds. Edits go
/// into ``State/draft``; ``Action/View/saveButtonTapped`` validates the edited details and,
/// when they are valid, saves them, reports ``Action/Delegate/saved(_:)`` to the parent, and
/// closes the editor by calling `dismiss()`. ``Action/View/discardChangesButtonTapped`` drops
/// the draft and reports ``Action/Delegate/discarded(stoppedSave:)``, on which the parent
/// closes the editor within the same `send`. Invalid fields get a visible
/// ``ProfileFeature/ValidationError`` in ``State/errors`` instead.
///
/// With ``State/isAutosaveEnabled`` on (a setting a view binds with
/// `.binding(.set(\.isAutosaveEnabled, true))`), the draft is also saved one second after the
/// last edit; an autosave leaves the editor open.
///
/// ```swift
/// // In the parent: .ifLet(\.$editor, action: Action.editor) { ProfileEditor() }
/// store.send(.editor(.presented(.view(.nameChanged("Ada")))))
/// store.send(.editor(.presented(.view(.saveButtonTapped))))  // editor.saveStatus == .saving
/// // ... later: .saveSucceeded(details), .delegate(.saved(details)), then `.editor(.dismiss)`
/// ```
public struct ProfileEditor: Reducer {
  /// What happens in the editor.
  public enum Action: BindableAction, Codable, Equatable, Sendable {
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
    /// What the editor tells the module that presents it.
    case delegate(Delegate)

    /// The user's intents: with ``Action/binding(_:)``, the only actions a view sends.
    public enum View: Equatable, Sendable, Codable {
      /// The name field was edited.
      case nameChanged(String)
      /// The email field was edited.
      case emailChanged(String)
      /// The address was edited; an empty address clears it.
      case addressChanged(ShippingAddress)
      /// Validates the edited details and, when they are valid and changed, saves them and
      /// closes the editor.
      case saveButtonTapped
      /// Drops the draft, stops a running save, and closes the editor.
      case discardChangesButtonTapped
    }

    /// Outputs for the parent.
    public enum Delegate: Equatable, Sendable, Codable {
      /// The details were saved.
      case saved(ProfileDetails)
      /// The draft was dropped, and with it the save that was running when `stoppedSave`:
      /// the parent closes the editor now, so that an edit sent next opens a fresh one
      /// instead of landing in this one.
      case discarded(stoppedSave: Bool)
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
  @Dependency(\.dismiss) var dismiss

  /// Creates the reducer.
  public init() {}

  /// Handles edits and saves, and the save effect's feedback; closes the editor when done.
  public var body: some Reducer<State, Action> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case let .view(.nameChanged(name)):
        state.draft.name = name == state.saved.name ? nil : name
        return edited(.name, in: &state)

      case let .view(.emailChanged(email)):
        state.draft.email = email == state.saved.email ? nil : email
        return edited(.email, in: &state)

      case let .view(.addressChanged(address)):
        state.draft.address = address == state.saved.address ? nil : address
        return edited(.address, in: &state)

      case .view(.saveButtonTapped):
        return save(&state, closing: true)

      case .autosaveDue:
        return save(&state, closing: false)

      case .binding(\.isAutosaveEnabled):
        return autosave(state)

      case .binding:
        return .none

      case .view(.discardChangesButtonTapped):
        let wasSaving = state.saveStatus == .saving
        state.draft = ProfileFeature.Draft()
        state.errors = []
        state.saveStatus = .idle
        // Reduced within this same `send`, so the parent closes the editor before the next
        // action. (A `.run` calling `dismiss()` would close it later, from a task, and an edit
        // sent in between would land here and be lost with the editor.)
        let close = Effect<Action>.send(.delegate(.discarded(stoppedSave: wasSaving)))
        return wasSaving ? .merge(.cancel(id: CancelID.save), close) : close

      case let .saveSucceeded(details):
        state.saved = details
        state.draft.clear(savedIn: details)
        state.saveStatus = .saved
        // Done: close, unless the user edited on while the save ran (those edits stay).
        guard state.closesWhenSaved, state.draft.isEmpty else {
          return .send(.delegate(.saved(details)))
        }
        // The delegate action is reduced within this same `send`, so the parent stores the
        // saved details before anyone observes the editor's cleared draft; the editor closes
        // afterwards. (A `.concatenate` with a `.run` would deliver it later, from a task,
        // and an observer would see the draft gone but the profile not yet saved.)
        return .merge(
          .send(.delegate(.saved(details))),
          .run { [dismiss] _ in await dismiss() })

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
  ///
  /// - Parameter closing: Whether the editor closes itself when this save succeeds.
  private func save(_ state: inout State, closing: Bool) -> Effect<Action> {
    guard state.saveStatus != .saving else { return .none }
    let details = state.editedDetails
    state.errors = ProfileFeature.problems(in: details)
    guard state.errors.isEmpty, !state.draft.isEmpty else { return .none }
    state.saveStatus = .saving
    state.closesWhenSaved = closing
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
  private func edited(_ field: ProfileFeature.Field, in state: inout State) -> Effect<Action> {
    if state.saveStatus != .saving { state.saveStatus = .idle }
    if let index = state.errors.firstIndex(where: { $0.field == field }) {
      if let problem = ProfileFeature.problem(with: field, in: state.editedDetails) {
        state.errors[index] = problem
      } else {
        state.errors.remove(at: index)
      }
    }
    return .none
  }
}
