/// A compiler-checked path between an enum and the value one of its cases carries: how to
/// embed a value in the case, and how to extract it back.
///
/// Pass one as `action:` (or `state:` for an enum state) wherever an operator takes an enum
/// case constructor, to route with code the compiler checks instead of a constructor that
/// is read at run time. It costs the `switch` in `extract` and one call of the closure, and it
/// routes any shape, including those a case constructor cannot describe:
///
/// ```swift
/// Scope(
///   state: \.counter,
///   action: AnyCasePath(
///     embed: { .counter($0) },
///     extract: { if case let .counter(action) = $0 { action } else { nil } }
///   )
/// ) {
///   Counter()
/// }
/// ```
///
/// > Important: `extract` is the inverse of `embed`: `extract(embed(value))` gives `value`
/// > back, and `extract` returns `nil` for every root that `embed` cannot build.
public struct AnyCasePath<Root, Value>: Sendable {
  @usableFromInline
  let embedValue: @Sendable (Value) -> Root
  @usableFromInline
  let extractValue: @Sendable (Root) -> Value?

  /// Creates a case path from its two directions.
  ///
  /// - Parameters:
  ///   - embed: Embeds a value in the root: the case constructor.
  ///   - extract: The value `root` carries when it is the case, or `nil`.
  public init(
    embed: @escaping @Sendable (Value) -> Root,
    extract: @escaping @Sendable (Root) -> Value?
  ) {
    self.embedValue = embed
    self.extractValue = extract
  }

  /// Embeds `value` in the root.
  @inlinable
  public func embed(_ value: Value) -> Root {
    embedValue(value)
  }

  /// The value `root` carries, or `nil` when it is another case.
  ///
  /// - Complexity: that of the `extract` closure.
  @inlinable
  public func extract(from root: Root) -> Value? {
    extractValue(root)
  }
}
