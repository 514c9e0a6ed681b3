/// A whole predicate's test on ASCII identifiers as one run of bytes, for predicates a
/// ``ASCIICheck`` cannot hold: `AND`, `OR`, `NOT`, `IN` and constants over `==`, BEGINSWITH,
/// ENDSWITH and CONTAINS with ASCII literals and ASCII LIKE patterns without `?` — `sms:`
/// plus a group, a document and its URL, a prefix or an alias but not a temporary file,
/// `report-*.pdf`.
///
/// Verifying a group through its ``CompiledNode`` walks boxed nodes, test objects and their
/// byte arrays: at a million groups each hop is a cache miss, and each boxed node a retain
/// and a release. The program keeps the same tree in pre-order with the literals inline, so
/// verification reads one or two consecutive cache lines.
///
/// Layout, one node after another (sizes little-endian, unaligned):
/// - `0` false, `1` true;
/// - `2` NOT, then its operand;
/// - `3` AND / `4` OR, a UInt16 byte size of the whole node, then the operands;
/// - `8 + 2 · operation + caseless` a test (``ASCIICheck/Operation``), a UInt16 literal length,
///   then the literal's bytes;
/// - `5` / `6` (caseless) a LIKE pattern whose only wildcard is `*` (``PatternLiterals/LikeGlob``):
///   a UInt16 byte size of the whole node, a byte of anchors (1: start, 2: end), then each
///   literal run as a UInt16 length and its bytes;
/// - `7` a MATCHES pattern's ``RegexSkeleton``: a UInt16 byte size of the whole node, the
///   UInt16 fewest and most bytes a match spans (65,535: more or unbounded), then each
///   element: `0`, a UInt16 length and the literal's bytes; or a repetition: its class
///   (`1` and a UInt64 of bytes 0–63, `2` and one of bytes 64–127, `3` and both, or without
///   a word `4` for `[0-9]` and `5` for `[a-z]`), then UInt16 minimum and maximum (65,535:
///   unbounded).
enum ASCIIProgram {
    private static let falseTag: UInt8 = 0
    private static let trueTag: UInt8 = 1
    private static let notTag: UInt8 = 2
    private static let andTag: UInt8 = 3
    private static let orTag: UInt8 = 4
    private static let globTag: UInt8 = 5
    private static let caselessGlobTag: UInt8 = 6
    private static let skeletonTag: UInt8 = 7
    private static let unboundedRepeat = 65_535
    private static let testBase: UInt8 = 8

    /// The program for `root`, or nil when some part of it needs Foundation or a regex (or
    /// the program would outgrow its 16-bit sizes). Exactly `root.evaluate` for every ASCII
    /// identifier.
    static func encode(_ root: CompiledNode) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64)
        return encode(root, into: &bytes) ? bytes : nil
    }

    private static func encode(_ node: CompiledNode, into bytes: inout [UInt8]) -> Bool {
        switch node {
        case .constant(let value):
            bytes.append(value ? trueTag : falseTag)
        case .isNil:
            // Programs only ever see an identifier.
            bytes.append(falseTag)
        case .not(let operand):
            bytes.append(notTag)
            return encode(operand, into: &bytes)
        case .and(let operands):
            return encode(operands, tag: andTag, into: &bytes)
        case .or(let operands):
            return encode(operands, tag: orTag, into: &bytes)
        case .literal(let test):
            guard let check = ASCIICheck(test) else { return false }
            return check.withLiteral { appendTest(check.operation, caseless: check.caseless, literal: $0, to: &bytes) }
        case .pattern(let test) where test.skeleton != nil:
            return appendSkeleton(test.skeleton!, to: &bytes)
        case .pattern(let test):
            // The regex would run on the identifier lowercased for `[c]` and as is otherwise,
            // against the pattern folded the same way: the runs compare with it directly.
            guard test.patternText != nil, let glob = test.literals.likeGlob else { return false }
            let start = bytes.count
            appendHeader(test.mode.foldsCase ? caselessGlobTag : globTag, to: &bytes)
            bytes.append((glob.anchoredStart ? 1 : 0) | (glob.anchoredEnd ? 2 : 0))
            for run in glob.runs {
                guard run.count <= Int(UInt16.max) else { return false }
                bytes.append(UInt8(truncatingIfNeeded: run.count))
                bytes.append(UInt8(truncatingIfNeeded: run.count >> 8))
                bytes.append(contentsOf: run)
            }
            return patchSize(bytes.count - start, at: start + 1, in: &bytes)
        case .membership(let test):
            // `isEqual:` on each member: exact code units, options ignored.
            let start = bytes.count
            appendHeader(orTag, to: &bytes)
            for member in test.members {
                var member = member
                let appended = member.withUTF8 { appendTest(.equal, caseless: false, literal: $0, to: &bytes) }
                guard appended else { return false }
            }
            return patchSize(bytes.count - start, at: start + 1, in: &bytes)
        case .dynamic:
            return false
        }
        return true
    }

    /// The members of a membership program (an OR of exact `==` tests, as ``encode(_:)``
    /// writes `SELF IN {…}`), in the order stated; nil for any other program.
    static func members(ofMembership node: UnsafePointer<UInt8>) -> [String]? {
        guard node[0] == orTag else { return nil }
        let end = node + size16(node + 1)
        let equalTag = testBase + 2 * ASCIICheck.Operation.equal.rawValue
        var members: [String] = []
        var operand = node + 3
        while operand < end {
            guard operand[0] == equalTag else { return nil }
            members.append(
                String(decoding: UnsafeBufferPointer(start: operand + 3, count: size16(operand + 1)), as: UTF8.self))
            operand += size(of: operand)
        }
        return members
    }

    private static func appendSkeleton(_ skeleton: RegexSkeleton, to bytes: inout [UInt8]) -> Bool {
        let start = bytes.count
        appendHeader(skeletonTag, to: &bytes)
        func append16(_ value: Int) {
            bytes.append(UInt8(truncatingIfNeeded: value))
            bytes.append(UInt8(truncatingIfNeeded: value >> 8))
        }
        // Most identifiers a literal-free skeleton is offered have the wrong length: that
        // check comes first, as PCRE2's length bounds did.
        let lengths = skeleton.matchLengths
        append16(min(lengths.lowerBound, unboundedRepeat))
        append16(min(lengths.upperBound, unboundedRepeat))
        for element in skeleton.elements {
            switch element {
            case .literal(let run):
                guard run.count <= Int(UInt16.max) else { return false }
                bytes.append(0)
                append16(run.count)
                bytes.append(contentsOf: run)
            case .repeated(let byteClass, let minimum, let maximum):
                // The common classes take no bit set, and most others half of one: a
                // program is part of every group that has one.
                switch (byteClass.low, byteClass.high) {
                case _ where byteClass == .digits: bytes.append(4)
                case _ where byteClass == .lowercaseLetters: bytes.append(5)
                case (let low, 0):
                    bytes.append(1)
                    withUnsafeBytes(of: low.littleEndian) { bytes.append(contentsOf: $0) }
                case (0, let high):
                    bytes.append(2)
                    withUnsafeBytes(of: high.littleEndian) { bytes.append(contentsOf: $0) }
                case (let low, let high):
                    bytes.append(3)
                    withUnsafeBytes(of: low.littleEndian) { bytes.append(contentsOf: $0) }
                    withUnsafeBytes(of: high.littleEndian) { bytes.append(contentsOf: $0) }
                }
                append16(minimum)
                append16(maximum ?? unboundedRepeat)
            }
        }
        return patchSize(bytes.count - start, at: start + 1, in: &bytes)
    }

    private static func encode(_ operands: [CompiledNode], tag: UInt8, into bytes: inout [UInt8]) -> Bool {
        let start = bytes.count
        appendHeader(tag, to: &bytes)
        for operand in operands where !encode(operand, into: &bytes) { return false }
        return patchSize(bytes.count - start, at: start + 1, in: &bytes)
    }

    private static func appendTest(
        _ operation: ASCIICheck.Operation, caseless: Bool, literal: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]
    ) -> Bool {
        guard operation != .none, literal.count <= Int(UInt16.max) else { return false }
        appendHeader(testBase + 2 * operation.rawValue + (caseless ? 1 : 0), to: &bytes)
        _ = patchSize(literal.count, at: bytes.count - 2, in: &bytes)
        bytes.append(contentsOf: literal)
        return true
    }

    /// A tag and room for its 16-bit size.
    private static func appendHeader(_ tag: UInt8, to bytes: inout [UInt8]) {
        bytes.append(tag)
        bytes.append(0)
        bytes.append(0)
    }

    private static func patchSize(_ size: Int, at position: Int, in bytes: inout [UInt8]) -> Bool {
        guard size <= Int(UInt16.max) else { return false }
        bytes[position] = UInt8(truncatingIfNeeded: size)
        bytes[position + 1] = UInt8(truncatingIfNeeded: size >> 8)
        return true
    }

    @inline(__always)
    private static func size16(_ at: UnsafePointer<UInt8>) -> Int {
        Int(at[0]) | Int(at[1]) << 8
    }

    /// The byte size of the node at `node`.
    static func size(of node: UnsafePointer<UInt8>) -> Int {
        switch node[0] {
        case falseTag, trueTag: 1
        case notTag: 1 + size(of: node + 1)
        case andTag, orTag, globTag, caselessGlobTag, skeletonTag: size16(node + 1)
        default: 3 + size16(node + 1)
        }
    }

    /// Whether the ASCII `identifier` satisfies the program at `node`.
    static func holds(_ node: UnsafePointer<UInt8>, _ identifier: UnsafeBufferPointer<UInt8>) -> Bool {
        let tag = node[0]
        switch tag {
        case falseTag: return false
        case trueTag: return true
        case notTag: return !holds(node + 1, identifier)
        case andTag, orTag:
            // AND stops at the first false operand, OR at the first true one.
            let stopsOn = tag == orTag
            let end = node + size16(node + 1)
            var operand = node + 3
            while operand < end {
                if holds(operand, identifier) == stopsOn { return stopsOn }
                operand += size(of: operand)
            }
            return !stopsOn
        case globTag, caselessGlobTag:
            return holdsGlob(node, identifier, caseless: tag == caselessGlobTag)
        case skeletonTag:
            return holdsSkeleton(node, identifier)
        default:
            let code = tag - testBase
            let check = ASCIICheck(
                operation: ASCIICheck.Operation(rawValue: code >> 1) ?? .none, caseless: code & 1 == 1,
                literal: UnsafeBufferPointer(start: node + 3, count: size16(node + 1)))
            return check.holds(identifier)
        }
    }

    /// A regex skeleton on `identifier`: literals compared in place, each repetition taking
    /// its longest run (exact for a skeleton, ``RegexSkeleton``), and nothing left over.
    private static func holdsSkeleton(_ node: UnsafePointer<UInt8>, _ identifier: UnsafeBufferPointer<UInt8>) -> Bool {
        let end = node + size16(node + 1)
        let count = identifier.count
        let longest = size16(node + 5)
        guard count >= size16(node + 3), longest == unboundedRepeat || count <= longest else { return false }
        var element = node + 7
        var position = 0
        while element < end {
            if element[0] == 0 {
                let length = size16(element + 1)
                let literal = UnsafeBufferPointer(start: element + 3, count: length)
                guard count - position >= length, ASCIIText.matchesAt(identifier, position, literal, caseless: false)
                else {
                    return false
                }
                position += length
                element += 3 + length
            } else {
                let raw = UnsafeRawPointer(element + 1)
                func word(_ offset: Int) -> UInt64 {
                    UInt64(littleEndian: (raw + offset).loadUnaligned(as: UInt64.self))
                }
                let (low, high, classBytes): (UInt64, UInt64, Int) =
                    switch element[0] {
                    case 1: (word(0), 0, 8)
                    case 2: (0, word(0), 8)
                    case 3: (word(0), word(8), 16)
                    case 4: (RegexSkeleton.ByteClass.digits.low, 0, 0)
                    default: (0, RegexSkeleton.ByteClass.lowercaseLetters.high, 0)
                    }
                let bounds = element + 1 + classBytes
                let minimum = size16(bounds)
                let maximum = size16(bounds + 2)
                let start = position
                while position < count {
                    let byte = identifier[position]
                    let member =
                        byte < 64 ? low & (1 << UInt64(byte)) : byte < 128 ? high & (1 << UInt64(byte & 63)) : 0
                    if member == 0 { break }
                    position += 1
                }
                let run = position - start
                guard run >= minimum, maximum == unboundedRepeat || run <= maximum else { return false }
                element = bounds + 4
            }
        }
        return position == count
    }

    /// A `*`-only LIKE on `identifier`: the anchored first run as its prefix, the anchored
    /// last as its suffix (not overlapping the prefix), then every other run in order, each
    /// at its leftmost place after the one before, which finds a match whenever one exists.
    private static func holdsGlob(
        _ node: UnsafePointer<UInt8>, _ identifier: UnsafeBufferPointer<UInt8>, caseless: Bool
    ) -> Bool {
        let end = node + size16(node + 1)
        let anchors = node[3]
        var first = node + 4
        var last = end
        func run(at position: UnsafePointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(start: position + 2, count: size16(position))
        }
        var low = 0
        var high = identifier.count
        if anchors & 1 != 0, first < end {
            let prefix = run(at: first)
            guard ASCIIText.matchesAt(identifier, 0, prefix, caseless: caseless) else { return false }
            low = prefix.count
            first += 2 + prefix.count
        }
        if anchors & 2 != 0 {
            guard first < end else { return low == high }
            var position = first
            while position + 2 + size16(position) < end { position += 2 + size16(position) }
            let suffix = run(at: position)
            guard high - low >= suffix.count,
                ASCIIText.matchesAt(identifier, high - suffix.count, suffix, caseless: caseless)
            else {
                return false
            }
            high -= suffix.count
            last = position
        }
        var position = first
        while position < last {
            let middle = run(at: position)
            let window = UnsafeBufferPointer(rebasing: identifier[low..<high])
            guard let found = ASCIIText.firstIndex(of: middle, in: window, caseless: caseless) else { return false }
            low += found + middle.count
            position += 2 + middle.count
        }
        return true
    }
}
