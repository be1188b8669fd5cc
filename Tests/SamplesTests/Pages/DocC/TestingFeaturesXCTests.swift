import Core
import CoreTesting
import XCTest

// The XCTest sample of the "Testing features" article
// (Sources/Core/Documentation.docc/TestingFeatures.md), run by XCTest.

final class SearchFeatureXCTests: XCTestCase {
  @MainActor
  func testSearch() async {
    let store = TestStore(initialState: SearchFeature.State()) {
      SearchFeature()
    } withDependencies: {
      $0.clock = ImmediateClock()
      $0.searchClient = SearchClient { _ in ["a"] }
    }
    await store.send(.queryChanged("a")) {
      $0.query = "a"
      $0.isSearching = true
    }
    await store.receive(.searchResponse(["a"])) {
      $0.isSearching = false
      $0.results = ["a"]
    }
  }
}
