// swift-tools-version: 6.0
import PackageDescription

// An app package (a list of habits, a detail screen pushed on a stack, a focus timer pushed from
// it) that shares one habit between its screens and keeps the list in a file, depending on the
// framework by path (this folder lives inside the framework's checkout); from another
// repository use:
//   .package(url: "https://github.com/<owner>/<repository>.git", from: "<version>")
// and name the products with `package: "<repository>"`.
let package = Package(
  name: "Habits",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)],
  products: [
    .library(name: "Habits", targets: ["Habits"])
  ],
  dependencies: [
    // `name:` fixes the name the products below use; without it SwiftPM names a path
    // dependency after its folder, whatever the checkout is called.
    .package(name: "ScopedStore", path: "../..")
  ],
  targets: [
    .target(
      name: "Habits",
      dependencies: [.product(name: "Core", package: "ScopedStore")]),
    .testTarget(
      name: "HabitsTests",
      dependencies: [
        "Habits",
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
