import Foundation

extension ProfileFeature {
  /// A field of the profile the user edits.
  public enum Field: String, CaseIterable, Sendable, Codable {
    /// The display name.
    case name
    /// The email address.
    case email
    /// The default shipping address.
    case address
  }

  /// Why a field cannot be saved, shown next to it.
  public struct ValidationError: Equatable, Sendable, Codable {
    /// The field at fault.
    public var field: Field
    /// What is wrong and how to fix it.
    public var message: String

    /// Creates a validation error.
    public init(field: Field, message: String) {
      self.field = field
      self.message = message
    }
  }

  /// The problems that prevent saving `details`, in field order; empty when it is valid.
  ///
  /// A name must not be blank and has at most 60 characters; an email looks like
  /// `name@domain.tld`; an address is empty or complete.
  ///
  /// ```swift
  /// let problems = ProfileFeature.problems(
  ///   in: ProfileDetails(name: " ", email: "ada", address: .init()))
  /// // [name: "Enter a name.", email: "'ada' is not an email address ..."]
  /// ```
  public static func problems(in details: ProfileDetails) -> [ValidationError] {
    Field.allCases.compactMap { problem(with: $0, in: details) }
  }

  static func problem(with field: Field, in details: ProfileDetails) -> ValidationError? {
    let message: String?
    switch field {
    case .name:
      let name = details.name.trimmingCharacters(in: .whitespaces)
      if name.isEmpty {
        message = "Enter a name."
      } else if name.count > 60 {
        message = "The name has \(name.count) characters; use at most 60."
      } else {
        message = nil
      }
    case .email:
      message =
        isEmailAddress(details.email)
        ? nil
        : details.email.isEmpty
          ? "Enter an email address, like 'ada@example.org'."
          : "'\(details.email)' is not an email address; write it like 'ada@example.org'."
    case .address:
      message = details.address.isEmpty ? nil : details.address.problem
    }
    return message.map { ValidationError(field: field, message: $0) }
  }

  /// `local@domain.tld`: one `@`, no spaces, a dot inside the domain.
  private static func isEmailAddress(_ text: String) -> Bool {
    let parts = text.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2, !text.contains(where: \.isWhitespace) else { return false }
    let local = parts[0]
    let domain = parts[1]
    guard !local.isEmpty, let dot = domain.lastIndex(of: ".") else { return false }
    return dot != domain.startIndex && domain.index(after: dot) != domain.endIndex
      && !domain.hasPrefix(".") && !domain.contains("..")
  }
}
