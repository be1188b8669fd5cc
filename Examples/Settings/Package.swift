// swift-tools-version: 6.0
import PackageDescription

// A feature package that persists its own settings, depending on the framework by path (this
// folder lives inside the framework's checkout); from another repository use:
//   .package(url: "https://github.com/<owner>/<repository>.git", .upToNextMinor(from: "0.1.0"))
// and name the products with `package: "<repository>"`.
let package = Package(
  name: "Settings",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)],
  products: [
    .library(name: "Settings", targets: ["Settings"])
  ],
  dependencies: [
    // `name:` fixes the name the products below use; without it SwiftPM names a path
    // dependency after its folder, whatever the checkout is called.
    .package(name: "ScopedStore", path: "../..")
  ],
  targets: [
    .target(
      name: "Settings",
      dependencies: [.product(name: "Core", package: "ScopedStore")]),
    .testTarget(
      name: "SettingsTests",
      dependencies: [
        "Settings",
        .product(name: "Core", package: "ScopedStore"),
        .product(name: "CoreTesting", package: "ScopedStore"),
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
