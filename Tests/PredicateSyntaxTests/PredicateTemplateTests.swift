import Testing

@testable import PredicateSyntax

/// A template instantiated with new arguments is exactly what parsing the format with them
/// gives: the same tree, the same ranges, the same `mixedAndOr`.
@Suite struct PredicateTemplateTests {
    @Test(arguments: [
        ("SELF == %@", [PredicateArgument.string("w1")], [PredicateArgument.string("w2-é")]),
        ("SELF IN %@", [.strings(["a", "b"])], [.strings(["c", "d"])]),
        ("SELF IN %@ OR SELF BEGINSWITH[cd] %@", [.strings([]), .string("x")], [.strings([]), .string("'y'")]),
        ("SELF IN {%@, 'lit', %@}", [.string("a"), .string("b")], [.string("c"), .string("%@")]),
        ("SELF BETWEEN %@", [.strings(["a", "m"])], [.strings(["n", "z"])]),
        (
            "(SELF BEGINSWITH %@ OR SELF == %@) AND NOT SELF ENDSWITH '.tmp'", [.string("n/1/"), .string("n-1")],
            [.string("n/2/"), .string("n-2")]
        ),
        (
            "SELF == 'a' OR SELF LIKE %@ AND SELF MATCHES %@", [.string("a*"), .string("[0-9]+")],
            [.string("b?"), .string("x|y")]
        ),
        ("%@ BEGINSWITH SELF", [.string("prefix")], [.string("other")]),
        ("NOT NOT (SELF CONTAINS %@)", [.string("q")], [.string("")]),
    ])
    func instancesEqualParsing(format: String, first: [PredicateArgument], second: [PredicateArgument]) throws {
        let template = try PredicateTemplate(format: format, arguments: first)
        for arguments in [first, second] {
            #expect(template.accepts(arguments))
            let instance = template.instance(with: arguments)
            let parsed = try Parser.parse(format, arguments: arguments)
            #expect(instance.node == parsed.node)
            #expect(instance.mixedAndOr == parsed.mixedAndOr)
            #expect(instance.referencesSelf == parsed.referencesSelf)
            #expect(instance.source == parsed.source)
        }
    }

    @Test func refusesArgumentsOfAnotherShape() throws {
        let template = try PredicateTemplate(format: "SELF BETWEEN %@", arguments: [.strings(["a", "m"])])
        #expect(!template.accepts([.strings(["a"])]))
        #expect(!template.accepts([.string("a")]))
        #expect(!template.accepts([]))
        #expect(!template.accepts([.strings(["a", "b"]), .string("c")]))
    }

    @Test func throwsWhatParsingThrows() {
        for (format, arguments) in [
            ("SELF BETWEEN %@", [PredicateArgument.strings(["a"])]), ("SELF == %@", []), ("SELF ==", [.string("x")]),
        ] {
            var templateError: Diagnostic?
            var parseError: Diagnostic?
            do { _ = try PredicateTemplate(format: format, arguments: arguments) } catch { templateError = error }
            do { _ = try Parser.parse(format, arguments: arguments) } catch { parseError = error }
            #expect(templateError != nil)
            #expect(templateError?.message == parseError?.message)
            #expect(templateError?.excerpt == parseError?.excerpt)
        }
    }
}
