import SceneRouterWorkloads
import Testing

@testable import SceneRouting

/// The skip a gram walk takes by the byte three on from a position: the least distance to
/// where a filed head has that byte, so no position that begins a filed gram is passed.
@Suite struct GramShiftsTests {
    private static func pair(_ text: String) -> UInt16 {
        Array(text.utf8).withUnsafeBufferPointer { KeyHashing.gramLead($0, at: 0, .raw) }
    }

    private static func shift(_ shifts: GramShifts, _ character: Character) -> Int {
        GramShifts.shift(shifts.shifts, character.asciiValue!)
    }

    @Test func aByteShiftsToItsLastOffsetInAnyHead() {
        let shifts = GramShifts()
        #expect(Self.shift(shifts, "a") == 4)
        shifts.insert(lead: Self.pair("ab"), second: Self.pair("cd"))
        #expect(["a", "b", "c", "d", "e"].map { Self.shift(shifts, $0) } == [3, 2, 1, 0, 4])
        shifts.insert(lead: Self.pair("dz"), second: Self.pair("za"))
        #expect(["a", "b", "c", "d", "z"].map { Self.shift(shifts, $0) } == [0, 2, 1, 0, 1])
        shifts.remove(lead: Self.pair("ab"), second: Self.pair("cd"))
        #expect(["a", "b", "c", "d", "z"].map { Self.shift(shifts, $0) } == [0, 4, 4, 3, 1])
        shifts.remove(lead: Self.pair("dz"), second: Self.pair("za"))
        #expect(["a", "d", "z"].map { Self.shift(shifts, $0) } == [4, 4, 4])
    }

    /// A head counted twice keeps its shifts until both are gone.
    @Test func aShiftStaysWhileAnyHeadHasTheByteThere() {
        let shifts = GramShifts()
        shifts.insert(lead: Self.pair("-1"), second: Self.pair("2;"))
        shifts.insert(lead: Self.pair("-1"), second: Self.pair("2;"))
        shifts.remove(lead: Self.pair("-1"), second: Self.pair("2;"))
        #expect(Self.shift(shifts, ";") == 0)
        shifts.remove(lead: Self.pair("-1"), second: Self.pair("2;"))
        #expect(Self.shift(shifts, ";") == 4)
    }

    /// Over random heads and identifiers from a small alphabet (so that heads occur), the
    /// walk stops where a position-by-position scan does, in both readings, from any start.
    @Test func theWalkStopsWhereAScanOfEveryPositionDoes() {
        var random = DeterministicRandom(seed: 47)
        let alphabet = Array("ab-1;Bx".utf8)
        func text(_ count: Int) -> [UInt8] { (0..<count).map { _ in alphabet[random.below(alphabet.count)] } }
        for _ in 0..<200 {
            let leads = GramLeads()
            let seconds = GramLeads()
            let shifts = GramShifts()
            var heads: [(UInt16, UInt16)] = []
            for _ in 0..<(1 + random.below(4)) {
                let head = text(4).map { ASCIIText.lowercase($0) }
                let lead = head.withUnsafeBufferPointer { KeyHashing.gramLead($0, at: 0, .raw) }
                let second = head.withUnsafeBufferPointer { KeyHashing.gramLead($0, at: 2, .raw) }
                leads.insert(lead)
                seconds.insert(second)
                shifts.insert(lead: lead, second: second)
                heads.append((lead, second))
            }
            let identifier = text(4 + random.below(20))
            let start = random.below(identifier.count - 3)
            for reading in [ByteReading.raw, .lowercase] {
                identifier.withUnsafeBufferPointer { bytes in
                    let last = bytes.count - 4
                    let scanned =
                        (start...last).first { position in
                            let lead = KeyHashing.gramLead(bytes, at: position, reading)
                            let second = KeyHashing.gramLead(bytes, at: position + 2, reading)
                            return heads.contains { $0.0 == lead } && heads.contains { $0.1 == second }
                        } ?? last + 1
                    let walked = leads.withBits { bits in
                        seconds.withBits {
                            LiteralIndex.nextGramStart(
                                bytes, from: start, through: last, bits, $0, shifts.shifts, reading)
                        }
                    }
                    #expect(walked == scanned, "\(String(decoding: identifier, as: UTF8.self)) from \(start)")
                }
            }
        }
    }
}
