import Foundation
import SceneRouting
import Testing

@testable import SceneRouterImport

/// `UIApplicationSceneManifest` from XML and binary property lists, and what is wrong with
/// one.
@Suite struct InfoPlistReaderTests {
    static func plist(_ manifest: [String: Any], format: PropertyListSerialization.PropertyListFormat) throws -> Data {
        try PropertyListSerialization.data(
            fromPropertyList: ["CFBundleIdentifier": "com.example", "UIApplicationSceneManifest": manifest],
            format: format, options: 0)
    }

    static var manifest: [String: Any] {
        [
            "UIApplicationSupportsMultipleScenes": true,
            "UISceneConfigurations": [
                "UIWindowSceneSessionRoleApplication": [
                    [
                        "UISceneConfigurationName": "Main", "UISceneDelegateClassName": "App.MainSceneDelegate",
                        "UISceneStoryboardFile": "Main",
                    ],
                    ["UISceneConfigurationName": "Compose", "UISceneDelegateClassName": "App.ComposeSceneDelegate"],
                ],
                "UIWindowSceneSessionRoleExternalDisplayNonInteractive": [["UISceneConfigurationName": "TV"]],
                "UIWindowSceneSessionRoleVolumetricApplication": [["UISceneConfigurationName": "Globe"]],
                "CPTemplateApplicationSceneSessionRoleApplication": [["UISceneConfigurationName": "Car"]],
            ],
        ]
    }

    @Test(arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
    func readsEveryRole(_ format: PropertyListSerialization.PropertyListFormat) throws {
        let (info, problems) = try InfoPlistReader.read(
            try Self.plist(Self.manifest, format: format), file: "Info.plist")
        #expect(problems.isEmpty)
        #expect(info.supportsMultipleScenes == true)
        #expect(info.configurations.map(\.name) == ["Main", "Compose", "TV", "Globe", "Car"])
        #expect(
            info.configurations.map(\.role) == [
                .windowApplication, .windowApplication, .windowExternalDisplayNonInteractive,
                .windowApplicationVolumetric,
                .carTemplateApplication,
            ])
        #expect(info.configurations[0].delegateClass == "App.MainSceneDelegate")
        #expect(info.configurations[0].storyboard == "Main")
        // Lines are known in XML only; in a binary plist every declaration is placed at the file.
        let lines = info.configurations.map { $0.source?.line }
        if format == .xml {
            #expect(Set(lines.compactMap { $0 }).count == 5 && lines.allSatisfy { ($0 ?? 0) > 1 })
        } else {
            #expect(lines == [1, 1, 1, 1, 1])
        }
        #expect(info.configurations.allSatisfy { $0.source?.file == "Info.plist" })
    }

    @Test func sourceLinesInXML() throws {
        let data = try Self.plist(Self.manifest, format: .xml)
        let (info, _) = try InfoPlistReader.read(data, file: "Info.plist")
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for configuration in info.configurations {
            let source = try #require(configuration.source)
            #expect(lines[source.line - 1].contains("<string>\(configuration.name)</string>"))
        }
    }

    /// A name used under two roles: each declaration is placed at its own entry.
    @Test func aNameUsedUnderTwoRolesHasTwoLines() throws {
        let manifest: [String: Any] = [
            "UIApplicationSupportsMultipleScenes": true,
            "UISceneConfigurations": [
                "UIWindowSceneSessionRoleApplication": [["UISceneConfigurationName": "Default Configuration"]],
                "UIWindowSceneSessionRoleExternalDisplayNonInteractive": [
                    ["UISceneConfigurationName": "Default Configuration"]
                ],
            ],
        ]
        let data = try Self.plist(manifest, format: .xml)
        let (info, _) = try InfoPlistReader.read(data, file: "Info.plist")
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let places = info.configurations.compactMap { $0.source?.line }
        #expect(places.count == 2 && Set(places).count == 2)
        for (configuration, line) in zip(info.configurations, places) {
            // The entry's role key is the nearest role key above its name.
            let roleKey = lines[..<line].last { $0.contains("SessionRole") }
            #expect(
                roleKey?.contains(configuration.role == .windowApplication ? "RoleApplication" : "ExternalDisplay")
                    == true)
        }
    }

    /// A delegate class or storyboard of the wrong type is a warning at its key path.
    @Test func wrongTypedEntriesAreReported() throws {
        let data = try Self.plist(
            [
                "UIApplicationSupportsMultipleScenes": true,
                "UISceneConfigurations": [
                    "UIWindowSceneSessionRoleApplication": [
                        [
                            "UISceneConfigurationName": "Main", "UISceneDelegateClassName": 42,
                            "UISceneStoryboardFile": ["Main"],
                        ]
                    ]
                ],
            ], format: .xml)
        let (info, problems) = try InfoPlistReader.read(data, file: "Info.plist")
        #expect(info.configurations.map(\.name) == ["Main"])
        #expect(info.configurations[0].delegateClass == nil)
        let path = "UIApplicationSceneManifest.UISceneConfigurations.UIWindowSceneSessionRoleApplication[0]"
        #expect(
            problems.map { "\($0.path ?? ""): \($0.message)" } == [
                "\(path).UISceneDelegateClassName: expected a string, found a number: ignored",
                "\(path).UISceneStoryboardFile: expected a string, found an array: ignored",
            ])
    }

    /// A binary plist of `levels` arrays, each holding eight references to the next (the
    /// last holds `last`), with object `top` at the top: 2³ⁿ values from a few hundred bytes.
    static func sharedReferences(levels: Int, last: [UInt8] = [0x10, 0x01], top: UInt64 = 0) -> Data {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for level in 0..<levels {
            offsets.append(bytes.count)
            bytes += [0xA8] + Array(repeating: UInt8(level + 1), count: 8)
        }
        offsets.append(bytes.count)
        bytes += last
        let table = bytes.count
        for offset in offsets { bytes += [UInt8(offset >> 8), UInt8(offset & 0xFF)] }
        bytes += [0, 0, 0, 0, 0, 0, 2, 1]
        for value in [UInt64(offsets.count), top, UInt64(table)] {
            bytes += (0..<8).reversed().map { UInt8((value >> ($0 * 8)) & 0xFF) }
        }
        return Data(bytes)
    }

    /// Shared references that expand past a million values, and objects that contain
    /// themselves, are refused before Foundation expands them; real binary plists pass.
    @Test func binaryListsThatExpandWithoutBoundAreRefused() throws {
        let laughs = Self.sharedReferences(levels: 30)
        #expect(laughs.count < 400)
        #expect(throws: Diagnostic.self) { try InfoPlistReader.read(laughs, file: "Info.plist") }
        #expect(BinaryPropertyListCheck.refusal(Array(laughs)) == BinaryPropertyListCheck.tooLarge)
        // The last array refers to the first: a cycle.
        let cycle = Self.sharedReferences(levels: 3, last: [0xA1, 0x00])
        #expect(BinaryPropertyListCheck.refusal(Array(cycle))?.contains("contain themselves") == true)
        #expect(BinaryPropertyListCheck.refusal(Array(Self.sharedReferences(levels: 5))) == nil)
        let real = try Self.plist(Self.manifest, format: .binary)
        #expect(BinaryPropertyListCheck.refusal(Array(real)) == nil)
        // Truncated input is refused with what is wrong, not left to Foundation (which then
        // reports the XML it tried next).
        for cut in [8, 20, 39, real.count / 2, real.count - 1] {
            let refusal = BinaryPropertyListCheck.refusal(Array(real.prefix(cut)))
            #expect(refusal?.hasPrefix("a binary property list") == true, "cut at \(cut): \(refusal ?? "nil")")
        }
    }

    /// A corrupt object is named with its number and the byte it starts at.
    @Test func corruptBinaryListsSayWhatIsWrongAndWhere() throws {
        var bytes = Array(Self.sharedReferences(levels: 2))
        #expect(BinaryPropertyListCheck.refusal(bytes) == nil)
        bytes[9] = 7 // the first array's first reference: object 7 of 3
        #expect(
            BinaryPropertyListCheck.refusal(bytes)
                == "a binary property list whose object 0 at byte 8 (an array) refers to object 7 of 3: corrupt")
        bytes[9] = 1
        bytes[8] = 0x78 // no such marker
        #expect(
            BinaryPropertyListCheck.refusal(bytes)
                == "a binary property list with an unknown marker 0x78 at byte 8 (object 0): corrupt")
        bytes[8...10] = [0x5F, 0x10, 40] // a string of 40 bytes where the array's 9 bytes stand
        #expect(
            BinaryPropertyListCheck.refusal(bytes)?.contains(
                "object 0 at byte 8 (a string) runs to byte 51, past the objects' end at byte 28") == true)
        // A set, which Foundation on Linux crashes bridging (found by FuzzImport).
        var set = Array(Self.sharedReferences(levels: 2))
        set[8] = 0xC8
        #expect(
            BinaryPropertyListCheck.refusal(set)
                == "a binary property list with a set (object 0 at byte 8): sets are not property-list values, and no Info.plist or project holds one"
        )
        #expect(throws: Diagnostic.self) { try InfoPlistReader.read(Data(set), file: "Info.plist") }
        var version = Array(Self.sharedReferences(levels: 2))
        version[7] = UInt8(ascii: "1")
        #expect(BinaryPropertyListCheck.refusal(version)?.contains("(bplist01)") == true)
        #expect(throws: Diagnostic.self) { try InfoPlistReader.read(Data(bytes), file: "Info.plist") }
    }

    @Test func missingAndWrongParts() throws {
        let none = try PropertyListSerialization.data(
            fromPropertyList: ["CFBundleIdentifier": "x"], format: .xml, options: 0)
        let (info, problems) = try InfoPlistReader.read(none, file: "Info.plist")
        #expect(!info.hasSceneManifest && info.configurations.isEmpty && problems.isEmpty)

        let odd = try Self.plist(
            [
                "UIApplicationSupportsMultipleScenes": "yes",
                "UISceneConfigurations": [
                    "UIWindowSceneSessionRoleHologram": [["UISceneConfigurationName": "H"]],
                    "UIWindowSceneSessionRoleApplication": [["UISceneDelegateClassName": "X"], "Main"],
                ],
            ], format: .xml)
        let (oddInfo, oddProblems) = try InfoPlistReader.read(odd, file: "Info.plist")
        #expect(oddInfo.configurations.isEmpty)
        #expect(oddInfo.supportsMultipleScenes == false)
        #expect(
            oddProblems.map { $0.rendered() } == [
                "Info.plist: UIApplicationSceneManifest.UIApplicationSupportsMultipleScenes: warning: expected a boolean, found a string; read as false",
                "Info.plist: UIApplicationSceneManifest.UISceneConfigurations.UIWindowSceneSessionRoleHologram: warning: unknown scene session role 'UIWindowSceneSessionRoleHologram': its configurations are not imported",
                "Info.plist: UIApplicationSceneManifest.UISceneConfigurations.UIWindowSceneSessionRoleApplication[0]: warning: a scene configuration without UISceneConfigurationName is not imported",
                "Info.plist: UIApplicationSceneManifest.UISceneConfigurations.UIWindowSceneSessionRoleApplication[1]: warning: expected a dictionary",
            ])

        #expect(throws: Diagnostic.self) {
            try InfoPlistReader.read(Data("<plist><dict><key>a</key>".utf8), file: "Info.plist")
        }
        #expect(throws: Diagnostic.self) {
            try InfoPlistReader.read(try Self.plist(["x": 1], format: .xml).prefix(40), file: "Info.plist")
        }
    }
}
