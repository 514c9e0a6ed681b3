// swift-tools-version: 6.1
import PackageDescription

// The ordo-one/benchmark harness lives in its own package so that building SceneRouter never
// compiles it. Run from the repository root:
//   swift package --package-path Benchmarks --disable-sandbox benchmark
let package = Package(
    name: "SceneRouterBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "SceneRouter", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "RoutingBenchmarks",
            dependencies: [
                .product(name: "SceneRouting", package: "SceneRouter"),
                .product(name: "SceneRouterWorkloads", package: "SceneRouter"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/RoutingBenchmarks",
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .enableUpcomingFeature("MemberImportVisibility"),
                .enableUpcomingFeature("InternalImportsByDefault"),
            ],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    ]
)
