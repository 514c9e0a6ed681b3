/// A value substituted for a `%@` in a predicate format string.
///
/// Apple's `NSPredicate(format:argumentArray:)` takes objects; activation conditions only
/// ever pass strings (`SELF == %@`) or arrays of strings (`SELF IN %@`).
public enum PredicateArgument: Hashable, Sendable, ExpressibleByStringLiteral, ExpressibleByArrayLiteral {
    case string(String)
    case strings([String])

    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: String...) { self = .strings(elements) }
}
