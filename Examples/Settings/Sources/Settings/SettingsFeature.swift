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

    /// Creates settings; the defaults are the app's first-run settings.
    public init(theme: Theme = .system, textSize: Int = 14, notifications: Bool = true) {
      self.theme = theme
      self.textSize = textSize
      self.notifications = notifications
    }
  }

  /// What the user did on the settings screen.
  public enum Action: Equatable, Sendable {
    /// The user picked a theme.
    case themePicked(Theme)
    /// The user tapped "A+".
    case largerTextTapped
    /// The user tapped "A-".
    case smallerTextTapped
    /// The user flipped the notifications switch.
    case notificationsToggled
    /// The user tapped "Reset to defaults".
    case resetTapped
  }

  /// The text sizes offered, in points.
  public static let textSizes = 10...28

  /// Creates the reducer.
  public init() {}

  /// Applies the user's changes.
  public var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case let .themePicked(theme):
        state.theme = theme
      case .largerTextTapped:
        state.textSize = min(state.textSize + 1, Self.textSizes.upperBound)
      case .smallerTextTapped:
        state.textSize = max(state.textSize - 1, Self.textSizes.lowerBound)
      case .notificationsToggled:
        state.notifications.toggle()
      case .resetTapped:
        state = State()
      }
      return .none
    }
  }
}
