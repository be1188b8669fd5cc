import Core

/// The settings module: a theme, a text size and a notifications switch, kept between runs.
///
/// The reducer knows nothing of files: the module declares how its state is written
/// (``Core/PersistenceFormat/settings``, with the migrations from older versions), and the app
/// that hosts it opens the file and attaches it to its store (``SettingsFeature/open(at:readOnly:)``
/// and `Store.persist(_:to:)`).
public struct SettingsFeature: Reducer {
  /// The settings: all of it is saved.
  public struct State: Codable, Equatable, Sendable {
    /// How the app looks.
    public var theme: Theme
    /// The text size, in points, within ``textSizes``.
    public var textSize: Int
    /// Whether the app may send notifications.
    public var notifications: Bool
    /// The dialog that asks before resetting, while it is up. A file saved without it (every
    /// file saved before the dialog existed) loads with no dialog up.
    @PresentationState public var resetConfirmation: ConfirmationDialogState<Action.Reset>?

    /// Creates settings; the defaults are the app's first-run settings.
    public init(theme: Theme = .system, textSize: Int = 14, notifications: Bool = true) {
      self.theme = theme
      self.textSize = textSize
      self.notifications = notifications
    }
  }

  /// What the user did on the settings screen. `Codable`, so that a session can be recorded:
  /// the bindings and the dialog's actions need nothing more than `Codable` here and the one
  /// line per bindable field in ``State``'s `bindingFields`.
  public enum Action: BindableAction, Codable, Equatable, Sendable {
    /// The user changed the theme picker or the notifications switch.
    case binding(BindingAction<State>)
    /// The user tapped "A+".
    case largerTextTapped
    /// The user tapped "A-".
    case smallerTextTapped
    /// The user tapped "Reset to defaults": a dialog asks first.
    case resetTapped
    /// The reset dialog's buttons.
    case resetConfirmation(PresentationAction<Reset>)

    /// What the reset dialog's buttons send.
    public enum Reset: Codable, Equatable, Sendable {
      /// "Reset": back to the defaults.
      case confirmed
    }
  }

  /// The text sizes offered, in points.
  public static let textSizes = 10...28

  /// Creates the reducer.
  public init() {}

  /// Applies the user's changes.
  public var body: some Reducer<State, Action> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding:
        break
      case .largerTextTapped:
        state.textSize = min(state.textSize + 1, Self.textSizes.upperBound)
      case .smallerTextTapped:
        state.textSize = max(state.textSize - 1, Self.textSizes.lowerBound)
      case .resetTapped:
        state.resetConfirmation = ConfirmationDialogState(
          title: "Reset all settings?",
          buttons: [
            ButtonState(role: .destructive, action: .confirmed, label: "Reset"),
            ButtonState(role: .cancel, label: "Cancel"),
          ])
      case .resetConfirmation(.presented(.confirmed)):
        state = State()
      case .resetConfirmation:
        break
      }
      return .none
    }
    .ifLet(\.$resetConfirmation, action: Action.resetConfirmation)
  }
}

extension SettingsFeature.State: BindingCodable {
  /// The fields the settings screen binds, under their names in a recording.
  public static let bindingFields = BindingFields<Self>(
    .field("theme", \.theme),
    .field("notifications", \.notifications))
}
