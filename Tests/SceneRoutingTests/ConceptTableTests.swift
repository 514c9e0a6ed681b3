import Foundation
import Testing

/// `HowTheTableWorks.md` ends with a table from each concept to the file that holds it; a
/// file moved or renamed without the table would send the reader nowhere.
@Suite struct ConceptTableTests {
    /// The table's rows, each as its cells.
    static func rows() throws -> [[String]] {
        let article = FixturePaths.packageRoot.appendingPathComponent(
            "Sources/SceneRouting/SceneRouting.docc/HowTheTableWorks.md")
        let text = try String(contentsOf: article, encoding: .utf8)
        let section = try #require(text.range(of: "### Where each part lives"))
        return text[section.upperBound...].split(separator: "\n")
            .filter { $0.hasPrefix("| ") && !$0.hasPrefix("| concept") }
            .map { $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) } }
    }

    /// The files and folders a row's last cell names: a bare name (`FailedGroups.swift`) is in
    /// the folder of the path before it, `+Build` is an extension file of the path before it.
    static func paths(in cell: String) -> [String] {
        var paths: [String] = []
        var folder = ""
        var previousFile = ""
        for (index, part) in cell.split(separator: "`", omittingEmptySubsequences: false).enumerated()
        where index % 2 == 1 {
            var path = String(part)
            if path.hasPrefix("+") {
                path = folder + previousFile.replacingOccurrences(of: ".swift", with: "") + path + ".swift"
            } else if !path.contains("/") {
                path = folder + path
            }
            if path.hasSuffix("/") {
                folder = path
            } else {
                folder = path.split(separator: "/").dropLast().joined(separator: "/") + "/"
                if !part.hasPrefix("+") { previousFile = String(path.split(separator: "/").last!) }
            }
            paths.append(path)
        }
        return paths
    }

    @Test func everyNamedFileExists() throws {
        let root = FixturePaths.packageRoot.appendingPathComponent("Sources/SceneRouting")
        let rows = try Self.rows()
        // Reading the table cannot pass by finding no rows.
        #expect(rows.count >= 30)
        var missing: [String] = []
        var named = 0
        for row in rows {
            let location = try #require(row.last)
            for path in Self.paths(in: location) {
                named += 1
                if !FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path) {
                    missing.append("\(row[0]): \(path)")
                }
            }
        }
        #expect(named >= rows.count)
        #expect(missing.isEmpty, "\(missing.prefix(5).joined(separator: "\n"))")
    }

    @Test func pathsResolveAgainstTheOneBefore() {
        #expect(
            Self.paths(in: "`Dispatch/Table/DispatchTable.swift`, `+Build`, `+Route`") == [
                "Dispatch/Table/DispatchTable.swift", "Dispatch/Table/DispatchTable+Build.swift",
                "Dispatch/Table/DispatchTable+Route.swift",
            ])
        #expect(
            Self.paths(in: "`Dispatch/Tier/TierContest.swift`, `FailedGroups.swift`") == [
                "Dispatch/Tier/TierContest.swift", "Dispatch/Tier/FailedGroups.swift",
            ])
        #expect(Self.paths(in: "`Folding/`") == ["Folding/"])
    }
}
