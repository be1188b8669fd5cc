import Core

/// The profile module: the user's saved details and loyalty points, and the editor it
/// presents to change the details.
///
/// Editing happens in a sheet: ``Action/View/editButtonTapped`` presents a
/// ``ProfileEditor`` in ``State/editor``, which holds the draft. When the editor saves, it
/// reports the saved details and closes itself; the module writes them into the one profile,
/// within the same `send` as the save (so no observer sees the draft gone and the profile not
/// yet saved), and tells its parent through ``Action/Delegate/saved(_:)``. Discarding closes
/// the editor within the same `send` and leaves the profile as it was, so an edit right after
/// a discard opens a fresh editor.
///
/// ```swift
/// let store = Store(initialState: ProfileFeature.State()) { ProfileFeature() }
/// store.send(.view(.editButtonTapped))                           // state.editor != nil
/// store.send(.editor(.presented(.view(.nameChanged("Ada")))))
/// store.send(.view(.emailChanged("ada@example.org")))   // opens the editor if needed, then edits
/// store.send(.editor(.presented(.view(.saveButtonTapped))))
/// // ... later: state.name == "Ada", state.editor == nil, and .delegate(.saved(details))
/// ```
public struct ProfileFeature: Reducer {
  /// What happens in the profile module.
  public enum Action: Equatable, Sendable, Codable {
    /// Something the user did.
    case view(View)
    /// An action of the presented editor, or its dismissal.
    case editor(PresentationAction<ProfileEditor.Action>)
    /// What the module tells its parent.
    case delegate(Delegate)

    /// The user's intents.
    public enum View: Equatable, Sendable, Codable {
      /// Presents the editor on the saved details; does nothing while one is open.
      case editButtonTapped
      /// Edits the name in the editor, presenting it first when none is open.
      case nameChanged(String)
      /// Edits the email address in the editor, presenting it first when none is open.
      case emailChanged(String)
      /// Edits the address in the editor, presenting it first when none is open.
      case addressChanged(ShippingAddress)
    }

    /// Outputs for the parent.
    public enum Delegate: Equatable, Sendable, Codable {
      /// The details were saved.
      case saved(ProfileDetails)
    }
  }

  /// Creates the reducer.
  public init() {}

  /// Presents the editor, keeps it on the profile as it is now, and writes what it saved
  /// into the profile.
  public var body: some Reducer<State, Action> {
    Reduce { state, action in
      // Before the editor handles an edit or starts a save: another module may have changed
      // the profile since the editor opened (Orders setting the default address), and the
      // draft applies to the profile as it is now, so a save keeps that change.
      let details = state.details
      switch action {
      case .editor(.presented(.view)), .editor(.presented(.autosaveDue)):
        if let editor = state.editor, editor.saved != details { state.editor?.saved = details }
      default:
        break
      }
      return .none
    }
    Reduce { state, action in
      switch action {
      case .view(.editButtonTapped):
        if state.editor == nil { state.editor = ProfileEditor.State(saved: state.details) }
        return .none

      case let .view(.nameChanged(name)):
        return present(&state, then: .nameChanged(name))

      case let .view(.emailChanged(email)):
        return present(&state, then: .emailChanged(email))

      case let .view(.addressChanged(address)):
        return present(&state, then: .addressChanged(address))

      case let .editor(.presented(.delegate(.saved(details)))):
        state.name = details.name
        state.email = details.email
        state.address = details.address
        return .send(.delegate(.saved(details)))

      case .editor(.presented(.delegate(.discarded))):
        state.editor = nil
        return .none

      case .editor, .delegate:
        return .none
      }
    }
    .ifLet(\.$editor, action: Action.editor) { ProfileEditor() }
  }

  /// Presents the editor if none is open, then hands it `edit`, within the same `send`.
  private func present(
    _ state: inout State, then edit: ProfileEditor.Action.View
  ) -> Effect<Action> {
    if state.editor == nil { state.editor = ProfileEditor.State(saved: state.details) }
    return .send(.editor(.presented(.view(edit))))
  }
}
