/// A value substituted for a `%@` in a predicate format string.
///
/// Apple's `NSPredicate(format:argumentArray:)` takes objects; activation conditions only
/// ever pass strings (`SELF == %@`) or arrays of strings (`SELF IN %@`).
public enum PredicateArgument: Hashable, Sendable, ExpressibleByStringLiteral, ExpressibleByArrayLiteral {
    /// One string, for a comparison: `SELF == %@`.
    case string(String)
    /// An array of strings, for membership: `SELF IN %@`.
    case strings([String])

    /// `"mail.inbox"` as an argument: a single string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// `["a", "b"]` as an argument: an array, for `IN %@`.
    public init(arrayLiteral elements: String...) { self = .strings(elements) }
}
