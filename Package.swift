// swift-tools-version: 6.2
import PackageDescription

/// With `SCENE_ROUTER_WARNINGS_AS_ERRORS=1` (`.ci/run` sets it) a warning in one of the
/// package's own targets fails the build. Off otherwise, so that a newer compiler's new
/// warnings never stop someone building a release; dependencies' warnings are never errors.
/// C and C++ targets then also turn on -Wall and -Wextra.
let warningsAsErrors = Context.environment["SCENE_ROUTER_WARNINGS_AS_ERRORS"] == "1"
let strictCFlags = warningsAsErrors ? ["-Wall", "-Wextra", "-Werror"] : []
let strictCSettings: [CSetting] = strictCFlags.isEmpty ? [] : [.unsafeFlags(strictCFlags)]
let strictCXXSettings: [CXXSetting] = strictCFlags.isEmpty ? [] : [.unsafeFlags(strictCFlags)]

/// With `SCENE_ROUTER_FUZZ_INSTRUMENT=1` (`Fuzz/run.sh` sets it) the package's own targets
/// are instrumented for libFuzzer and its dependencies are not: swift-syntax's parser runs on
/// every input of the import's fuzz target, and its coverage would cost libFuzzer more time
/// than the import's own code does.
let fuzzInstrumented = Context.environment["SCENE_ROUTER_FUZZ_INSTRUMENT"] == "1"
let fuzzSwiftFlags = ["-sanitize=fuzzer", "-sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp"]
let fuzzCSettings: [CSetting] = fuzzInstrumented ? [.unsafeFlags(["-fsanitize=fuzzer-no-link"])] : []

/// Upcoming-language features every target opts into: explicit `any`, imports that
/// only expose what a file actually imports, and `internal` imports unless marked.
let strictSettings: [SwiftSetting] =
    [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("MemberImportVisibility"),
        .enableUpcomingFeature("InternalImportsByDefault"),
    ] + (warningsAsErrors ? [.treatAllWarnings(as: .error)] : [])
    + (fuzzInstrumented ? [.unsafeFlags(fuzzSwiftFlags)] : [])

let package = Package(
    name: "SceneRouter",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "SceneRouting", targets: ["SceneRouting"]),
        .executable(name: "scene-router", targets: ["scene-router"]),
        // Generated apps and manifests for the benchmarks (`scene-router bench` and the
        // Benchmarks package); not part of the routing API.
        .library(name: "SceneRouterWorkloads", targets: ["SceneRouterWorkloads"]),
    ],
    traits: [
        .trait(
            name: "Hyperscan",
            description: "Decide crowded buckets of regexes with Hyperscan pattern sets (needs libhyperscan-dev); "
                + "without it they are verified one by one."),
        .trait(
            name: "RE2",
            description: "Offer RE2::Set as a peer engine in `scene-router bench --engines re2set` (needs libre2-dev); "
                + "routing never uses it."),
        .default(enabledTraits: ["Hyperscan", "RE2"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // `swift package generate-documentation --target SceneRouting` (a plugin: nothing of it
        // is linked into the library or the tool).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // Reading an app's Swift sources (`scene-router import`); only the command line links it.
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CPCRE2",
            pkgConfig: "libpcre2-8",
            providers: [.apt(["libpcre2-dev"]), .brew(["pcre2"])]
        ),
        // Crowded buckets of regexes are matched in one pass (see PatternSet in SceneRouting).
        .systemLibrary(
            name: "CHyperscan",
            pkgConfig: "libhs",
            providers: [.apt(["libhyperscan-dev"]), .brew(["vectorscan"])]
        ),
        .target(name: "CMemoryHints", cSettings: strictCSettings + fuzzCSettings),
        // A C face for RE2::Set, which is C++ (see RE2Set.h).
        .target(
            name: "CRE2Set",
            cxxSettings: strictCXXSettings,
            linkerSettings: [.linkedLibrary("re2")]
        ),
        .target(
            name: "HyperscanSupport",
            dependencies: ["CHyperscan", "CMemoryHints", "PCRE2Support"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "PCRE2Support",
            dependencies: ["CMemoryHints", "CPCRE2"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "PredicateSyntax",
            swiftSettings: strictSettings
        ),
        .target(
            name: "SceneRouting",
            dependencies: [
                "PCRE2Support", "PredicateSyntax", "CMemoryHints",
                .target(name: "HyperscanSupport", condition: .when(traits: ["Hyperscan"])),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "SceneRouterWorkloads",
            dependencies: ["SceneRouting"],
            swiftSettings: strictSettings
        ),
        // The engines `scene-router bench --engines` sets beside the table: Hyperscan and
        // RE2::Set over the same conditions. Not part of the routing API.
        .target(
            name: "SceneRouterPeers",
            dependencies: [
                "SceneRouting",
                .target(name: "CHyperscan", condition: .when(traits: ["Hyperscan"])),
                .target(name: "CRE2Set", condition: .when(traits: ["RE2"])),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "SceneRouterImport",
            dependencies: [
                "SceneRouting",
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
                // `#if` as the app's build evaluates it.
                .product(name: "SwiftIfConfig", package: "swift-syntax"),
                .product(name: "SwiftOperators", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "scene-router",
            dependencies: [
                "CMemoryHints",
                "SceneRouting",
                "SceneRouterImport",
                "SceneRouterWorkloads",
                "SceneRouterPeers",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PredicateSyntaxTests",
            dependencies: ["PredicateSyntax", "SceneRouterWorkloads"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SceneRoutingTests",
            dependencies: [
                "SceneRouting", "SceneRouterWorkloads", "SceneRouterPeers", "PCRE2Support", "PredicateSyntax",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SceneRouterCLITests",
            dependencies: ["SceneRouting", "SceneRouterWorkloads"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SceneRouterImportTests",
            dependencies: [
                "SceneRouterImport", "SceneRouting", .product(name: "SwiftParser", package: "swift-syntax"),
            ],
            swiftSettings: strictSettings
        ),
    ]
)
