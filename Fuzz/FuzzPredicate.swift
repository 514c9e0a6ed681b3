import Foundation
import PredicateSyntax

@testable import SceneRouting

// libFuzzer target: a predicate parsed, compiled, indexed and evaluated.
//
// Input: a format string; after a NUL byte, `%@` arguments separated by 0x01 (an argument
// holding 0x02 is an array of strings split there); after another NUL, identifiers
// separated by 0x01. Besides not crashing or hanging, each input must keep these promises:
// a diagnostic points inside the format string and renders; wherever the predicate matches
// an identifier (or its upper-case, lower-case, decomposed or composed form), the keys the
// index files it under occur in that identifier; an ASCII program decides as evaluation does
// on ASCII identifiers; a lone string comparison decides as CFString does, its shortcuts
// (keys, verbatim hits) included; and a one-session table decides as the reference router.

private func split(_ bytes: ArraySlice<UInt8>, _ separator: UInt8) -> [ArraySlice<UInt8>] {
    bytes.split(separator: separator, omittingEmptySubsequences: false)
}

private func text(_ bytes: ArraySlice<UInt8>) -> String? { String(validating: bytes, as: UTF8.self) }

private func fail(_ message: String) -> Never {
    fatalError("FuzzPredicate: \(message)")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPredicate(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let input = ArraySlice(UnsafeBufferPointer(start: data, count: size))
    let parts = input.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
    guard let format = text(parts[0]) else { return 0 }
    let arguments: [PredicateArgument] =
        parts.count > 1
        ? split(parts[1], 1).compactMap { piece in
            guard !piece.isEmpty else { return nil }
            let members = split(piece, 2).compactMap(text)
            return members.count > 1 ? .strings(members) : members.first.map(PredicateArgument.string)
        } : []
    var identifiers: [String?] = [nil]
    if parts.count > 2 {
        for piece in split(parts[2], 1) {
            guard let identifier = text(piece) else { continue }
            identifiers += [
                identifier, identifier.uppercased(), identifier.lowercased(),
                identifier.decomposedStringWithCanonicalMapping,
                identifier.precomposedStringWithCompatibilityMapping,
            ]
        }
    }

    let predicate: ActivationPredicate
    do {
        predicate = try ActivationPredicate(format: format, arguments: arguments)
    } catch {
        let offset = error.excerpt?.offset ?? -1
        if offset < 0 || offset > format.utf8.count { fail("diagnostic offset \(offset) outside the format") }
        var located = error
        located.file = "fuzz"
        if !located.rendered().contains("^") { fail("diagnostic without a caret") }
        return 0
    }

    let indexing = ClauseIndexing.indexing(of: predicate.root)
    let program = ASCIIProgram.encode(predicate.root)
    for identifier in identifiers {
        let matches = predicate.evaluate(identifier)
        guard let identifier else { continue }
        if matches, case .clauses(let clauses) = indexing {
            // The table may file a clause under any of its alternatives: some clause must have
            // every alternative's key in the identifier.
            let found = clauses.contains { alternatives in
                alternatives.allSatisfy { keys in
                    keys.contains { key in
                        KeyFold.shared.fold(identifier, key.family).withUnsafeBufferPointer {
                            NeedleKeys.occurs(key, in: $0)
                        }
                    }
                }
            }
            if !found { fail("\(format.debugDescription) matches \(identifier.debugDescription) but no key occurs") }
        }
        if matches, case .never = indexing {
            fail("\(format.debugDescription) filed as never but matches \(identifier.debugDescription)")
        }
        // Not for text holding U+0000: Foundation on Linux reads past the end of the text it
        // searches and lets a needle's trailing NULs match there ("x" contains "x\0"), which
        // the byte-wise paths do not copy.
        if case .literal(let test) = predicate.root, !identifier.utf8.contains(0), !test.literal.utf8.contains(0),
            matches != test.foundation(identifier)
        {
            fail("\(format.debugDescription) says \(matches) for \(identifier.debugDescription), CFString the opposite")
        }
        // A pattern decides ASCII identifiers by its glob or skeleton where it has one: the
        // regex, asked all the same, must agree wherever it answers within its budget.
        if case .pattern(let test) = predicate.root, identifier.utf8.allSatisfy({ $0 < 0x80 }) {
            var copy = identifier
            if let regex = copy.withUTF8({ test.regexAnswer(ascii: $0) }), regex != matches {
                fail(
                    "\(format.debugDescription) says \(matches) for \(identifier.debugDescription), its regex the opposite"
                )
            }
        }
        if let program, identifier.utf8.allSatisfy({ $0 < 0x80 }) {
            let holds = program.withUnsafeBufferPointer { code in
                var copy = identifier
                return copy.withUTF8 { ASCIIProgram.holds(code.baseAddress!, $0) }
            }
            if holds != matches {
                fail("ASCII program of \(format.debugDescription) says \(holds) for \(identifier.debugDescription)")
            }
        }
    }

    let conditions = ActivationConditions(canActivate: predicate, prefersToActivate: predicate)
    let app = try! SceneApp(
        declarations: [SceneDeclaration(name: "Main", matching: predicate)],
        sessions: [SceneSession(id: "S", declaration: "Main", conditions: conditions)])
    let router = SceneRouter(app: app)
    for identifier in identifiers {
        let expected = ReferenceRouter.route(identifier: identifier, in: app)
        let actual = router.route(identifier: identifier)
        if expected.action != actual.action || expected.reason != actual.reason {
            fail("table and reference disagree on \(String(describing: identifier)) for \(format.debugDescription)")
        }
    }
    return 0
}
