import Core

/// Saves profile details to the account service.
///
/// The live value is a simulated service (there is no real back end in this package): it
/// takes a moment, and refuses email addresses at `example.com`, a domain reserved for
/// documentation, so the failure path can be tried for real. Tests override it:
///
/// ```swift
/// TestStore(initialState: ProfileFeature.State()) {
///   ProfileFeature()
/// } withDependencies: {
///   $0.profileClient.save = { _ in }
/// }
/// ```
public struct ProfileClient: Sendable {
  /// Saves the details; throws a ``ProfileClient/Failure`` when the service refuses them.
  public var save: @Sendable (ProfileDetails) async throws -> Void

  /// Creates a client from its operations.
  public init(save: @escaping @Sendable (ProfileDetails) async throws -> Void) {
    self.save = save
  }

  /// A refusal from the account service.
  public struct Failure: Error, Equatable, CustomStringConvertible {
    /// Why the service refused the details.
    public var message: String

    /// Creates a failure.
    public init(_ message: String) {
      self.message = message
    }

    public var description: String { message }
  }

  /// A simulated account service that takes `latency` per save.
  ///
  /// It accepts any details, except an email at `example.com`, which it refuses.
  public static func simulated(latency: Duration) -> Self {
    Self { details in
      try await Task.sleep(for: latency)
      if details.email.lowercased().hasSuffix("@example.com") {
        throw Failure(
          "The account service refused '\(details.email)': example.com is reserved for "
            + "documentation. Use another address.")
      }
    }
  }
}

/// The dependency key of ``ProfileClient``; it has no test value, so a test must override it.
public enum ProfileClientKey: DependencyKey {
  public static let liveValue = ProfileClient.simulated(latency: .milliseconds(400))
}

extension DependencyValues {
  /// The client that saves profile details.
  public var profileClient: ProfileClient {
    get { self[ProfileClientKey.self] }
    set { self[ProfileClientKey.self] = newValue }
  }
}
