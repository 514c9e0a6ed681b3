/// A predicate's `%@` arguments as one record of bytes in a tier's ``ByteRecordArena``: what
/// a group kept as text (``PredicateTier``) states beside its shared format, from which its
/// predicate compiles again when an identifier its ASCII program does not decide comes.
///
/// Layout (sizes little-endian, unaligned): a UInt32 byte size of the whole record, then a
/// tag: `0` no arguments; `1` one string, its bytes to the end of the record; `2` several,
/// each a tag (`1` a string: a UInt32 length and its bytes; `2` a list: a UInt32 count, then
/// each string's UInt32 length and bytes).
enum StatedArgumentsRecord {
    private static let noneTag: UInt8 = 0
    private static let oneTag: UInt8 = 1
    private static let manyTag: UInt8 = 2
    private static let stringTag: UInt8 = 1
    private static let listTag: UInt8 = 2
    private static let headerBytes = 5

    /// The record of `arguments`; nil if it would outgrow its 32-bit size.
    static func encode(_ arguments: ActivationPredicate.StoredArguments) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: 4)
        func append32(_ value: Int) {
            for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> shift)) }
        }
        func appendString(_ value: String) {
            append32(value.utf8.count)
            bytes.append(contentsOf: value.utf8)
        }
        switch arguments {
        case .none:
            bytes.append(noneTag)
        case .one(let value):
            bytes.append(oneTag)
            bytes.append(contentsOf: value.utf8)
        case .many(let arguments):
            bytes.append(manyTag)
            for argument in arguments {
                switch argument {
                case .string(let value):
                    bytes.append(stringTag)
                    appendString(value)
                case .strings(let values):
                    bytes.append(listTag)
                    append32(values.count)
                    for value in values { appendString(value) }
                }
            }
        }
        guard bytes.count <= Int(UInt32.max) else { return nil }
        for index in 0..<4 { bytes[index] = UInt8(truncatingIfNeeded: bytes.count >> (8 * index)) }
        return bytes
    }

    /// The size of the record at `record`, as ``ByteRecordArena`` asks.
    static func size(of record: UnsafePointer<UInt8>) -> Int { read32(record) }

    /// The arguments the record at `record` states.
    static func arguments(at record: UnsafePointer<UInt8>) -> ActivationPredicate.StoredArguments {
        var reader = Reader(record)
        switch record[4] {
        case noneTag: return .none
        case oneTag: return .one(reader.string(count: reader.remaining))
        default:
            var arguments: [PredicateArgument] = []
            while reader.remaining > 0 {
                if reader.byte() == stringTag {
                    arguments.append(.string(reader.string(count: reader.read32())))
                } else {
                    let count = reader.read32()
                    arguments.append(.strings((0..<count).map { _ in reader.string(count: reader.read32()) }))
                }
            }
            return .many(arguments)
        }
    }

    /// Whether the record at `record` states exactly `arguments`, byte for byte, read in
    /// place: asked of a group for every session enrolled with a predicate of its format.
    static func states(_ arguments: ActivationPredicate.StoredArguments, at record: UnsafePointer<UInt8>) -> Bool {
        var reader = Reader(record)
        switch (record[4], arguments) {
        case (noneTag, .none): return true
        case (oneTag, .one(let value)): return reader.matches(value, count: reader.remaining)
        case (manyTag, .many(let arguments)):
            return arguments.allSatisfy { reader.matches($0) } && reader.remaining == 0
        default: return false
        }
    }

    /// Whether the record at `record` states `format` and then `arguments`, as a group that
    /// keeps its own format records them (`.many` of the format and the arguments' list).
    static func states(
        format: String, then arguments: ActivationPredicate.StoredArguments, at record: UnsafePointer<UInt8>
    ) -> Bool {
        var reader = Reader(record)
        guard record[4] == manyTag, reader.matches(.string(format)) else { return false }
        switch arguments {
        case .none: break
        case .one(let value): guard reader.matches(.string(value)) else { return false }
        case .many(let arguments): guard arguments.allSatisfy({ reader.matches($0) }) else { return false }
        }
        return reader.remaining == 0
    }

    private static func read32(_ bytes: UnsafePointer<UInt8>) -> Int {
        Int(UInt32(littleEndian: UnsafeRawPointer(bytes).loadUnaligned(as: UInt32.self)))
    }

    /// Reads a record after its tag, never past its stated size.
    private struct Reader {
        private var position: UnsafePointer<UInt8>
        private let end: UnsafePointer<UInt8>

        init(_ record: UnsafePointer<UInt8>) {
            position = record + headerBytes
            end = record + StatedArgumentsRecord.read32(record)
        }

        var remaining: Int { end - position }

        mutating func byte() -> UInt8 {
            defer { position += 1 }
            return position.pointee
        }

        mutating func read32() -> Int {
            defer { position += 4 }
            return StatedArgumentsRecord.read32(position)
        }

        mutating func string(count: Int) -> String {
            defer { position += count }
            return String(decoding: UnsafeBufferPointer(start: position, count: count), as: UTF8.self)
        }

        /// Whether the next element of a `.many` record is `argument`, read past it.
        mutating func matches(_ argument: PredicateArgument) -> Bool {
            guard remaining > 0 else { return false }
            switch (byte(), argument) {
            case (StatedArgumentsRecord.stringTag, .string(let value)):
                return matches(value, count: read32())
            case (StatedArgumentsRecord.listTag, .strings(let values)):
                guard read32() == values.count else { return false }
                return values.allSatisfy { matches($0, count: read32()) }
            default: return false
            }
        }

        mutating func matches(_ value: String, count: Int) -> Bool {
            guard count <= remaining else { return false }
            var value = value
            let same = value.withUTF8 {
                ASCIIText.equal($0, UnsafeBufferPointer(start: position, count: count), caseless: false)
            }
            position += count
            return same
        }
    }
}
