import Foundation

/// The ids of the ``StackState`` elements in a state, in the order its encoding visits them, so
/// that a recording can give a state's stacks back the ids they had.
///
/// A stack encodes its elements alone (ids belong to the store that generated them), so a
/// session that starts on pushed screens would replay with new ids, and its recorded actions
/// for those screens would reach none. Passed in an encoder's `userInfo`, it collects the ids
/// as the state is encoded; in a decoder's, it hands them back, stack by stack, in the same
/// order.
///
/// Each stack takes its ids after its elements are coded, so the nested stacks inside an
/// element come first, on both sides alike.
final class RecordedStackIDs: @unchecked Sendable {
  // Unchecked: an instance is made for one `encode` or `decode` call and is used only by the
  // coders of that call, on the thread that made it; it never escapes the call.
  private(set) var ids: [Int]
  private var next = 0

  /// The key of `userInfo` that holds it.
  static let key = CodingUserInfoKey(rawValue: "scoped-store.recorded-stack-ids")!

  /// A collector, for an encoder.
  init() { ids = [] }

  /// A feed of `ids`, for a decoder.
  init(feeding ids: [Int]) { self.ids = ids }

  /// Notes the ids of one stack, after its elements were encoded.
  func note(_ stackIDs: [StackElementID]) {
    ids.append(contentsOf: stackIDs.map(\.generation))
  }

  /// The next `count` ids, for the stack just decoded.
  ///
  /// - Throws: `DecodingError.dataCorrupted` when fewer are left, or when one repeats within
  ///   the stack: a stack never holds two elements with one id.
  func take(_ count: Int, codingPath: [any CodingKey]) throws -> [StackElementID] {
    guard ids.count - next >= count else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: codingPath,
          debugDescription: "the header's 'stackIDs' hold fewer ids than the state's stacks have "
            + "elements"))
    }
    let taken = ids[next..<next + count].map(StackElementID.init(generation:))
    next += count
    guard Set(taken).count == taken.count else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: codingPath,
          debugDescription: "the header's 'stackIDs' give one stack two elements with one id"))
    }
    return taken
  }

  /// The ids of the stacks in `state`, in encoding order, and the state's encoding.
  static func collect<State: Encodable>(
    in state: State, _ encoder: JSONEncoder
  ) throws -> (ids: [Int], data: Data) {
    let collector = RecordedStackIDs()
    encoder.userInfo[key] = collector
    defer { encoder.userInfo[key] = nil }
    let data = try encoder.encode(state)
    return (collector.ids, data)
  }
}
