import Core
import CoreTesting
import Rewards
import Testing

/// A test of the client alone, outside any store: issues it runs into fail the test as they do
/// under a test store, recorded with Swift Testing at the line that reported them.
@Suite struct RewardsClientTests {
  @Test func reportIssueCalledByTheTestItselfIsRecordedAtItsLine() {
    let line = #line + 2
    withKnownIssue {
      reportIssue("The rewards service answered an empty code.")
    } matching: { issue in
      issue.sourceLocation?.line == line && issue.sourceLocation?.fileID == #fileID
        && issue.description.contains("The rewards service answered an empty code.")
    }
  }

  @Test func theTestValueCalledDirectlyFailsTheTestNamingTheEndpoint() async {
    let reward = Reward.catalog[0]
    await withKnownIssue {
      await #expect(throws: UnimplementedFailure(endpoint: "RewardsClient.issueCode")) {
        try await RewardsClientKey.testValue.issueCode(reward)
      }
    } matching: { issue in
      issue.description.contains("Unimplemented: 'RewardsClient.issueCode' was called")
    }
  }
}
