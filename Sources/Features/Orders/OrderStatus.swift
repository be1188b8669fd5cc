/// Where an order is in its life: `draft` → `submitted` → `confirmed`, `failed` or
/// `cancelled`.
///
/// A failed or cancelled order can be retried, or edited (which makes it a draft again).
public enum OrderStatus: Equatable, Sendable, Codable {
  /// Being put together; its lines can change.
  case draft
  /// Sent to the order service, which has processed `progress` percent of it.
  case submitted(progress: Int)
  /// Accepted by the order service, with its confirmation code.
  case confirmed(code: String)
  /// Refused by the order service, or interrupted, with the reason.
  case failed(reason: String)
  /// Withdrawn by the user while it was being submitted.
  case cancelled

  /// Whether the order's lines and address may change: a draft, or a failed or cancelled
  /// order (which becomes a draft again when changed).
  public var isEditable: Bool {
    switch self {
    case .draft, .failed, .cancelled: true
    case .submitted, .confirmed: false
    }
  }

  /// Whether the order service is working on the order.
  public var isSubmitted: Bool {
    if case .submitted = self { return true }
    return false
  }

  /// A short name: `draft`, `submitted`, `confirmed`, `failed` or `cancelled`.
  public var name: String {
    switch self {
    case .draft: "draft"
    case .submitted: "submitted"
    case .confirmed: "confirmed"
    case .failed: "failed"
    case .cancelled: "cancelled"
    }
  }
}
