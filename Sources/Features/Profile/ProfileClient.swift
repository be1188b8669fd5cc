import Core

/// Saves profile details to the account service.
///
/// The live value is a simulated service (there is no real back end in this package): it
/// takes a moment, and refuses email addresses at `example.com`, a domain reserved for
/// documentation, so the failure path can be tried for real. Its test value fails any test
/// that saves without saying how; tests override it:
///
/// ```swift
/// let store = TestStore(initialState: ProfileFeature.State()) {
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

  /// A simulated account service that takes `latency` per save, waiting on the
  /// ``Core/DependencyValues/clock`` in force where `save` is called.
  ///
  /// It accepts any details, except an email at `example.com`, which it refuses.
  public static func simulated(latency: Duration) -> Self {
    Self { details in
      @Dependency(\.clock) var clock
      try await clock.sleep(for: latency)
      if details.email.lowercased().hasSuffix("@example.com") {
        throw Failure(
          "The account service refused '\(details.email)': example.com is reserved for "
            + "documentation. Use another address.")
      }
    }
  }
}

/// The dependency key of ``ProfileClient``.
///
/// Its test value fails the test when a save is attempted that the test did not plan for:
/// override `save` in the test's `withDependencies`.
public enum ProfileClientKey: DependencyKey {
  /// The simulated service.
  public static let liveValue = ProfileClient.simulated(latency: .milliseconds(400))

  /// A client that fails the test when used: `save` reports "Unimplemented:
  /// 'ProfileClient.save'", then throws ``Core/UnimplementedFailure``.
  public static let testValue = ProfileClient(save: unimplemented("ProfileClient.save"))
}

extension DependencyValues {
  /// The client that saves profile details.
  public var profileClient: ProfileClient {
    get { self[ProfileClientKey.self] }
    set { self[ProfileClientKey.self] = newValue }
  }
}
