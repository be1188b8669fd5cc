import Core
import Foundation

/// The Profile module's view for a text interface: renders the profile as lines of text each
/// time it changes, and sends the user's intents.
///
/// It is handed a store scoped to the profile and never sees the app's state, so it renders
/// (and counts a render) only when the profile itself changed:
///
/// ```swift
/// let panel = ProfilePanel(store: appStore.scope(state: \.profile, action: AppAction.profile))
/// panel.onRender = { redraw() }
/// panel.send(.nameChanged("Ada"))
/// let lines = panel.lines  // ["Name     Ada  (unsaved)", ...]
/// let renders = panel.renderCount  // 2: the first render, and the one after the edit
/// ```
@MainActor
public final class ProfilePanel {
  /// The panel's title.
  public static let title = "Profile"

  /// The lines of the last render.
  public private(set) var lines: [String] = []
  /// How many times the panel rendered, including the first render at creation.
  public private(set) var renderCount = 0
  /// Called after each render except the first.
  public var onRender: (@MainActor () -> Void)?

  private let store: Store<ProfileFeature.State, ProfileFeature.Action>
  private var subscription: StoreSubscription?

  /// Creates the panel and renders the current profile.
  public init(store: Store<ProfileFeature.State, ProfileFeature.Action>) {
    self.store = store
    subscription = store.observe { [weak self] state in
      guard let self else { return }
      lines = Self.render(state)
      renderCount += 1
      if renderCount > 1 { onRender?() }
    }
  }

  /// Sends a user intent to the profile store.
  @discardableResult
  public func send(_ intent: ProfileFeature.Action.View) -> StoreTask {
    store.send(.view(intent))
  }

  /// Sends a user intent to the presented editor.
  ///
  /// - Returns: The store task, or `nil` when no editor is presented.
  @discardableResult
  public func edit(_ intent: ProfileEditor.Action.View) -> StoreTask? {
    guard store.state.editor != nil else { return nil }
    return store.send(.editor(.presented(.view(intent))))
  }

  /// The profile as lines of text: the saved fields, with the open editor's edits next to
  /// them, loyalty, then the editor's validation errors and save status.
  public static func render(_ state: ProfileFeature.State) -> [String] {
    let draft = state.editor?.draft ?? ProfileFeature.Draft()
    var lines = [
      field("Name", state.name, edited: draft.name),
      field("Email", state.email, edited: draft.email),
      field("Address", state.address.formatted, edited: draft.address?.formatted),
      "Loyalty  \(loyalty(state))",
    ]
    guard let editor = state.editor else { return lines }
    for error in editor.errors {
      lines.append("  ! \(error.field.rawValue): \(error.message)")
    }
    switch editor.saveStatus {
    case .idle:
      lines.append(
        draft.isEmpty
          ? "Editing: change a field, or discard to close."
          : "Unsaved changes: save or discard them.")
    case .saving:
      lines.append("Saving…")
    case .saved:
      lines.append("Saved.")
    case let .failed(message):
      lines.append("Save failed: \(message)")
    }
    return lines
  }

  private static func field(_ name: String, _ saved: String, edited: String?) -> String {
    let label = name.padding(toLength: 9, withPad: " ", startingAt: 0)
    guard let edited else { return label + (saved.isEmpty ? "(not set)" : saved) }
    let editedText = edited.isEmpty ? "(empty)" : edited
    return label + editedText + (saved.isEmpty ? "  (unsaved)" : "  (unsaved; saved: \(saved))")
  }

  private static func loyalty(_ state: ProfileFeature.State) -> String {
    let points = state.loyaltyPoints
    let base = "\(state.tier.rawValue), \(points) point\(points == 1 ? "" : "s")"
    guard let next = state.tier.next else { return base }
    return base + " (\(next.threshold - points) more for \(next.rawValue))"
  }
}
