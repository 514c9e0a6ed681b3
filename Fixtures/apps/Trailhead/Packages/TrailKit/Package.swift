// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "TrailKit",
    platforms: [.iOS(.v17)],
    products: [.library(name: "TrailKit", targets: ["TrailKit"])],
    targets: [
        .target(name: "TrailKit"),
        .testTarget(name: "TrailKitTests", dependencies: ["TrailKit"]),
    ]
)
