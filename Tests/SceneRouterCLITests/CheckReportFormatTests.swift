import Foundation
import Testing

/// `check --format github` and `--format sarif`: what CI systems read, escaped and valid.
@Suite struct CheckReportFormatTests {
    /// A manifest with warnings, named so that a naive annotation would end early and a
    /// second, forged one would start.
    static let forgedName = "a,b:c%d\nx::error file=forged.swift::gotcha.json"

    private func runInFolder(_ arguments: (String) -> [String], manifest: String = CheckCommandTests.lintManifest)
        throws -> CLIResult
    {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("check-format-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(manifest.utf8).write(to: folder.appendingPathComponent(Self.forgedName))
        return try CLIRunner.run(["check"] + arguments(Self.forgedName), in: folder)
    }

    @Test func githubAnnotationsCannotBeForged() throws {
        let result = try runInFolder { ["--manifest", $0, "--format", "github", "--strict"] }
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let annotations = lines.filter { $0.hasPrefix("::") }
        let text = try CLIRunner.run(["check", "--manifest", "-"], stdin: Data(CheckCommandTests.lintManifest.utf8))
        let warnings = text.stdout.split(separator: "\n").filter { $0.contains(": warning: ") }.count
        #expect(annotations.count == warnings && warnings >= 5, "\(result.stdout)")
        for annotation in annotations {
            #expect(
                annotation.hasPrefix(
                    "::warning file=a%2Cb%3Ac%25d\\u{A}x%3A%3Aerror file=forged.swift%3A%3Agotcha.json,"),
                "\(annotation)")
            #expect(!annotation.contains("::error"))
            // One command per line: the message cannot carry a line break.
            let message = annotation.components(separatedBy: "::").dropFirst(2).joined(separator: "::")
            #expect(!message.contains("\n") && !message.contains("\r"))
        }
        #expect(
            annotations.contains {
                $0.contains("title=scene-router unreachable-session::") || $0.contains("title=scene-router ")
            })
        // The summary is a plain line, escaped too.
        #expect(lines.last?.hasPrefix("a,b:c%d\\u{A}x::error") == true, "\(lines)")
    }

    @Test func githubErrorsAreAnnotationsWithTheirPlace() throws {
        let result = try runInFolder(
            { ["--manifest", $0, "--format", "github"] },
            manifest: #"{"declarations": [{"name": "A", "matching": "SELF BEGINWITH 'x'"}]}"#)
        #expect(result.status == 2)
        #expect(result.stderr.isEmpty)
        let line = try #require(result.stdout.split(separator: "\n").first.map(String.init))
        #expect(line.hasPrefix("::error file=a%2Cb"))
        #expect(
            line.contains(
                ",title=scene-router unknown-operator::declarations[0].matching: unknown operator 'BEGINWITH' (did you mean BEGINSWITH?)%0ASELF BEGINWITH 'x'"
            ))
    }

    @Test func sarifIsAValidLog() throws {
        let result = try runInFolder { ["--manifest", $0, "--format", "sarif", "--strict"] }
        #expect(result.status == 1)
        let log = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        let problems = SARIFSchema.validate(log)
        #expect(problems.isEmpty, "\(problems)")
        let run = try #require(((log as? [String: Any])?["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count >= 5)
        let rules = try #require(
            ((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        for result in results {
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
            let location = try #require((result["locations"] as? [[String: Any]])?.first)
            let uri =
                ((location["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"]
                as? String
            #expect(uri == "a%2Cb%3Ac%25d%0Ax%3A%3Aerror%20file%3Dforged.swift%3A%3Agotcha.json")
        }

        // Errors are results too, with their line and column.
        let bad = try runInFolder(
            { ["--manifest", $0, "--format", "sarif"] }, manifest: "{\n  \"declarations\": [,]\n}")
        #expect(bad.status == 2)
        let badLog = try JSONSerialization.jsonObject(with: Data(bad.stdout.utf8))
        #expect(SARIFSchema.validate(badLog).isEmpty)
        #expect(bad.stdout.contains("\"level\" : \"error\"") && bad.stdout.contains("\"startLine\" : 2"))

        // An imported app's warnings point into its sources.
        let app = try CLIRunner.run([
            "check", "--app", "Fixtures/apps/Ledger", "--target", "Ledger", "--format", "sarif",
        ])
        #expect(app.status == 0)
        #expect(SARIFSchema.validate(try JSONSerialization.jsonObject(with: Data(app.stdout.utf8))).isEmpty)
        #expect(app.stdout.contains("\"uri\" : \"Fixtures/apps/Ledger/Ledger/Scenes/LDGReportSceneDelegate.m\""))
    }

    /// The validator rejects what the schema forbids (so its silence means something).
    @Test func theSchemaCheckCanFail() {
        #expect(!SARIFSchema.validate(["version": "2.1.0"]).isEmpty)
        #expect(!SARIFSchema.validate(["version": "2.0.0", "runs": []]).isEmpty)
        let extra: [String: Any] = ["version": "2.1.0", "runs": [["tool": ["driver": ["name": "x"]], "extra": 1]]]
        #expect(!SARIFSchema.validate(extra).isEmpty)
        let badLevel: [String: Any] = [
            "version": "2.1.0",
            "runs": [["tool": ["driver": ["name": "x"]], "results": [["message": ["text": "m"], "level": "fatal"]]]],
        ]
        #expect(!SARIFSchema.validate(badLevel).isEmpty)
        let badLine: [String: Any] = [
            "version": "2.1.0",
            "runs": [
                [
                    "tool": ["driver": ["name": "x"]],
                    "results": [
                        [
                            "message": ["text": "m"],
                            "locations": [
                                ["physicalLocation": ["artifactLocation": ["uri": "a"], "region": ["startLine": 0]]]
                            ],
                        ]
                    ],
                ]
            ],
        ]
        #expect(!SARIFSchema.validate(badLine).isEmpty)
        #expect(SARIFSchema.validate(["version": "2.1.0", "runs": [["tool": ["driver": ["name": "x"]]]]]).isEmpty)
    }
}

/// The SARIF 2.1.0 JSON schema (OASIS, `sarif-schema-2.1.0.json`) for the objects
/// `check` writes, transcribed from the standard: each object's permitted properties
/// (`additionalProperties` is false throughout the schema), required ones, types, enums and
/// minimums. A property the standard does not define, a missing required one or a value
/// out of range is a problem.
enum SARIFSchema {
    indirect enum Rule: Sendable {
        case object(properties: [String: Rule], required: [String] = [], anyOfRequired: [[String]] = [])
        case array(Rule)
        case string(oneOf: [String]? = nil)
        case integer(minimum: Int)
        case ref(String)
    }

    static let definitions: [String: Rule] = [
        "log": .object(
            properties: ["$schema": .string(), "version": .string(oneOf: ["2.1.0"]), "runs": .array(.ref("run"))],
            required: ["version", "runs"]),
        "run": .object(
            properties: [
                "tool": .ref("tool"), "results": .array(.ref("result")),
                "columnKind": .string(oneOf: ["utf16CodeUnits", "unicodeCodePoints"]),
                "logicalLocations": .array(.ref("logicalLocation")),
            ],
            required: ["tool"]),
        "tool": .object(properties: ["driver": .ref("toolComponent")], required: ["driver"]),
        "toolComponent": .object(
            properties: [
                "name": .string(), "version": .string(), "semanticVersion": .string(), "informationUri": .string(),
                "rules": .array(.ref("reportingDescriptor")), "shortDescription": .ref("multiformatMessageString"),
                "fullDescription": .ref("multiformatMessageString"),
            ],
            required: ["name"]),
        "reportingDescriptor": .object(
            properties: [
                "id": .string(), "name": .string(), "shortDescription": .ref("multiformatMessageString"),
                "fullDescription": .ref("multiformatMessageString"), "helpUri": .string(),
            ],
            required: ["id"]),
        "multiformatMessageString": .object(
            properties: ["text": .string(), "markdown": .string()], required: ["text"]),
        "result": .object(
            properties: [
                "ruleId": .string(), "ruleIndex": .integer(minimum: -1),
                "level": .string(oneOf: ["none", "note", "warning", "error"]),
                "message": .ref("message"), "locations": .array(.ref("location")),
                "kind": .string(oneOf: ["notApplicable", "pass", "fail", "review", "open", "informational"]),
            ],
            required: ["message"]),
        "message": .object(
            properties: ["id": .string(), "text": .string(), "markdown": .string()], anyOfRequired: [["text"], ["id"]]),
        "location": .object(
            properties: [
                "id": .integer(minimum: -1), "message": .ref("message"), "physicalLocation": .ref("physicalLocation"),
                "logicalLocations": .array(.ref("logicalLocation")),
            ]),
        "physicalLocation": .object(
            properties: ["artifactLocation": .ref("artifactLocation"), "region": .ref("region")],
            anyOfRequired: [["address"], ["artifactLocation"]]),
        "artifactLocation": .object(properties: [
            "uri": .string(), "uriBaseId": .string(), "index": .integer(minimum: -1),
        ]),
        "region": .object(
            properties: [
                "startLine": .integer(minimum: 1), "startColumn": .integer(minimum: 1), "endLine": .integer(minimum: 1),
                "endColumn": .integer(minimum: 1), "message": .ref("message"),
            ],
            anyOfRequired: [["startLine"], ["charOffset"], ["byteOffset"]]),
        "logicalLocation": .object(
            properties: [
                "name": .string(), "fullyQualifiedName": .string(), "kind": .string(), "index": .integer(minimum: -1),
            ]),
    ]

    /// Every place where `value` breaks the schema, as `path: problem`.
    static func validate(_ value: Any) -> [String] {
        var problems: [String] = []
        check(value, against: .ref("log"), at: "$", into: &problems)
        return problems
    }

    private static func check(_ value: Any, against rule: Rule, at path: String, into problems: inout [String]) {
        switch rule {
        case .ref(let name):
            guard let definition = definitions[name] else { return problems.append("\(path): no definition \(name)") }
            check(value, against: definition, at: path, into: &problems)
        case .object(let properties, let required, let anyOfRequired):
            guard let object = value as? [String: Any] else { return problems.append("\(path): not an object") }
            for key in object.keys.sorted() {
                guard let property = properties[key] else {
                    problems.append("\(path).\(key): not a property the schema allows")
                    continue
                }
                check(object[key]!, against: property, at: "\(path).\(key)", into: &problems)
            }
            for key in required where object[key] == nil { problems.append("\(path): missing \(key)") }
            if !anyOfRequired.isEmpty && !anyOfRequired.contains(where: { $0.allSatisfy { object[$0] != nil } }) {
                problems.append("\(path): needs one of \(anyOfRequired)")
            }
        case .array(let element):
            guard let array = value as? [Any] else { return problems.append("\(path): not an array") }
            for (index, item) in array.enumerated() {
                check(item, against: element, at: "\(path)[\(index)]", into: &problems)
            }
        case .string(let values):
            guard let string = value as? String else { return problems.append("\(path): not a string") }
            if let values, !values.contains(string) { problems.append("\(path): '\(string)' is not one of \(values)") }
        case .integer(let minimum):
            guard let number = value as? NSNumber,
                String(cString: number.objCType) == "q" || String(cString: number.objCType) == "i"
            else { return problems.append("\(path): not an integer") }
            if number.intValue < minimum { problems.append("\(path): \(number) is below \(minimum)") }
        }
    }
}
