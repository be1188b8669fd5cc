import Core
import Foundation

/// Writes values as Swift expressions that make equal values, for the test a failing random
/// session hands back.
///
/// The rule, value by value:
/// - a ``SwiftExpressionConvertible`` value is written as it says;
/// - numbers, `Bool`, strings and characters as literals (strings escaped, floating-point
///   numbers exact); `UUID`, `Date`, `URL`, `Data`, `Decimal`, `Duration` and
///   ``StackElementID`` through their initializers (`UUID(1)`,
///   `Date(timeIntervalSinceReferenceDate: 0.5)`), a stack element id in a typed context as
///   its integer literal;
/// - optionals, arrays, sets, dictionaries, tuples and ranges as literals; `IdentifiedArray`
///   and `StackState` as their elements (a stack's ids are the new ones the initializer gives);
///   a `BindingAction` as `.set(\Root.field, value)`;
/// - an enum as its case (`.element(id: 0, action: .view(.closeButtonTapped))`), its name read
///   from the type's metadata, never from `description`;
/// - a struct as a call of its memberwise initializer, the type qualified
///   (`OrderDetail.State(orderID: 1)`);
/// - anything else (a class, a type with a custom mirror, a struct with property wrappers)
///   that is `Codable`, decoded from its JSON, which compiles whatever its initializers are; a
///   struct with property wrappers that is not, through its memberwise initializer, a
///   `@PresentationState` field as its optional state;
/// - and what is none of these, an editor placeholder naming the type (`<#Session#>`), which
///   does not compile and so cannot pass unnoticed.
///
/// Where the value's type is known from where it stands (an action's payload, a stored
/// property), an enum case is written `.case` and a literal bare; where it is not (a payload
/// declared `Any`), the type is named: `OrderStatus.draft`, `Int8(5)`.
enum SwiftExpression {
  /// `value` as a Swift expression; `typeIsKnown` says whether Swift knows its type where the
  /// expression stands.
  static func of(_ value: Any, typeIsKnown: Bool = true) -> String {
    Writer(typeIsKnown: typeIsKnown).write(value)
  }

  /// `duration` as Swift: `.seconds(2)`, `.milliseconds(1500)`, `.nanoseconds(7)`, or its
  /// components when it is not a whole number of nanoseconds.
  static func duration(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    if attoseconds == 0 { return ".seconds(\(seconds))" }
    guard attoseconds % 1_000_000_000 == 0,
      case let (nanoseconds, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000),
      !overflow
    else {
      return "Duration(secondsComponent: \(seconds), attosecondsComponent: \(attoseconds))"
    }
    let total = nanoseconds + attoseconds / 1_000_000_000
    if total % 1_000_000 == 0 { return ".milliseconds(\(total / 1_000_000))" }
    if total % 1_000 == 0 { return ".microseconds(\(total / 1_000))" }
    return ".nanoseconds(\(total))"
  }

  /// One value, and where it stands.
  private struct Writer {
    let typeIsKnown: Bool

    func write(_ value: Any) -> String {
      let mirror = Mirror(reflecting: value)
      // First, since a cast looks through an optional: `Optional("a") as? String` is "a".
      if mirror.displayStyle == .optional { return optional(value, mirror) }
      if let convertible = value as? any SwiftExpressionConvertible {
        return convertible.swiftExpression
      }
      if let literal = literal(value) { return literal }
      if let known = knownType(value) { return known }
      switch mirror.displayStyle {
      case .collection where isStandard(value, "Array", "ContiguousArray", "ArraySlice"):
        return sequence(value, mirror, sorted: false)
      case .set where isStandard(value, "Set"): return sequence(value, mirror, sorted: true)
      case .dictionary where isStandard(value, "Dictionary"): return dictionary(value, mirror)
      case .tuple: return tuple(mirror)
      case .enum where !(value is any CustomReflectable): return enumCase(value, mirror)
      case .struct where !(value is any CustomReflectable):
        // A property wrapper's storage may or may not be what the memberwise initializer
        // takes (`@PresentationState var x: X?` takes the wrapper, `... = nil` the optional):
        // JSON is sure to compile, where the type is `Codable`.
        let hasWrappers = mirror.children.contains { $0.label?.hasPrefix("_") == true }
        if hasWrappers, let decoded = decoded(value) { return decoded }
        if let written = memberwise(value, mirror) { return written }
      default: break
      }
      return decoded(value) ?? placeholder(value)
    }

    /// Numbers, `Bool`, strings and characters.
    private func literal(_ value: Any) -> String? {
      switch value {
      case let value as String: return SwiftLiteral.string(value)
      case let value as Substring: return typed("Substring", SwiftLiteral.string(value))
      case let value as Character: return typed("Character", SwiftLiteral.string(String(value)))
      case let value as Unicode.Scalar:
        return typed("Unicode.Scalar", SwiftLiteral.string(String(value)))
      case let value as Bool: return "\(value)"
      case let value as Int: return "\(value)"
      case let value as Double: return float(value, "Double", bits: value.bitPattern)
      case let value as Float: return float(value, "Float", bits: UInt64(value.bitPattern))
      case let value as Int8: return typed("Int8", "\(value)")
      case let value as Int16: return typed("Int16", "\(value)")
      case let value as Int32: return typed("Int32", "\(value)")
      case let value as Int64: return typed("Int64", "\(value)")
      case let value as UInt: return typed("UInt", "\(value)")
      case let value as UInt8: return typed("UInt8", "\(value)")
      case let value as UInt16: return typed("UInt16", "\(value)")
      case let value as UInt32: return typed("UInt32", "\(value)")
      case let value as UInt64: return typed("UInt64", "\(value)")
      default: return nil
      }
    }

    /// A floating-point number; a subnormal one by its bits, since its literal draws a
    /// warning that it loses precision (it does not).
    private func float<Value: BinaryFloatingPoint & LosslessStringConvertible>(
      _ value: Value, _ type: String, bits: UInt64
    ) -> String {
      if value.isSubnormal { return "\(type)(bitPattern: 0x\(String(bits, radix: 16)))" }
      let literal = SwiftLiteral.number(value)
      if typeIsKnown { return literal }
      if literal.hasPrefix(".") { return type + literal }
      if literal.hasPrefix("-.") { return "-" + type + literal.dropFirst() }
      return type == "Double" ? literal : "\(type)(\(literal))"
    }

    /// `literal` as a value of `type`, where the type is not known: `Int8(5)`.
    private func typed(_ type: String, _ literal: String) -> String {
      typeIsKnown ? literal : "\(type)(\(literal))"
    }

    /// Foundation's and Core's values with an initializer that makes them exactly.
    private func knownType(_ value: Any) -> String? {
      switch value {
      case let uuid as UUID: return Self.uuid(uuid)
      case let date as Date:
        return "Date(timeIntervalSinceReferenceDate: \(date.timeIntervalSinceReferenceDate))"
      case let url as URL:
        guard let base = url.baseURL else {
          return "URL(string: \(SwiftLiteral.string(url.absoluteString)))!"
        }
        return """
          URL(string: \(SwiftLiteral.string(url.relativeString)), \
          relativeTo: \(Writer(typeIsKnown: true).write(base)))!
          """
      case let data as Data:
        return "Data(\(Writer(typeIsKnown: true).write(Array(data))))"
      case let decimal as Decimal:
        return "Decimal(string: \(SwiftLiteral.string(decimal.description)))!"
      case let duration as Duration:
        let written = SwiftExpression.duration(duration)
        return typeIsKnown || !written.hasPrefix(".") ? written : "Duration" + written
      case let id as StackElementID:
        return typeIsKnown ? "\(id.generation)" : "StackElementID(generation: \(id.generation))"
      case let type as Any.Type:
        return SwiftTypeName.of(type).map { "\($0).self" }
      default:
        return coreContainer(value)
      }
    }

    /// `UUID(1)` for the UUIDs an incrementing generator makes, `UUID(uuidString: "…")!` for
    /// others.
    private static func uuid(_ uuid: UUID) -> String {
      let hex = uuid.uuidString.replacingOccurrences(of: "-", with: "")
      guard hex.hasPrefix("0000000000000000"), let number = UInt64(hex.dropFirst(16), radix: 16)
      else {
        return "UUID(uuidString: \(SwiftLiteral.string(uuid.uuidString)))!"
      }
      return "UUID(\(number))"
    }

    /// Ranges, and Core's containers: `IdentifiedArray`, `StackState`, `PresentationState`
    /// and `BindingAction`.
    private func coreContainer(_ value: Any) -> String? {
      let type = String(reflecting: Swift.type(of: value))
      for (name, symbol) in [("Swift.Range<", "..<"), ("Swift.ClosedRange<", "...")]
      where type.hasPrefix(name) {
        let mirror = Mirror(reflecting: value)
        guard let lower = mirror.descendant("lowerBound"),
          let upper = mirror.descendant("upperBound")
        else { return nil }
        let bounds = Writer(typeIsKnown: typeIsKnown && Self.hasArguments(value, [lower]))
        let (from, to) = (bounds.write(lower), bounds.write(upper))
        // `1...-2` would read `...-` as one operator: spaces keep the upper bound's sign.
        let range =
          to.hasPrefix("-") || to.hasPrefix(".") ? "\(from) \(symbol) \(to)" : from + symbol + to
        return typeIsKnown ? range : "(\(range))"
      }
      if type.hasPrefix("Core.IdentifiedArray<") || type.hasPrefix("Core.StackState<") {
        let elements = Mirror(reflecting: value).children.map(\.value)
        let written =
          "[\(elements.map(elementWriter(for: value, elements)).joined(separator: ", "))]"
        guard let name = SwiftTypeName.of(Swift.type(of: value)) else { return nil }
        if type.hasPrefix("Core.StackState<") { return "\(name)(\(written))" }
        return typeIsKnown ? written : "\(name)(uniqueElements: \(written))"
      }
      if type.hasPrefix("Core.PresentationState<") {
        guard let name = SwiftTypeName.of(Swift.type(of: value)) else { return nil }
        return "\(name)(wrappedValue: \(Writer(typeIsKnown: true).presented(value)))"
      }
      if type.hasPrefix("Core.BindingAction<"),
        let keyPath = Mirror(reflecting: value).descendant("keyPath"),
        let bound = Mirror(reflecting: value).descendant("value")
      {
        // `\State.name` names the root by its last name alone: qualify it.
        let path = "\(keyPath)"
        guard path.hasPrefix("\\"), let dot = path.firstIndex(of: "."),
          let rootType = Self.genericArguments(of: type).first,
          let root = SwiftTypeName.of(reflecting: rootType),
          let binding = SwiftTypeName.of(Swift.type(of: value))
        else { return nil }
        let written = Writer(typeIsKnown: true).write(bound)
        return "\(typeIsKnown ? "" : binding).set(\\\(root)\(path[dot...]), \(written))"
      }
      return nil
    }

    /// `nil`, or the wrapped value; `.some(…)` where the wrapped value is itself optional or
    /// a case named `none` or `some`.
    private func optional(_ value: Any, _ mirror: Mirror) -> String {
      let type = SwiftTypeName.of(Swift.type(of: value)) ?? "Optional"
      guard let wrapped = mirror.children.first?.value else {
        return typeIsKnown ? "nil" : "\(type).none"
      }
      let isKnown = typeIsKnown && Self.hasArguments(value, [wrapped])
      let written = Writer(typeIsKnown: isKnown).write(wrapped)
      guard isKnown else { return typeIsKnown ? ".some(\(written))" : "Optional(\(written))" }
      return Self.isAmbiguousWrapped(written) ? ".some(\(written))" : written
    }

    /// Whether `written`, the wrapped value of an optional, would be read as the optional's
    /// own case: `nil` of an inner optional, or an enum's case named `none` or `some`. (A
    /// wrapped value of an inner optional that is not `nil` is promoted twice, as written.)
    private static func isAmbiguousWrapped(_ written: String) -> Bool {
      written == "nil" || written == ".none" || written == ".some" || written.hasPrefix(".none(")
        || written.hasPrefix(".some(")
    }

    /// An array or a set as an array literal, a set's elements sorted so that the text does
    /// not depend on hashing.
    private func sequence(_ value: Any, _ mirror: Mirror, sorted: Bool) -> String {
      let elements = mirror.children.map(\.value)
      var written = elements.map(elementWriter(for: value, elements))
      if sorted { written.sort() }
      let literal = "[\(written.joined(separator: ", "))]"
      guard !typeIsKnown, let name = SwiftTypeName.of(Swift.type(of: value)) else { return literal }
      return "(\(literal) as \(name))"
    }

    private func dictionary(_ value: Any, _ mirror: Mirror) -> String {
      let pairs = mirror.children.map { Array(Mirror(reflecting: $0.value).children.map(\.value)) }
      let keys = pairs.map { $0[0] }
      let values = pairs.map { $0[1] }
      let key = elementWriter(for: value, keys, position: 0)
      let element = elementWriter(for: value, values, position: 1)
      let entries = zip(keys, values).map { "\(key($0)): \(element($1))" }.sorted()
      let literal = entries.isEmpty ? "[:]" : "[\(entries.joined(separator: ", "))]"
      guard !typeIsKnown, let name = SwiftTypeName.of(Swift.type(of: value)) else { return literal }
      return "(\(literal) as \(name))"
    }

    /// Writes the elements of a generic container: bare where the container's type is known
    /// and its generic argument at `position` is the elements' own type (not an existential).
    private func elementWriter(
      for container: Any, _ elements: [Any], position: Int = 0
    ) -> (Any) -> String {
      let isKnown =
        (typeIsKnown || SwiftTypeName.of(Swift.type(of: container)) != nil)
        && Self.hasArguments(container, elements, position: position)
      let writer = Writer(typeIsKnown: isKnown)
      return writer.write
    }

    /// Whether the generic argument at `position` of `container`'s type is the type of each
    /// of `elements` (vacuously so when there are none).
    private static func hasArguments(_ container: Any, _ elements: [Any], position: Int = 0)
      -> Bool
    {
      guard let first = elements.first else { return true }
      let type = Swift.type(of: first)
      guard elements.allSatisfy({ Swift.type(of: $0) == type }) else { return false }
      return genericArguments(of: String(reflecting: Swift.type(of: container))).dropFirst(
        position
      ).first == String(reflecting: type)
    }

    /// The generic arguments of the outermost type in `name`: `["Swift.Int", "Swift.String"]`
    /// for `Swift.Dictionary<Swift.Int, Swift.String>`.
    private static func genericArguments(of name: String) -> [String] {
      guard let open = name.firstIndex(of: "<"), name.last == ">" else { return [] }
      var arguments: [String] = []
      var depth = 0
      var current = ""
      for character in name[name.index(after: open)..<name.index(before: name.endIndex)] {
        switch character {
        case "<", "(", "[": depth += 1
        case ">", ")", "]": depth -= 1
        case "," where depth == 0:
          arguments.append(current.trimmingCharacters(in: .whitespaces))
          current = ""
          continue
        default: break
        }
        current.append(character)
      }
      arguments.append(current.trimmingCharacters(in: .whitespaces))
      return arguments
    }

    private func tuple(_ mirror: Mirror) -> String {
      let elements = mirror.children.map { child in
        Self.argument(child.label, Writer(typeIsKnown: typeIsKnown).write(child.value))
      }
      return "(\(elements.joined(separator: ", ")))"
    }

    /// `.case`, `.case(label: payload, payload)`, with the type where it is not known.
    private func enumCase(_ value: Any, _ mirror: Mirror) -> String {
      let declared = DeclaredEnumCase(of: value)
      let child = mirror.children.first
      guard let name = declared?.name ?? child?.label ?? Self.caseName(of: value) else {
        return decoded(value) ?? placeholder(value)
      }
      var prefix = "."
      if !typeIsKnown {
        guard let type = SwiftTypeName.of(Swift.type(of: value)) else {
          return decoded(value) ?? placeholder(value)
        }
        prefix = type + "."
      }
      let member = prefix + Self.member(name)
      guard let payload = child?.value else { return member }
      let existential = declared?.existentialPayloads ?? []
      let payloadMirror = Mirror(reflecting: payload)
      let fields: [(label: String?, value: Any)] =
        payloadMirror.displayStyle == .tuple
        ? payloadMirror.children.map { ($0.label, $0.value) } : [(nil, payload)]
      let arguments = fields.enumerated().map { offset, field in
        let isExistential = offset < existential.count ? existential[offset] : false
        return Self.argument(field.label, Writer(typeIsKnown: !isExistential).write(field.value))
      }
      return "\(member)(\(arguments.joined(separator: ", ")))"
    }

    /// The case name of an enum value without payload whose type has no reflection metadata:
    /// its default description, when the type does not change it.
    private static func caseName(of value: Any) -> String? {
      guard !(value is any CustomStringConvertible), !(value is any CustomDebugStringConvertible)
      else { return nil }
      let name = String(describing: value)
      return name.allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber } ? name : nil
    }

    /// `Type(field: value, …)`, or `nil` when a stored property is a property wrapper's storage
    /// other than `@PresentationState`, whose memberwise argument is taken to be the optional
    /// state (as for `@PresentationState var child: Child.State? = nil`).
    private func memberwise(_ value: Any, _ mirror: Mirror) -> String? {
      guard let type = SwiftTypeName.of(Swift.type(of: value)) else { return nil }
      var arguments: [String] = []
      for child in mirror.children {
        guard let label = child.label else { return nil }
        guard label.hasPrefix("_") else {
          arguments.append(Self.argument(label, Writer(typeIsKnown: true).write(child.value)))
          continue
        }
        guard Self.isPresentationState(child.value) else { return nil }
        arguments.append(Self.argument(String(label.dropFirst()), presented(child.value)))
      }
      return "\(type)(\(arguments.joined(separator: ", ")))"
    }

    private static func isPresentationState(_ value: Any) -> Bool {
      String(reflecting: Swift.type(of: value)).hasPrefix("Core.PresentationState<")
    }

    /// The optional state a `PresentationState` holds, which its mirror shows.
    private func presented(_ state: Any) -> String {
      guard let wrapped = Mirror(reflecting: state).children.first?.value else { return "nil" }
      let written = write(wrapped)
      return Self.isAmbiguousWrapped(written) ? ".some(\(written))" : written
    }

    /// A value of a `Codable` type, decoded from its JSON: it compiles whatever the type's
    /// initializers are. `nil` when the type cannot be named, is not `Codable`, or its JSON
    /// does not decode back to the same JSON.
    private func decoded(_ value: Any) -> String? {
      guard let encodable = value as? any Encodable,
        let decodable = Swift.type(of: value) as? any Decodable.Type,
        let type = SwiftTypeName.of(Swift.type(of: value))
      else { return nil }
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      guard let data = try? encoder.encode(encodable),
        let decodedAgain = try? JSONDecoder().decode(decodable, from: data) as? any Encodable,
        let again = try? encoder.encode(decodedAgain), again == data,
        let json = String(data: data, encoding: .utf8)
      else { return nil }
      return
        "try! JSONDecoder().decode(\(type).self, from: Data(\(SwiftLiteral.string(json)).utf8))"
    }

    private func placeholder(_ value: Any) -> String {
      let type = SwiftTypeName.of(Swift.type(of: value)) ?? "\(Swift.type(of: value))"
      return "<#\(type)#>"
    }

    /// Whether `value`'s type is the standard library's generic type named one of `names`.
    private func isStandard(_ value: Any, _ names: String...) -> Bool {
      let type = String(reflecting: Swift.type(of: value))
      return names.contains { type.hasPrefix("Swift.\($0)<") }
    }

    /// `label: value`, or `value` for an unlabelled one (`.0` in a mirror).
    private static func argument(_ label: String?, _ value: String) -> String {
      guard let label, !label.hasPrefix(".") else { return value }
      return "\(["inout", "var", "let"].contains(label) ? "`\(label)`" : label): \(value)"
    }

    /// A case name after a `.`, in backquotes where Swift reads it otherwise.
    private static func member(_ name: String) -> String {
      ["self", "Type", "Protocol", "init"].contains(name) ? "`\(name)`" : name
    }
  }
}
