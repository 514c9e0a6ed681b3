/// A whole predicate's test on ASCII identifiers, as plain data kept beside a group's best
/// session: verifying an index hit then reads the literal's bytes directly instead of walking
/// from the group's compiled predicate through its nodes (at a million groups, each hop a
/// cache miss). Exactly what ``LiteralTest`` computes for an ASCII identifier.
///
/// `@unchecked Sendable`: the literal's bytes are written once, before any check reads them.
struct FlatCheck: @unchecked Sendable, BitwiseCopyable {
    enum Operation: UInt8, Sendable, BitwiseCopyable {
        /// No flat form: evaluate the compiled predicate.
        case none, equal, prefix, suffix, contains
    }

    var operation: Operation
    var caseless: Bool
    // The literal's bytes, owned by the group's ``LiteralTest``, which the group keeps alive.
    // A pointer and a 32-bit count leave 4 of ``GroupHead``'s 48 bytes free for later use.
    private var start: UnsafePointer<UInt8>?
    private var count: Int32

    init(operation: Operation, caseless: Bool, literal: UnsafeBufferPointer<UInt8>) {
        self.operation = operation
        self.caseless = caseless
        start = literal.baseAddress
        count = Int32(clamping: literal.count)
    }

    static let none = FlatCheck(operation: .none, caseless: false, literal: UnsafeBufferPointer(start: nil, count: 0))

    private var literal: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: Int(count)) }

    /// The flat check for a group's predicate, if it is a single literal comparison.
    static func of(_ root: CompiledNode) -> FlatCheck {
        guard case .literal(let test) = root, let check = test.flatCheck, check.literal.count <= Int32.max else { return .none }
        return check
    }

    /// Whether an ASCII identifier passes (only for operations other than `.none`).
    @inline(__always)
    func holds(_ identifier: UnsafeBufferPointer<UInt8>) -> Bool {
        switch operation {
        case .none: preconditionFailure("no flat check")
        case .equal: ASCIIText.equal(identifier, literal, caseless: caseless)
        case .prefix: ASCIIText.hasPrefix(identifier, literal, caseless: caseless)
        case .suffix: ASCIIText.hasSuffix(identifier, literal, caseless: caseless)
        case .contains: ASCIIText.contains(identifier, literal, caseless: caseless)
        }
    }
}
