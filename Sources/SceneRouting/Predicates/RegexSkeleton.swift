/// A `MATCHES` pattern that an ASCII identifier can be matched against in one pass from left
/// to right, without a regex engine: literal bytes and repeated ASCII classes, each
/// repetition followed by something that cannot begin with a byte of its class (or by the
/// end). Taking each repetition's longest run is then the only way a whole-identifier match
/// can go, so the pass decides exactly what the regex does.
///
/// `ticket-42-[0-9]+`, `issue-7/[a-z]+-[0-9]{1,4}`, `https://example\.com/[a-z]+/item/9` and
/// `ticket-[0-9]{3}[a-z]{2}` are skeletons; `a.*b`, `(ab)+`, `x|y` and `[a-z]+[a-c]` are not.
///
/// Why: at scale each regex's compiled machine code is cold, and running it cost a route more
/// than a microsecond at 100,000 sessions where the same pass over data costs a few dozen
/// nanoseconds. Only syntax whose meaning on ASCII text ICU (which Apple's `MATCHES` runs)
/// and PCRE2 agree on is read: literal letters, digits and plain punctuation; escaped
/// metacharacters; `\d`; classes of letters, digits, ranges of those, plain punctuation and
/// escaped metacharacters, optionally negated; the quantifiers `*`, `+`, `?`, `{m}`, `{m,}`
/// and `{m,n}`. Anything else (groups, alternation, `.`, anchors, other escapes, lazy or
/// possessive quantifiers, whitespace) leaves the pattern to PCRE2.
struct RegexSkeleton: Sendable, Equatable {
    /// A set of ASCII bytes, one bit each.
    struct ByteClass: Sendable, Equatable {
        var low: UInt64 = 0
        var high: UInt64 = 0

        /// `[0-9]` and `[a-z]` (also `\d` on ASCII text).
        static let digits = ByteClass(low: 0x03FF << 48, high: 0)
        static let lowercaseLetters = ByteClass(low: 0, high: 0x03FF_FFFF << 33)

        init() {}

        init(low: UInt64, high: UInt64) {
            self.low = low
            self.high = high
        }

        init(_ byte: UInt8) { insert(byte) }

        init(members: String) {
            for byte in members.utf8 { insert(byte) }
        }

        mutating func insert(_ byte: UInt8) {
            if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte & 63) }
        }

        /// Whether `byte` (any value; bytes from 128 on are never members) is in the set.
        @inline(__always)
        func contains(_ byte: UInt8) -> Bool {
            byte < 64 ? low & (1 << UInt64(byte)) != 0 : byte < 128 && high & (1 << UInt64(byte & 63)) != 0
        }

        func union(_ other: ByteClass) -> ByteClass { ByteClass(low: low | other.low, high: high | other.high) }

        func intersects(_ other: ByteClass) -> Bool { low & other.low != 0 || high & other.high != 0 }

        /// Every other ASCII byte.
        var inverted: ByteClass { ByteClass(low: ~low, high: ~high) }
    }

    enum Element: Sendable, Equatable {
        /// These bytes, in order.
        case literal([UInt8])
        /// A run of `minimum` to `maximum` (nil: any number of) bytes of the class.
        case repeated(ByteClass, minimum: Int, maximum: Int?)
    }

    /// Quantifier bounds above this are left to PCRE2 (its own limit is 65,535).
    static let largestBound = 65_534

    let elements: [Element]

    /// The skeleton of `pattern` (ICU syntax, as `MATCHES` takes it), or nil when it uses
    /// syntax outside the subset above or one of its repetitions could stop short of its
    /// longest run.
    init?(pattern: String) {
        var parser = Parser(Array(pattern.utf8))
        guard let elements = parser.parse(), Self.isExact(elements) else { return nil }
        self.elements = elements
    }

    /// Whether every repetition is followed by something that cannot begin with a byte of
    /// its class: the bytes that can come first after it (the next literal's first byte, or
    /// the classes of the repetitions up to and including the first that cannot be empty).
    private static func isExact(_ elements: [Element]) -> Bool {
        for (index, element) in elements.enumerated() {
            guard case .repeated(let byteClass, _, _) = element else { continue }
            var following = ByteClass()
            scan: for next in elements[(index + 1)...] {
                switch next {
                case .literal(let bytes):
                    following.insert(bytes[0])
                    break scan
                case .repeated(let nextClass, let minimum, _):
                    following = following.union(nextClass)
                    if minimum > 0 { break scan }
                }
            }
            if byteClass.intersects(following) { return false }
        }
        return true
    }

    /// The fewest and the most bytes a match spans (`Int.max`: no most).
    var matchLengths: ClosedRange<Int> {
        var shortest = 0
        var longest: Int? = 0
        for element in elements {
            switch element {
            case .literal(let bytes):
                shortest += bytes.count
                longest = longest.map { $0 + bytes.count }
            case .repeated(_, let minimum, let maximum):
                shortest += minimum
                longest = longest.flatMap { sum in maximum.map { sum + $0 } }
            }
        }
        return shortest...max(shortest, longest ?? .max)
    }

    /// Whether the ASCII `identifier` matches the whole pattern: the pass a skeleton's program
    /// node makes (``ASCIIProgram``), over the elements themselves, which tests hold both to.
    func matches(_ identifier: UnsafeBufferPointer<UInt8>) -> Bool {
        var position = 0
        for element in elements {
            switch element {
            case .literal(let bytes):
                guard identifier.count - position >= bytes.count,
                    identifier[position..<(position + bytes.count)].elementsEqual(bytes)
                else { return false }
                position += bytes.count
            case .repeated(let byteClass, let minimum, let maximum):
                var run = 0
                while position + run < identifier.count && byteClass.contains(identifier[position + run]) { run += 1 }
                guard run >= minimum, maximum.map({ run <= $0 }) ?? true else { return false }
                position += run
            }
        }
        return position == identifier.count
    }
}

extension RegexSkeleton {
    /// Reads the subset of ICU regex syntax a skeleton allows.
    private struct Parser {
        private let bytes: [UInt8]
        private var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        /// Letters and digits, which stand for themselves everywhere.
        private static func isAlphanumeric(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        }

        /// Punctuation that stands for itself outside a class in ICU and PCRE2 alike. Not `#`
        /// or space (comments and ignored in free-spacing mode), nor `]` and `}`, which PCRE2
        /// and ICU disagree about when unescaped.
        private static let plainOutside = ByteClass(members: "-_/:@%=,;~!'\"<>&")
        /// Punctuation that stands for itself inside a class. Not `-`, `&`, `[`, `]`, `^`, `{`,
        /// `}`, `$` or whitespace, which ICU's set syntax gives meanings of their own, nor `:`,
        /// since ICU reads `[:digit:]` as a property.
        private static let plainInside = ByteClass(members: "_./@#%=,;~!'\"<>+*?()|")
        /// What a backslash may escape to stand for itself.
        private static let escapable = ByteClass(members: ".^$|()[]{}*+?\\/-")

        mutating func parse() -> [Element]? {
            var elements: [Element] = []
            while index < bytes.count {
                guard let atom = atom() else { return nil }
                guard let (minimum, maximum) = quantifier() else { return nil }
                switch atom {
                case .literal(let byte) where minimum == 1 && maximum == 1:
                    if case .literal(var run)? = elements.last {
                        elements.removeLast()
                        run.append(byte)
                        elements.append(.literal(run))
                    } else {
                        elements.append(.literal([byte]))
                    }
                case .literal(let byte):
                    elements.append(.repeated(ByteClass(byte), minimum: minimum, maximum: maximum))
                case .byteClass(let byteClass):
                    elements.append(.repeated(byteClass, minimum: minimum, maximum: maximum))
                }
            }
            return elements
        }

        private enum Atom {
            case literal(UInt8)
            case byteClass(ByteClass)
        }

        private mutating func next() -> UInt8? {
            guard index < bytes.count else { return nil }
            defer { index += 1 }
            return bytes[index]
        }

        private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

        private mutating func atom() -> Atom? {
            guard let byte = next() else { return nil }
            if Self.isAlphanumeric(byte) || Self.plainOutside.contains(byte) { return .literal(byte) }
            switch byte {
            case UInt8(ascii: "\\"):
                guard let escaped = next() else { return nil }
                if escaped == UInt8(ascii: "d") { return .byteClass(ByteClass.digits) }
                return Self.escapable.contains(escaped) ? .literal(escaped) : nil
            case UInt8(ascii: "["):
                return byteClass().map(Atom.byteClass)
            default:
                return nil
            }
        }

        /// The rest of a class after its `[`.
        private mutating func byteClass() -> ByteClass? {
            var members = ByteClass()
            let negated = peek() == UInt8(ascii: "^")
            if negated { index += 1 }
            var empty = true
            while let byte = next() {
                if byte == UInt8(ascii: "]") {
                    guard !empty else { return nil }
                    return negated ? members.inverted : members
                }
                empty = false
                if byte == UInt8(ascii: "\\") {
                    guard let escaped = next() else { return nil }
                    if escaped == UInt8(ascii: "d") {
                        members = members.union(ByteClass.digits)
                    } else if Self.escapable.contains(escaped) {
                        members.insert(escaped)
                    } else {
                        return nil
                    }
                } else if Self.isAlphanumeric(byte) {
                    guard peek() == UInt8(ascii: "-") else {
                        members.insert(byte)
                        continue
                    }
                    // A range: both ends letters of one case or both digits.
                    index += 1
                    guard let last = next(), Self.sameKind(byte, last), byte <= last else { return nil }
                    for member in byte...last { members.insert(member) }
                } else if Self.plainInside.contains(byte) {
                    members.insert(byte)
                } else {
                    return nil
                }
            }
            return nil
        }

        private static func sameKind(_ first: UInt8, _ last: UInt8) -> Bool {
            func kind(_ byte: UInt8) -> Int {
                switch byte {
                case 0x30...0x39: 0
                case 0x41...0x5A: 1
                case 0x61...0x7A: 2
                default: -1
                }
            }
            return kind(first) >= 0 && kind(first) == kind(last)
        }

        /// The bounds of the quantifier at the cursor, (1, 1) without one; nil for a lazy or
        /// possessive one, a malformed one, or bounds past ``RegexSkeleton/largestBound``.
        private mutating func quantifier() -> (Int, Int?)? {
            let bounds: (Int, Int?)
            switch peek() {
            case UInt8(ascii: "*"):
                index += 1
                bounds = (0, nil)
            case UInt8(ascii: "+"):
                index += 1
                bounds = (1, nil)
            case UInt8(ascii: "?"):
                index += 1
                bounds = (0, 1)
            case UInt8(ascii: "{"):
                index += 1
                guard let minimum = number() else { return nil }
                var maximum: Int? = minimum
                if peek() == UInt8(ascii: ",") {
                    index += 1
                    maximum = peek() == UInt8(ascii: "}") ? nil : number()
                    guard maximum != nil || peek() == UInt8(ascii: "}") else { return nil }
                }
                guard next() == UInt8(ascii: "}"), maximum.map({ minimum <= $0 }) ?? true else { return nil }
                bounds = (minimum, maximum)
            default:
                return (1, 1)
            }
            // A quantifier after a quantifier (lazy `?`, possessive `+`, or an error).
            if let following = peek(), "*+?{".utf8.contains(following) { return nil }
            return bounds
        }

        /// Decimal digits at the cursor, up to ``RegexSkeleton/largestBound``.
        private mutating func number() -> Int? {
            var value = 0
            var count = 0
            while let byte = peek(), byte >= 0x30 && byte <= 0x39 {
                value = value * 10 + Int(byte - 0x30)
                count += 1
                index += 1
                guard value <= RegexSkeleton.largestBound else { return nil }
            }
            return count > 0 ? value : nil
        }
    }
}
