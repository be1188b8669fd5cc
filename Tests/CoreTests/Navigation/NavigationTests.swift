import Testing

/// The suites of navigation: presentation, enum destinations and dialogs, stacks, dismissal,
/// and the Navigation article's examples (`swift test --filter NavigationTests`).
@Suite enum NavigationTests {}
