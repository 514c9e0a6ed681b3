import Foundation
import SceneRouterWorkloads
import Testing

@testable import SceneRouting

/// The key-fold table is Foundation's folding, written down: regenerating it from this
/// platform's Foundation gives the committed data, and the fold it describes keeps the
/// promise the index relies on for every scalar and every option (``KeyFamily``).
///
/// Checked per scalar on a sample of Unicode by default, on every scalar in the full tier
/// (``TestTier``), where the regenerated table is also compared with the committed one.
///
/// To regenerate after a toolchain update:
/// `SCENE_ROUTER_WRITE_KEY_FOLD=1 swift test --filter KeyFoldTests`.
@Suite struct KeyFoldTests {
    /// The scalars the per-scalar checks visit: every one in the full tier; by default the
    /// blocks where folding does most (Latin to the enclosed alphanumerics, Glagolitic to
    /// Georgian, Cyrillic and Latin extensions, presentation and fullwidth forms, Deseret and
    /// Osage, mathematical alphanumerics, enclosed supplements) and every 97th scalar.
    static let checkedScalars: [UInt32] = {
        if TestTier.isFull { return Array(UInt32(0)...0x10FFFF) }
        var values = Set(UInt32(0)...0x24FF)
        for block in [
            0x2C00...0x2DFF, 0xA640...0xA7FF, 0xAB30...0xAB6F, 0xFB00...0xFFEF, 0x10400...0x104FF,
            0x1D400...0x1D7FF, 0x1F100...0x1F1FF,
        ] as [ClosedRange<UInt32>] {
            values.formUnion(block)
        }
        values.formUnion(stride(from: UInt32(0), through: 0x10FFFF, by: 97))
        return values.sorted()
    }()

    /// What CFString is asked to fold for a family (width insensitivity comes with `[c]`
    /// and `[d]` in NSPredicate).
    static func foldOptions(_ family: KeyFamily) -> String.CompareOptions {
        switch family {
        case .caseSensitive: [.diacriticInsensitive, .widthInsensitive]
        case .caseInsensitive: [.caseInsensitive, .widthInsensitive]
        case .caseAndDiacriticInsensitive: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive]
        }
    }

    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    /// Every scalar Foundation may fold: assigned, not private use (checked below).
    static func foldable(_ value: UInt32) -> Unicode.Scalar? {
        guard let scalar = Unicode.Scalar(value) else { return nil }
        switch scalar.properties.generalCategory {
        case .unassigned, .privateUse, .surrogate: return nil
        default: return scalar
        }
    }

    /// The fold of one scalar, from Foundation, repeated until nothing changes:
    /// - families that ignore diacritics drop what CFString ignores between two letters
    ///   (marks, but also ZWNJ, emoji skin tones, tag characters), and drop marks before
    ///   folding, since CFString ignores U+0345 under `[cd]` although it case-folds it to `ι`;
    /// - `[c]` folds again after decomposing, so that `ͺ` (space and U+0345) keeps the `ι`
    ///   that `ᾳ` gets;
    /// - the case-insensitive families drop `ι` itself: CFString finds `ι` in `a` + U+0345
    ///   while calling that string equal to `a`, which no per-scalar fold can satisfy
    ///   unless `ι` folds to nothing (Greek keys lose a letter of selectivity, never an
    ///   answer).
    static func generatedFold(_ scalar: Unicode.Scalar, _ family: KeyFamily) -> [Unicode.Scalar] {
        let options = foldOptions(family)
        let ignoresDiacritics = options.contains(.diacriticInsensitive)
        func keep(_ scalar: Unicode.Scalar) -> Bool {
            if isMark(scalar) { return false }
            if family != .caseSensitive && scalar == "\u{3B9}" { return false }
            return !(ignoresDiacritics && "a\(scalar)b".compare("ab", options: options) == .orderedSame)
        }
        func kept(_ text: String) -> String { String(String.UnicodeScalarView(text.unicodeScalars.filter(keep))) }
        func fold(_ text: String) -> String { text.folding(options: options, locale: nil) }
        var text = String(scalar)
        for _ in 0..<8 {
            let next =
                family == .caseInsensitive
                ? kept(fold(fold(text).decomposedStringWithCompatibilityMapping))
                : kept(fold(kept(text)).decomposedStringWithCompatibilityMapping)
            // Scalar by scalar: String's == would call U+0374 and U+02B9 equal.
            if next.unicodeScalars.elementsEqual(text.unicodeScalars) { break }
            text = next
        }
        return Array(text.unicodeScalars)
    }

    /// Every scalar's generated fold per family (computed once; unassigned scalars keep
    /// themselves).
    static let generated: [[[Unicode.Scalar]]] = KeyFamily.allCases.map { family in
        (UInt32(0)...0x10FFFF).map { value in
            guard let scalar = foldable(value) else { return Unicode.Scalar(value).map { [$0] } ?? [] }
            return generatedFold(scalar, family)
        }
    }

    /// Whether CFString may match the scalar, as part of a comparison's literal (the
    /// needle), otherwise than its fold says, under any of the family's CFString options
    /// (none and `[d]`; `[c]`; `[cd]`). CFString lets pieces it splits off or drops while
    /// comparing stand for a neighbouring character of the identifier: without options `Ä`
    /// matches `AK` (with a Kelvin sign), under `[c]` `é` matches `eＡ`, under `[d]` `각`
    /// matches `ᄀöａ` and `ガ` matches `カé`, under `[cd]` `ß` matches `sö`, under `[c]`
    /// ZWNJ matches any letter. So a scalar is reliable only if it is not a mark or a default
    /// ignorable, has no canonical decomposition, is neither ignored between letters nor
    /// matched by an unrelated letter, and CFString folds it to exactly one such scalar.
    static func isUnreliableNeedle(_ scalar: Unicode.Scalar, _ family: KeyFamily) -> Bool {
        let optionSets: [String.CompareOptions] =
            family == .caseSensitive ? [[], foldOptions(family)] : [foldOptions(family)]
        func simple(_ scalar: Unicode.Scalar, _ options: String.CompareOptions) -> Bool {
            guard !isMark(scalar), !scalar.properties.isDefaultIgnorableCodePoint,
                String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual([scalar]),
                "a\(scalar)b".compare("ab", options: options) != .orderedSame
            else { return false }
            let needle = "a\(scalar)b"
            let folded = String(scalar).folding(options: options, locale: nil)
            // Letters unrelated to the scalar (unless they are what it folds to) must not match it.
            return ["x", "ａ", "é", "K", "ι"].allSatisfy { letter in
                letter.folding(options: options, locale: nil) == folded
                    || "a\(letter)b".range(of: needle, options: options) == nil
            }
        }
        return optionSets.contains { options in
            guard simple(scalar, options) else { return true }
            let folded = Array(String(scalar).folding(options: options, locale: nil).unicodeScalars)
            return !(folded.count == 1 && simple(folded[0], options))
        }
    }

    /// The table's text: runs of scalars whose folds are removed, shifted by one offset, or
    /// one fixed sequence, merged across families that agree.
    static func generatedData() -> String {
        let letters: [KeyFamily: Character] = [
            .caseSensitive: "s", .caseInsensitive: "c", .caseAndDiacriticInsensitive: "a",
        ]
        struct Run {
            var first: UInt32
            var last: UInt32
            var mapping: String
            var alternative: String?
        }
        func sequence(_ fold: [Unicode.Scalar]) -> String {
            fold.isEmpty ? "x" : fold.map { String($0.value, radix: 16, uppercase: true) }.joined(separator: ".")
        }
        func shift(_ value: UInt32, _ fold: [Unicode.Scalar]) -> String? {
            guard fold.count == 1 else { return nil }
            let target = fold[0].value
            return target >= value
                ? "+" + String(target - value, radix: 16, uppercase: true)
                : "-" + String(value - target, radix: 16, uppercase: true)
        }
        var runs: [KeyFamily: [Run]] = [:]
        for family in KeyFamily.allCases {
            var familyRuns: [Run] = []
            for value in UInt32(0)...0x10FFFF where !KeyFold.hangulSyllables.contains(value) {
                guard let scalar = foldable(value) else { continue }
                let fold = generated[family.rawValue][Int(value)]
                if fold == [scalar] { continue }
                // A run of scalars moved by one offset (case pairs), or mapped to one sequence
                // (accented letters to their base, marks removed); a run of one keeps both
                // readings until the next scalar decides.
                let (fixed, moved) = (sequence(fold), shift(value, fold))
                if var last = familyRuns.last, last.last + 1 == value {
                    if last.mapping == (moved ?? fixed) || last.mapping == fixed {
                        last.last = value
                        familyRuns[familyRuns.count - 1] = last
                        continue
                    }
                    if last.first == last.last, let alternative = last.alternative,
                        alternative == fixed || alternative == moved
                    {
                        familyRuns[familyRuns.count - 1] = Run(
                            first: last.first, last: value, mapping: alternative, alternative: nil)
                        continue
                    }
                }
                familyRuns.append(
                    Run(first: value, last: value, mapping: moved ?? fixed, alternative: moved == nil ? nil : fixed))
            }
            runs[family] = familyRuns
        }
        // Lines shared by several families are written once with all their letters.
        var lines: [(first: UInt32, text: String)] = []
        var seen: [String: Int] = [:]
        for family in KeyFamily.allCases {
            for run in runs[family]! {
                let range =
                    run.first == run.last
                    ? String(run.first, radix: 16, uppercase: true)
                    : String(run.first, radix: 16, uppercase: true) + "-" + String(run.last, radix: 16, uppercase: true)
                let key = range + " " + run.mapping
                if let index = seen[key] {
                    lines[index].text.insert(letters[family]!, at: lines[index].text.firstIndex(of: " ")!)
                } else {
                    seen[key] = lines.count
                    lines.append((run.first, "\(letters[family]!) \(key)"))
                }
            }
        }
        // Scalars CFString matches unreliably in literals: one `!` line per run.
        var expanding: [(first: UInt32, text: String)] = []
        for family in KeyFamily.allCases {
            var runs: [(first: UInt32, last: UInt32)] = []
            for value in UInt32(0x80)...0x10FFFF {
                guard let scalar = foldable(value), isUnreliableNeedle(scalar, family) else { continue }
                if let last = runs.last, last.last + 1 == value {
                    runs[runs.count - 1].last = value
                } else {
                    runs.append((value, value))
                }
            }
            for run in runs {
                let range =
                    run.first == run.last
                    ? String(run.first, radix: 16, uppercase: true)
                    : String(run.first, radix: 16, uppercase: true) + "-" + String(run.last, radix: 16, uppercase: true)
                if let index = expanding.firstIndex(where: { $0.text.hasSuffix(" " + range + " !") }) {
                    expanding[index].text.insert(letters[family]!, at: expanding[index].text.firstIndex(of: " ")!)
                } else {
                    expanding.append((run.first, "\(letters[family]!) \(range) !"))
                }
            }
        }
        return (lines.sorted { $0.first < $1.first } + expanding.sorted { $0.first < $1.first }).map(\.text)
            .joined(separator: "\n")
    }

    static func sourceFile(_ data: String) -> String {
        """
        // Generated by KeyFoldTests from this platform's Foundation; do not edit. To regenerate:
        // SCENE_ROUTER_WRITE_KEY_FOLD=1 swift test --filter KeyFoldTests

        extension KeyFold {
            /// The folds that differ from the scalar itself, one run per line (``init(data:)``).
            static let data = \"\"\"
        \(data.split(separator: "\n").map { "        " + $0 }.joined(separator: "\n"))
                \"\"\"
        }

        """
    }

    /// The runtime fold (table and Hangul arithmetic alike) gives each checked scalar the
    /// fold Foundation gives it.
    /// Literals that are all ASCII skip the table: that holds only while every ASCII scalar is
    /// a reliable needle character and folds as ``KeyFold/foldedKey(_:_:)`` says.
    @Test func asciiNeedlesNeedNoTable() {
        for family in KeyFamily.allCases {
            for byte in UInt8(0)..<0x80 {
                #expect(KeyFold.shared.isReliableNeedle(Unicode.Scalar(byte), family), "\(byte) in \(family)")
            }
            let every = String(decoding: (UInt8(0)..<0x80).map { $0 }, as: UTF8.self)
            for text in [every, "Note-17/X", "", "ÉcoLE", "Straße-K"] {
                #expect(KeyFold.foldedKey(text, family) == KeyFold.shared.fold(text, family), "\(text) in \(family)")
            }
        }
    }

    @Test func checkedScalarsFoldAsFoundationDoes() {
        var wrong: [String] = []
        for family in KeyFamily.allCases {
            for value in Self.checkedScalars {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let fold = Self.foldable(value).map { Self.generatedFold($0, family) } ?? [scalar]
                let expected = Array(String(String.UnicodeScalarView(fold)).utf8)
                if KeyFold.shared.fold(String(scalar), family) != expected, wrong.count < 10 {
                    wrong.append("U+\(String(value, radix: 16)) \(family)")
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong)")
    }

    /// Regenerating the table from this platform's Foundation gives the committed data
    /// (every scalar: full tier, or when asked to write the table).
    @Test(
        .tags(.slow),
        .enabled(
            if: TestTier.isFull || ProcessInfo.processInfo.environment["SCENE_ROUTER_WRITE_KEY_FOLD"] == "1",
            "regenerates the whole table: SCENE_ROUTER_FULL_TESTS=1"))
    func committedTableIsFoundationsFolding() throws {
        let generated = Self.generatedData()
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/SceneRouting/Folding/KeyFold+Data.swift")
        if ProcessInfo.processInfo.environment["SCENE_ROUTER_WRITE_KEY_FOLD"] == "1" {
            try Self.sourceFile(generated).write(to: url, atomically: true, encoding: .utf8)
        }
        #expect(KeyFold.data == generated, "the fold table is stale: regenerate it (see KeyFoldTests)")
    }

    /// The index's promise, checked scalar by scalar for each family and each option it
    /// serves: whatever Foundation folds or normalises a scalar to has the same key fold,
    /// and a scalar that Foundation ignores between two letters folds to nothing.
    @Test func foldIsConstantOnWhatEachOptionConsidersEqual() {
        let modes: [KeyFamily: [String.CompareOptions]] = [
            .caseSensitive: [[], [.diacriticInsensitive, .widthInsensitive]],
            .caseInsensitive: [[.caseInsensitive, .widthInsensitive]],
            .caseAndDiacriticInsensitive: [[.caseInsensitive, .diacriticInsensitive, .widthInsensitive]],
        ]
        var problems: [String] = []
        func check(_ condition: Bool, _ message: @autoclosure () -> String) {
            if !condition && problems.count < 20 { problems.append(message()) }
        }
        for value in Self.checkedScalars {
            guard let scalar = Self.foldable(value) else { continue }
            let text = String(scalar)
            for family in KeyFamily.allCases {
                let fold = KeyFold.shared.fold(text, family)
                let hex = "U+\(String(value, radix: 16, uppercase: true)) \(family)"
                for form in [
                    text.precomposedStringWithCanonicalMapping, text.decomposedStringWithCanonicalMapping,
                    text.precomposedStringWithCompatibilityMapping,
                ] {
                    check(KeyFold.shared.fold(form, family) == fold, "\(hex): a normal form folds differently")
                }
                for options in modes[family]! where !options.isEmpty {
                    let folded = text.folding(options: options, locale: nil)
                    check(KeyFold.shared.fold(folded, family) == fold, "\(hex): Foundation's fold folds differently")
                }
                if !fold.isEmpty {
                    for options in modes[family]! {
                        check(
                            "a\(text)b".compare("ab", options: options) != .orderedSame,
                            "\(hex): ignored between letters by \(options) but not removed")
                    }
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    /// Scalars outside the table (unassigned, private use) are left alone by Foundation too,
    /// and ASCII folds as the index reads it: as is, or lowercased.
    @Test func scalarsOutsideTheTableAreLeftAloneAndASCIIIsLowercasedOnly() {
        var folded: [String] = []
        for value in Self.checkedScalars
        where value >= 0x80 && Unicode.Scalar(value) != nil && Self.foldable(value) == nil {
            let text = String(Unicode.Scalar(value)!)
            for family in KeyFamily.allCases where text.folding(options: Self.foldOptions(family), locale: nil) != text
            {
                folded.append("U+\(String(value, radix: 16))")
            }
            if text.decomposedStringWithCompatibilityMapping != text { folded.append("U+\(String(value, radix: 16))") }
        }
        #expect(folded.isEmpty)
        for value in UInt8(0)..<0x80 {
            let scalar = Unicode.Scalar(value)
            #expect(Self.generatedFold(scalar, .caseSensitive) == [scalar])
            let lower = Unicode.Scalar(ASCIIText.lowercase(value))
            #expect(Self.generatedFold(scalar, .caseInsensitive) == [lower])
            #expect(Self.generatedFold(scalar, .caseAndDiacriticInsensitive) == [lower])
        }
    }

    /// A text folds as its scalars do one by one, whether its ASCII runs are long enough to
    /// be folded eight bytes at a time or not, wherever the runs start.
    @Test func textFoldsAsItsScalarsDo() {
        var random = DeterministicRandom(seed: 8)
        let pieces = RandomText.nonASCII + ["ABCDEFGHIJ", "klmnopqrstuvw", "XyZ-0123/", "Q", "@[`{"]
        for _ in 0..<2_000 {
            let text = (0..<(1 + random.below(8))).map { _ in pieces[random.below(pieces.count)] }.joined()
            for family in KeyFamily.allCases {
                let alone = text.unicodeScalars.flatMap { KeyFold.shared.fold(String($0), family) }
                #expect(KeyFold.shared.fold(text, family) == alone, "\(text.debugDescription) \(family)")
            }
        }
    }

    /// A subject derives its caseless folds from its case-sensitive one when no scalar
    /// folds otherwise: whichever family it is asked for first, every fold must be the one
    /// the table gives, and folds it calls alike must be the same bytes.
    @Test func derivedFoldsAreTheTablesFolds() {
        var random = DeterministicRandom(seed: 9)
        let pieces =
            RandomText.nonASCII + [
                "ABC-def/GHIJK", "abc-def/ghijk", "Ж", "ж", "Ø", "ø", "Ω", "ω", "İ", "ﬆ", "Ǆ", "ǆ", "文档", "ДОКУМЕНТ",
                "Å", "Ａ", "ａ", "Z", "z",
            ]
        let orders: [[KeyFamily]] = [
            [.caseSensitive, .caseInsensitive, .caseAndDiacriticInsensitive],
            [.caseAndDiacriticInsensitive, .caseSensitive, .caseInsensitive],
        ]
        var derived = 0
        var usedDerivation = 0
        for _ in 0..<3_000 {
            let text = (0..<(1 + random.below(6))).map { _ in pieces[random.below(pieces.count)] }.joined()
            guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { continue }
            let expected = KeyFamily.allCases.map { KeyFold.shared.fold(text, $0) }
            if expected[1] == expected[0].map({ $0 < 0x80 ? ASCIIText.lowercase($0) : $0 }) { derived += 1 }
            for order in orders {
                Subject.with(text) { subject in
                    for family in order {
                        #expect(
                            Array(subject.keyFold(family)) == expected[family.rawValue],
                            "\(text.debugDescription) \(family) \(order)")
                    }
                    for a in KeyFamily.allCases {
                        for b in KeyFamily.allCases {
                            #expect(
                                subject.keyFoldsAlike(a, b) == (expected[a.rawValue] == expected[b.rawValue]),
                                "\(text.debugDescription) \(a) \(b) \(order)")
                        }
                    }
                }
            }
            var utf8 = text
            let notes = utf8.withUTF8 { bytes in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: KeyFold.shared.outputCapacity(for: bytes.count))
                {
                    KeyFold.shared.foldCaseSensitive(bytes, into: $0.baseAddress!).notes
                }
            }
            #expect(
                notes.hasUppercase == expected[0].contains { (0x41...0x5A).contains($0) }, "\(text.debugDescription)")
            if notes.derivesCaselessFolds { usedDerivation += 1 }
        }
        #expect(derived > 1_000)
        #expect(usedDerivation > 1_000)
    }

    @Test func foldsOfTheUsualSuspects() {
        func fold(_ text: String, _ family: KeyFamily) -> String {
            String(decoding: KeyFold.shared.fold(text, family), as: UTF8.self)
        }
        #expect(fold("Café-Ａ①", .caseSensitive) == "Cafe-A1")
        #expect(fold("STRASSE straße", .caseInsensitive) == "strasse strasse")
        #expect(fold("\u{212A}elvin ſ İ", .caseAndDiacriticInsensitive) == "kelvin s i")
        #expect(fold("ᾳ", .caseSensitive) == "α")
        #expect(fold("ᾳ ι Ι \u{345}", .caseInsensitive) == "α   ")
        #expect(fold("ᾳ", .caseAndDiacriticInsensitive) == "α")
        #expect(fold("x\u{200C}y👍🏻", .caseSensitive) == "xy👍")
        #expect(fold("ﬁle e\u{301}", .caseAndDiacriticInsensitive) == "file e")
        #expect(fold("ｶﾞ", .caseSensitive) == fold("ガ", .caseSensitive))
        #expect(fold("📧 日本", .caseInsensitive) == "📧 日本")
        #expect(KeyFold.shared.maximumExpansion >= 2)
    }

    /// CFString's comparisons as the index must predict them: for random literals and
    /// identifiers over the hard cases, whenever `SELF op[options] literal` holds, the key the
    /// index files the predicate under occurs in the identifier's fold. Literals holding
    /// characters CFString matches unreliably are keyed by their reliable runs.
    @Test func literalKeysOccurWhereverFoundationMatches() {
        let pieces =
            RandomText.nonASCII + [
                "ž", "z", "Ａ", "ｶ", "ﾞ", "ä", "Ä", "A", "ǆ", "Ǆ", "ŉ", "ﬆ", "st", "Å", "\u{212B}", "Ω", "\u{2126}", "ǰ",
                "j",
            ]
        var random = DeterministicRandom(seed: 20_261_123)
        var misses: [String] = []
        for _ in 0..<TestTier.size(quick: 5_000, full: 20_000) {
            let literal = (0..<(1 + random.below(3))).map { _ in pieces[random.below(pieces.count)] }.joined()
            let identifier = (0..<(1 + random.below(4))).map { _ in pieces[random.below(pieces.count)] }.joined()
            for options in ["", "[c]", "[d]", "[cd]", "[n]"] {
                for op in ["==", "BEGINSWITH", "ENDSWITH", "CONTAINS"] {
                    guard
                        let predicate = try? ActivationPredicate(
                            format: "SELF \(op)\(options) %@", arguments: [.string(literal)]),
                        predicate.evaluate(identifier),
                        case .clauses(let clauses) = ClauseIndexing.indexing(of: predicate.root)
                    else { continue }
                    // The table may file a clause under any of its alternatives, so some clause must
                    // have every alternative's key in the identifier.
                    let found = clauses.contains { alternatives in
                        alternatives.allSatisfy { keys in keys.contains { Self.occurs($0, in: identifier) } }
                    }
                    if !found && misses.count < 10 {
                        misses.append("SELF \(op)\(options) '\(literal)' on '\(identifier)'")
                    }
                }
            }
        }
        #expect(misses.isEmpty, "\(misses)")
    }

    /// A literal's keys packed in one byte string (how a comparison keeps them) must occur
    /// exactly when each key does on its own.
    @Test func packedKeysOccurAsTheKeysDo() {
        let pieces = ["café", "ka", "fe", "é", "/", "Ж", "ж", "文档", "x", "📄", "-1"]
        var random = DeterministicRandom(seed: 77)
        var outcomes = Set<Bool>()
        for _ in 0..<2_000 {
            let keys = (0..<(1 + random.below(3))).map { _ in
                IndexKey(
                    kind: [IndexKey.Kind.exact, .prefix, .suffix, .inner][random.below(4)],
                    family: KeyFamily.allCases[random.below(KeyFamily.allCases.count)],
                    bytes: Array(
                        (0..<(1 + random.below(2))).map { _ in pieces[random.below(pieces.count)] }.joined().utf8))
            }
            let identifier = (0..<(1 + random.below(5))).map { _ in pieces[random.below(pieces.count)] }.joined()
            let folds = KeyFamily.allCases.map { KeyFold.shared.fold(identifier, $0) }
            let expected = keys.allSatisfy { key in
                folds[key.family.rawValue].withUnsafeBufferPointer { NeedleKeys.occurs(key, in: $0) }
            }
            let packed = NeedleKeys.packed(keys)
            let found = packed.withUnsafeBufferPointer { packed in
                folds[0].withUnsafeBufferPointer { cs in
                    folds[1].withUnsafeBufferPointer { ci in
                        folds[2].withUnsafeBufferPointer { cdi in
                            NeedleKeys.allOccur(packed: packed) { [cs, ci, cdi][$0.rawValue] }
                        }
                    }
                }
            }
            #expect(found == expected, "\(keys) in \(identifier.debugDescription)")
            outcomes.insert(found)
        }
        #expect(outcomes == [true, false])
    }

    private static func occurs(_ key: IndexKey, in identifier: String) -> Bool {
        KeyFold.shared.fold(identifier, key.family).withUnsafeBufferPointer { NeedleKeys.occurs(key, in: $0) }
    }
}
