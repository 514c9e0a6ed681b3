import Testing

@testable import SceneRouting

/// A gram tag may only ever drop a group whose literal is absent; dropping one whose literal is
/// present would lose a match the reference router makes.
@Suite struct GramTagTests {
    /// The tag the index files for `literal` under `family`: of the literal in the family's
    /// folded form, as keys are.
    private func tag(_ literal: String, gramOffset: Int, _ family: ByteReading) -> GramTag {
        let folded = literal.utf8.map { KeyHashing.read($0, family) }
        return folded.withUnsafeBufferPointer { GramTag(literal: $0, gramOffset: gramOffset) }
    }

    private func admits(_ tag: GramTag, _ identifier: String, gramStart: Int, _ family: ByteReading) -> Bool {
        Array(identifier.utf8).withUnsafeBufferPointer { tag.admits($0, gramStart: gramStart, reading: family) }
    }

    @Test func admitsEveryOccurrenceOfItsLiteral() {
        let literal = "group-1234;"
        for offset in 0...(literal.utf8.count - 8) {
            let tag = tag(literal, gramOffset: offset, .raw)
            for (identifier, literalStart) in [("group-1234;", 0), ("SMS:group-1234;x", 4), ("xxgroup-1234;", 2)] {
                #expect(
                    admits(tag, identifier, gramStart: literalStart + offset, .raw),
                    "\(identifier) gram offset \(offset)")
            }
        }
    }

    @Test func dropsAnIdentifierThatOnlySharesTheGram() {
        // "oup-1234" is a gram of both literals, but only one of them is in the identifier.
        let tag = tag("group-1234;", gramOffset: 2, .raw)
        let identifier = "SMS:group-12345;"
        let gramStart = Array(identifier.utf8).firstIndex(of: UInt8(ascii: "o"))!
        #expect(!admits(tag, identifier, gramStart: gramStart, .raw))
    }

    @Test func dropsWhenTheLiteralWouldRunOffEitherEnd() {
        let tag = tag("topic-12.html", gramOffset: 3, .raw)
        #expect(!admits(tag, "ic-12.html", gramStart: 0, .raw))
        #expect(!admits(tag, "xtopic-12.htm", gramStart: 4, .raw))
    }

    @Test func readsTheIdentifierInItsFamilysFoldedForm() {
        let folded = tag("inbox/thread-", gramOffset: 4, .lowercase)
        #expect(admits(folded, "Mail:INBOX/Thread-9", gramStart: 5 + 4, .lowercase))
        let raw = tag("inbox/thread-", gramOffset: 4, .raw)
        #expect(!admits(raw, "Mail:INBOX/Thread-9", gramStart: 5 + 4, .raw))
        // A literal written in capitals is folded for a caseless family, as the index files it.
        let capitals = tag("Inbox/Thread-", gramOffset: 4, .lowercase)
        #expect(admits(capitals, "mail:inbox/THREAD-9", gramStart: 5 + 4, .lowercase))
        #expect(capitals == folded)
    }

    @Test func untaggedEntriesAreAlwaysCandidates() {
        let tooLong = String(repeating: "a", count: 300)
        let tag = tag(tooLong, gramOffset: 0, .raw)
        #expect(tag.rawValue == 0)
        #expect(admits(tag, "b", gramStart: 0, .raw))
    }
}
