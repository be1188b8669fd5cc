extension ChildRoute {
  /// Where the child sits in a parent value, judged by the declared types.
  enum Location {
    case found(Child, [CaseShape.Step])
    /// A tuple with several elements that could hold the child; `candidate` is one of them that
    /// is a `Child`, to find out with `embed` whether the case is the constructor's.
    case ambiguous(candidate: Child?)
    case notFound
  }

  /// What `embed(child)` gave, compared with the parent the child was located in.
  enum RoundTrip {
    /// The same chain of cases and fixed elements: `parent` carries `child`.
    case routes
    /// The same chain of cases, other fixed elements: another child of the same shape
    /// (`.row(id: 8, ...)` for `{ .row(id: 7, action: $0) }`).
    case otherFixedElements
    /// Another first case: the parent's case is not the constructor's.
    case otherCase
    /// Another nested case: this value is not the constructor's.
    case otherValue
    case refused(RouteRefusal)
  }

  /// Proves the route on the first action of a case that can hold the child, and extracts.
  func prove(_ parent: Parent, metadata: EnumMetadata) -> Child? {
    let table =
      self.table.load() ?? self.table.storeIfNil(CaseTable(metadata, child: Child.self))
    guard table.hasFieldRecords else {
      refuse(.noReflectionMetadata)
      return nil
    }
    let tag = metadata.tag(of: parent)
    if Child.self == Parent.self, isIdentity(parent, tag: tag, metadata, table) {
      return publishIdentity(parent)
    }
    let refusedCase = RouteRefusal.Case(metadata: metadata, tag: tag)
    switch table.kind(tag) {
    case .other:
      if tag < 64, let wrapper = wrapperCase(of: parent, tag: tag, metadata) {
        refuse(.wrapped(wrapper))
        return nil
      }
      markOtherCase(tag)
      if !table.hasCandidates { refuse(.noCase) }
      return nil
    case .unreadable:
      guard let child = uniqueChild(tag: tag, metadata: metadata) else {
        refuse(.unreadable(refusedCase))
        return nil
      }
      let step = CaseShape.Step.unique(metadata, tag: tag, value: child)
      return publish(parent, child: child, steps: [step], refusedCase: refusedCase)
    case .ambiguous, .candidate:
      break
    }
    switch locate(parent, in: metadata, steps: []) {
    case .notFound:
      return nil
    case .ambiguous(let candidate):
      guard let candidate else { return nil }
      guard metadata.tag(of: embed(candidate)) == tag else {
        markOtherCase(tag)
        return nil
      }
      refuse(.ambiguous(refusedCase))
      return nil
    case .found(let child, let steps):
      return publish(parent, child: child, steps: steps, refusedCase: refusedCase)
    }
  }

  /// Checks a located child with `embed`, and publishes the shape when it holds.
  private func publish(
    _ parent: Parent, child: Child, steps: [CaseShape.Step], refusedCase: RouteRefusal.Case
  ) -> Child? {
    let shape = CaseShape(steps)
    switch roundTrip(parent, child: child, shape: shape, refusedCase: refusedCase) {
    case .otherCase:
      markOtherCase(shape.parentCase.tag)
      return nil
    case .otherValue:
      return nil
    case .refused(let refusal):
      refuse(refusal)
      return nil
    case .routes, .otherFixedElements:
      break
    }
    let published = self.shape.storeIfNil(shape)
    var proof = Self.proven | UInt64(published.parentCase.tag)
    if published.steps.count == 1,
      case .payload(_, _, let readAs, let indirect) = published.steps[0],
      readAs == Child.self
    {
      proof |= Self.inline | (indirect ? Self.indirect : 0)
    }
    self.proof.store(proof, ordering: .releasing)
    return read(parent, along: published)
  }

  /// The child of `parent` along a proven shape. A fixed element that the constructor derives
  /// from the child and that cannot be compared for this child (a `nan`) refuses the route,
  /// as it would have on the first action, rather than drop the action without a word.
  func read(_ parent: Parent, along shape: CaseShape) -> Child? {
    shape.read(parent, embed: embed) { type in
      refuse(.fixedElementNotEquatable(shape.parentCase, type: type))
    }
  }

  /// The child case `tag` holds when its payload is the child and the child is a value type's
  /// metatype (`Int.Type`): such a payload has one value (`Int.self`), and an enum stores it in
  /// no bytes. The value is found by the child type's mangled name (a metatype's is its
  /// instance type's followed by `m`) and kept only if it casts to the child type, which for a
  /// value type's metatype only that one value does. `nil` for any other unreadable payload
  /// (a function, or such a metatype beside the child or in an optional), and for a type the
  /// runtime cannot find by name (one declared inside a function).
  private func uniqueChild(tag: UInt32, metadata: EnumMetadata) -> Child? {
    guard RuntimeMetadata.kind(of: Child.self) == .metatype,
      RuntimeMetadata.holdsThinMetatype(Child.self),
      let payload = metadata.payloadType(tag: tag),
      RuntimeMetadata.haveSameLayout(payload, Child.self),
      let name = _mangledTypeName(Child.self), name.hasSuffix("m"),
      let instance = _typeByName(String(name.dropLast()))
    else { return nil }
    return (instance as Any) as? Child
  }

  private func roundTrip(
    _ parent: Parent, child: Child, shape: CaseShape, refusedCase: RouteRefusal.Case
  ) -> RoundTrip {
    guard case .reached(_, let tuples) = shape.walk(parent) else { return .otherValue }
    let embedded = embed(child)
    switch shape.walk(embedded) {
    case .diverged(let step):
      guard step == 0 else { return .otherValue }
      // `embed` puts the child in a case whose declared payload cannot hold it: somewhere this
      // route does not read (a struct's property), or nowhere.
      if let metadata = EnumMetadata(Parent.self), let table = table.load() {
        let tag = metadata.tag(of: embedded)
        if table.kind(tag) == .other {
          return .refused(.wrapped(RouteRefusal.Case(metadata: metadata, tag: tag)))
        }
      }
      return .otherCase
    case .reached(let leaf, let fixed):
      // The child is compared only when it equals itself: a `nan` or a custom `==` cannot
      // make routing fail, and a closure that transforms its input is still caught.
      if areEqual(child, child) == true, areEqual(child, leaf) != true {
        return .refused(.notAConstructor(refusedCase))
      }
      switch shape.fixedElementsMatch(tuples, fixed) {
      case .equal: return .routes
      case .unequal: return .otherFixedElements
      case .notEquatable(let type):
        return .refused(.fixedElementNotEquatable(refusedCase, type: type))
      }
    }
  }

  /// Locates the child in `value`, an enum of `metadata`'s type, by declared types.
  func locate(
    _ value: Any, in metadata: EnumMetadata, steps: [CaseShape.Step]
  ) -> Location {
    let tag = metadata.tag(ofAny: value)
    guard let type = metadata.payloadType(tag: tag), let indirect = metadata.isIndirect(tag: tag)
    else { return .notFound }
    if RuntimeMetadata.haveSameLayout(type, Child.self) {
      let child = metadata.payload(ofAny: value, as: Child.self, indirect: indirect)
      let step = CaseShape.Step.payload(metadata, tag: tag, readAs: Child.self, indirect: indirect)
      return (child as? Child).map { .found($0, steps + [step]) } ?? .notFound
    }
    let payload = metadata.payload(ofAny: value, as: type, indirect: indirect)
    let step = CaseShape.Step.payload(metadata, tag: tag, readAs: type, indirect: indirect)
    return locate(inPayload: payload, declared: RuntimeMetadata.address(of: type), steps + [step])
  }

  /// Locates the child in `value`, of the declared type at `declared`.
  private func locate(
    inPayload value: Any, declared: UInt, _ steps: [CaseShape.Step]
  ) -> Location {
    if RuntimeMetadata.haveSameLayout(declared, RuntimeMetadata.address(of: Child.self)) {
      return (value as? Child).map { .found($0, steps) } ?? .notFound
    }
    switch RuntimeMetadata.kind(at: declared) {
    case .tuple:
      var finder = ChildFinder(child: Child.self)
      let elements = RuntimeMetadata.tupleElements(at: declared)
      var carriers = elements.indices.filter { finder.carriers(in: elements[$0]) > 0 }
      guard !carriers.isEmpty else { return .notFound }
      let values = Mirror(reflecting: value).children.map(\.value)
      let candidate = carriers.lazy.compactMap { values[$0] as? Child }.first
      if carriers.count > 1, let candidate {
        carriers.removeAll {
          !existential(at: declared, element: $0, canHold: candidate, address: elements[$0])
        }
      }
      guard carriers.count == 1, let carrier = carriers.first else {
        return .ambiguous(candidate: candidate)
      }
      let element = elements[carrier]
      // An element's dynamic type is its declared type, unless it is an existential or a
      // class, which are cast.
      let elementType =
        [.existential, .class].contains(RuntimeMetadata.kind(at: element))
        ? element : RuntimeMetadata.address(of: type(of: values[carrier]))
      return locate(inPayload: values[carrier], declared: elementType, steps + [.element(carrier)])
    case .enum, .optional:
      guard let nested = EnumMetadata(address: declared) else { return .notFound }
      return locate(value, in: nested, steps: steps)
    case .existential, .class, .function, .metatype, .other:
      return (value as? Child).map { .found($0, steps) } ?? .notFound
    }
  }

  /// Whether element `element` of the tuple type at `tuple` (whose metadata is at `address`)
  /// can hold the child, as far as an existential goes: `false` only for an existential the
  /// child's type does not conform to, so that `case shaped(any Shape, action: Int)` has one
  /// element that can hold an `Int`. Judged from the type of `child`, a value type's, whose
  /// dynamic type is its declared one; for a class or existential child (whose dynamic type
  /// could conform where its declared type does not) every existential can.
  private func existential(
    at tuple: UInt, element: Int, canHold child: Child, address: UInt
  ) -> Bool {
    guard RuntimeMetadata.kind(at: address) == .existential,
      ![.class, .existential].contains(RuntimeMetadata.kind(of: Child.self))
    else { return true }
    func holds<Existential>(_: Existential.Type) -> Bool { (child as Any) is Existential }
    return holds(RuntimeMetadata.tupleElementType(at: tuple, index: element))
  }

  /// The case `tag` of `parent` when `embed` puts the child there, inside a payload that
  /// routing by constructor does not read (a struct's property): the first action of such a
  /// case is refused, not dropped without a word. A value of the child's type is looked for in
  /// the payload's mirror (a few levels deep), only to ask `embed` which case it builds; the
  /// payload is never routed from it.
  private func wrapperCase(
    of parent: Parent, tag: UInt32, _ metadata: EnumMetadata
  ) -> RouteRefusal.Case? {
    guard let type = metadata.payloadType(tag: tag), let indirect = metadata.isIndirect(tag: tag),
      !RuntimeMetadata.holdsBareFunction(type), !RuntimeMetadata.holdsThinMetatype(type)
    else { return nil }
    let payload = metadata.payload(ofAny: parent, as: type, indirect: indirect)
    guard let candidate = Self.value(ofChildTypeIn: payload, depth: 3),
      metadata.tag(of: embed(candidate)) == tag
    else { return nil }
    return RouteRefusal.Case(metadata: metadata, tag: tag)
  }

  /// A value of the child's type in `payload`'s mirror, down to `depth` levels.
  private static func value(ofChildTypeIn payload: Any, depth: Int) -> Child? {
    for element in Mirror(reflecting: payload).children {
      if let child = element.value as? Child { return child }
      if depth > 1, let child = value(ofChildTypeIn: element.value, depth: depth - 1) {
        return child
      }
    }
    return nil
  }

  /// Whether `embed` is the identity (the child type is the parent type): it gives back the
  /// parent's case, which no case constructor of a case holding the parent does, or an equal
  /// parent.
  private func isIdentity(
    _ parent: Parent, tag: UInt32, _ metadata: EnumMetadata, _ table: CaseTable
  ) -> Bool {
    guard let child = parent as? Child else { return false }
    let embedded = embed(child)
    guard metadata.tag(of: embedded) == tag else { return false }
    return table.kind(tag) == .other || areEqual(embedded, parent) == true
  }
}
