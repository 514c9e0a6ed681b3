// swift-tools-version: 6.1
import PackageDescription

/// Upcoming-language features every target opts into: explicit `any`, imports that
/// only expose what a file actually imports, and `internal` imports unless marked.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "SceneRouter",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "SceneRouting", targets: ["SceneRouting"]),
        .executable(name: "scene-router", targets: ["scene-router"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .systemLibrary(
            name: "CPCRE2",
            pkgConfig: "libpcre2-8",
            providers: [.apt(["libpcre2-dev"]), .brew(["pcre2"])]
        ),
        .target(name: "CMemoryHints"),
        .target(
            name: "PCRE2Support",
            dependencies: ["CPCRE2"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "PredicateSyntax",
            swiftSettings: strictSettings
        ),
        .target(
            name: "SceneRouting",
            dependencies: ["PCRE2Support", "PredicateSyntax", "CMemoryHints"],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "scene-router",
            dependencies: [
                "SceneRouting",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "RoutingBenchmarks",
            dependencies: [
                "SceneRouting",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/RoutingBenchmarks",
            swiftSettings: strictSettings,
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .testTarget(
            name: "PredicateSyntaxTests",
            dependencies: ["PredicateSyntax"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SceneRoutingTests",
            dependencies: ["SceneRouting", "PCRE2Support", "PredicateSyntax"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SceneRouterCLITests",
            dependencies: ["SceneRouting"],
            swiftSettings: strictSettings
        ),
    ]
)
