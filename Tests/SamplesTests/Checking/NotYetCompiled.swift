/// The samples that have no compiled copy yet: the list only shrinks.
///
/// `SamplesAreCompiledTests` fails for a listed sample that is compiled now, so an entry leaves
/// as soon as its copy exists, and for a sample that is neither listed nor compiled, so a new
/// sample needs a copy from the start (Docs/CodeSamples.md says where).
enum NotYetCompiled {
  /// Page samples, as `page#number`: the number counts the page's ```swift blocks from 1.
  static let pageSamples: Set<String> = []

  /// Library sources none of whose `///` examples may be missing yet.
  static let docCommentFiles: Set<String> = [
    "Sources/Core/Collections/IdentifiedArray+Offsets.swift",
    "Sources/Core/Collections/IdentifiedArray+Reordering.swift",
    "Sources/Core/Collections/IdentifiedArray.swift",
    "Sources/Core/Collections/OrderedIDs.swift",
    "Sources/Core/Effect.swift",
    "Sources/Core/History/Recording.swift",
    "Sources/Core/History/SessionRecorder.swift",
    "Sources/Core/History/SessionRecordingReducer.swift",
    "Sources/Core/History/Store+Recording.swift",
    "Sources/Core/Internal/Locked.swift",
    "Sources/Core/Persistence/InMemoryStorage.swift",
    "Sources/Core/StoreTask.swift",
    "Sources/CoreTesting/Exhaustivity.swift",
    "Sources/CoreTesting/TestClock.swift",
    "Sources/CoreTesting/TestStore+Finish.swift",
    "Sources/CoreTesting/TestStore+Receive.swift",
    "Sources/CoreTesting/TestStore+Send.swift",
    "Sources/CoreTesting/TestStore+Skip.swift",
    "Sources/CoreTesting/TestStore.swift",
    "Sources/CoreTesting/TestStoreOf.swift",
    "Sources/Features/Orders/Money.swift",
    "Sources/Features/Orders/Order.swift",
    "Sources/Features/Orders/OrderDetail.swift",
    "Sources/Features/Orders/OrdersClient.swift",
    "Sources/Features/Orders/OrdersFeature+Orders.swift",
    "Sources/Features/Orders/OrdersFeature.swift",
    "Sources/Features/Orders/OrdersModuleState.swift",
    "Sources/Features/Orders/OrdersPanel.swift",
    "Sources/Features/Orders/Product.swift",
    "Sources/Features/Profile/LoyaltyTier.swift",
    "Sources/Features/Profile/ProfileClient.swift",
    "Sources/Features/Profile/ProfileDetails.swift",
    "Sources/Features/Profile/ProfileEditor.swift",
    "Sources/Features/Profile/ProfileFeature+ValidationError.swift",
    "Sources/Features/Profile/ProfileFeature.swift",
    "Sources/Features/Profile/ProfilePanel.swift",
    "Sources/Features/Profile/ShippingAddress.swift",
  ]
}
