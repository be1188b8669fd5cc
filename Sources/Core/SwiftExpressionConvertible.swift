/// A type that writes its own values as Swift source: the expression a test uses to make an
/// equal value.
///
/// Where `CoreTesting` writes a value as Swift (the test a failing random session hands back),
/// it writes an enum as its case with labelled payloads and a struct as a call of the
/// initializer that takes every stored property in order, labelled by name: the memberwise
/// initializer. A test in another module sees that initializer only when the type declares
/// it `public`. Conform a type whose values cannot be made that way (its stored properties are
/// private, its public initializer takes other arguments, it is a class) and say how to make
/// them:
///
/// ```swift
/// public struct Price: Equatable, Sendable, SwiftExpressionConvertible {
///   private var cents: Int
///
///   public init(dollars: Int, cents: Int) {
///     self.cents = dollars * 100 + cents
///   }
///
///   public var swiftExpression: String {
///     "Price(dollars: \(cents / 100), cents: \(cents % 100))"
///   }
/// }
/// ```
///
/// > Important: The expression must compile where the test is, with the type's module and
/// > `Foundation` imported, and make a value equal to this one. Write nested types qualified
/// > (`Row.State(...)`), never with `.init` or an implicit member, since the expression may
/// > stand where the type is not known (an `Any` payload).
public protocol SwiftExpressionConvertible {
  /// A Swift expression that makes a value equal to this one.
  var swiftExpression: String { get }
}
