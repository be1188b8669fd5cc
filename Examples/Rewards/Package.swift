// swift-tools-version: 6.0
import PackageDescription

// A feature package of its own, outside the framework's package, depending on it the way an
// app's feature package does. Here by path (this folder lives inside the framework's
// checkout); from another repository use:
//   .package(url: "https://github.com/<owner>/<repository>.git", .upToNextMinor(from: "0.1.0"))
// and name the products with `package: "<repository>"`.
let package = Package(
  name: "Rewards",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)],
  products: [
    .library(name: "Rewards", targets: ["Rewards"])
  ],
  dependencies: [
    // `name:` fixes the name the products below use; without it SwiftPM names a path
    // dependency after its folder, whatever the checkout is called.
    .package(name: "ScopedStore", path: "../..")
  ],
  targets: [
    .target(
      name: "Rewards",
      dependencies: [
        .product(name: "Core", package: "ScopedStore"),
        .product(name: "Profile", package: "ScopedStore"),
      ]),
    .testTarget(
      name: "RewardsTests",
      dependencies: [
        "Rewards",
        .product(name: "Core", package: "ScopedStore"),
        .product(name: "CoreTesting", package: "ScopedStore"),
        .product(name: "Profile", package: "ScopedStore"),
      ]),
  ]
)

for target in package.targets {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .swiftLanguageMode(.v6),
      .enableUpcomingFeature("ExistentialAny"),
    ]
}
