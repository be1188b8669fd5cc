/// A proven chain of steps from a parent enum value to the child value a case constructor
/// embedded in it: enum cases (each read as its declared payload type, or as the child type
/// when laid out as it) and tuple elements (whose other elements the constructor fixes).
///
/// `@unchecked Sendable` only for the metatypes in its steps: immutable runtime metadata.
final class CaseShape: @unchecked Sendable {
  enum Step {
    /// The payload of case `tag` of the enum, read as `readAs`.
    case payload(EnumMetadata, tag: UInt32, readAs: Any.Type, indirect: Bool)
    /// Element `index` of a tuple; the others are fixed by the constructor.
    case element(Int)
    /// Case `tag` of the enum, whose payload has a single possible value, `value`: a value
    /// type's metatype (`Int.Type`, whose one value is `Int.self`), which an enum stores in no
    /// bytes, so it is never read.
    case unique(EnumMetadata, tag: UInt32, value: Any)
  }

  /// Where a walk along the steps ended.
  enum Walk {
    /// A value took another case at step `step`.
    case diverged(step: Int)
    /// The value at the end, and the elements of the tuple read at each `.element` step.
    case reached(Any, tuples: [[Any]])
  }

  let steps: [Step]
  /// Whether some step is a tuple element (then fixed elements are checked on every read).
  let hasFixedElements: Bool

  init(_ steps: [Step]) {
    self.steps = steps
    self.hasFixedElements = steps.contains { if case .element = $0 { true } else { false } }
  }

  /// The case of the parent enum the shape starts with.
  var parentCase: RouteRefusal.Case {
    switch steps.first {
    case .payload(let metadata, let tag, _, _), .unique(let metadata, let tag, _):
      RouteRefusal.Case(metadata: metadata, tag: tag)
    case .element, nil: preconditionFailure("a shape starts with a case of the parent enum")
    }
  }

  /// The child of `parent` along the steps, or `nil` when it is another case or its fixed
  /// elements differ from those `embed` gives. When a fixed element `embed` gives cannot be
  /// compared (a `nan` the constructor derived from this child), `uncomparable` is called with
  /// its type, and the result is `nil`.
  func read<Parent, Child>(
    _ parent: Parent, embed: (Child) -> Parent, uncomparable: (Any.Type) -> Void
  ) -> Child? {
    guard case .reached(let leaf, let tuples) = walk(parent), let child = leaf as? Child else {
      return nil
    }
    guard hasFixedElements else { return child }
    guard case .reached(_, let fixed) = walk(embed(child)) else { return nil }
    switch fixedElementsMatch(tuples, fixed) {
    case .equal:
      return child
    case .unequal:
      return nil
    case .notEquatable(let type):
      uncomparable(type)
      return nil
    }
  }

  /// Follows the steps from `value`.
  func walk(_ value: Any) -> Walk {
    var current = value
    var tuples: [[Any]] = []
    for (index, step) in steps.enumerated() {
      switch step {
      case .payload(let metadata, let tag, let readAs, let indirect):
        guard metadata.tag(ofAny: current) == tag else { return .diverged(step: index) }
        current = metadata.payload(ofAny: current, as: readAs, indirect: indirect)
      case .element(let element):
        // A tuple's mirror is its elements: tuples cannot customize it.
        let elements = Mirror(reflecting: current).children.map(\.value)
        tuples.append(elements)
        current = elements[element]
      case .unique(let metadata, let tag, let value):
        guard metadata.tag(ofAny: current) == tag else { return .diverged(step: index) }
        current = value
      }
    }
    return .reached(current, tuples: tuples)
  }

  /// How the fixed elements of the tuples a walk read (`mine`) compare with those of another
  /// walk (`theirs`, from the constructor).
  func fixedElementsMatch(_ mine: [[Any]], _ theirs: [[Any]]) -> FixedElements {
    let carriers = steps.compactMap { if case .element(let index) = $0 { index } else { nil } }
    for (carrier, (lefts, rights)) in zip(carriers, zip(mine, theirs)) {
      for index in lefts.indices where index != carrier {
        guard let reflexive = areEqual(rights[index], rights[index]) else {
          return .notEquatable(type(of: rights[index]))
        }
        guard reflexive else { return .notEquatable(type(of: rights[index])) }
        if areEqual(lefts[index], rights[index]) != true { return .unequal }
      }
    }
    return .equal
  }

  enum FixedElements: Equatable {
    case equal, unequal
    /// An element of this type cannot be compared (no `==`, or not equal to itself).
    case notEquatable(Any.Type)

    static func == (lhs: Self, rhs: Self) -> Bool {
      switch (lhs, rhs) {
      case (.equal, .equal), (.unequal, .unequal): true
      case (.notEquatable(let left), .notEquatable(let right)): left == right
      default: false
      }
    }
  }
}

/// `lhs == rhs` by the `==` of `lhs`'s type, or `nil` when that type is not `Equatable`;
/// `false` when `rhs` is of another type.
func areEqual(_ lhs: Any, _ rhs: Any) -> Bool? {
  func compare<Value: Equatable>(_ lhs: Value) -> Bool {
    guard let rhs = rhs as? Value else { return false }
    return lhs == rhs
  }
  guard let lhs = lhs as? any Equatable else { return nil }
  return compare(lhs)
}
