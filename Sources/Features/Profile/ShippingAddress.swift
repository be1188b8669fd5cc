import Foundation

/// Where orders are shipped: a street, a city, a postal code and a country.
///
/// ```swift
/// let address = ShippingAddress(
///   street: "12 Analytical Way", city: "London", postalCode: "N1 7AA", country: "UK")
/// let line = address.formatted  // "12 Analytical Way, London, N1 7AA, UK"
/// ```
///
/// An address is either empty (not set yet) or complete: ``problem`` says what is missing.
public struct ShippingAddress: Equatable, Hashable, Sendable, Codable {
  /// The street and number.
  public var street: String
  /// The city or town.
  public var city: String
  /// The postal or ZIP code.
  public var postalCode: String
  /// The country.
  public var country: String

  /// Creates an address; every part defaults to empty.
  public init(street: String = "", city: String = "", postalCode: String = "", country: String = "")
  {
    self.street = street
    self.city = city
    self.postalCode = postalCode
    self.country = country
  }

  /// Parses `"street, city, postal code, country"`.
  ///
  /// Each part is trimmed. Returns `nil` unless there are exactly four comma-separated parts.
  ///
  /// ```swift
  /// let city = ShippingAddress(parsing: "1 Main St, Springfield, 12345, US")?.city  // "Springfield"
  /// let unparsed = ShippingAddress(parsing: "1 Main St, Springfield")  // nil
  /// ```
  public init?(parsing text: String) {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    guard parts.count == 4 else { return nil }
    self.init(street: parts[0], city: parts[1], postalCode: parts[2], country: parts[3])
  }

  /// Whether no part is set.
  public var isEmpty: Bool {
    parts.allSatisfy(\.value.isEmpty)
  }

  /// What is wrong with a non-empty address (a missing part), or `nil` when it is complete.
  public var problem: String? {
    let missing = parts.filter { $0.value.trimmingCharacters(in: .whitespaces).isEmpty }
    guard !missing.isEmpty else { return nil }
    let names = missing.map(\.name).joined(separator: ", ")
    return "The address is missing: \(names). Write it as 'street, city, postal code, country'."
  }

  /// The address on one line, parts separated by commas; empty for an empty address.
  public var formatted: String {
    isEmpty ? "" : [street, city, postalCode, country].joined(separator: ", ")
  }

  private var parts: [(name: String, value: String)] {
    [("street", street), ("city", city), ("postal code", postalCode), ("country", country)]
  }
}
