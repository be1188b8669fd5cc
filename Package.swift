// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "ScopedStore",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)],
  products: [
    .library(name: "Core", targets: ["Core"]),
    .library(name: "CoreTesting", targets: ["CoreTesting"]),
    .library(name: "Profile", targets: ["Profile"]),
    .library(name: "Orders", targets: ["Orders"]),
    .executable(name: "AppShell", targets: ["AppShell"]),
    .executable(name: "Benchmarks", targets: ["Benchmarks"]),
  ],
  dependencies: [],
  targets: [
    // Framework
    .target(name: "Core"),
    .target(name: "CoreTesting", dependencies: ["Core"]),

    // Features
    .target(name: "Profile", dependencies: ["Core"], path: "Sources/Features/Profile"),
    .target(name: "Orders", dependencies: ["Core", "Profile"], path: "Sources/Features/Orders"),

    // App
    .executableTarget(name: "AppShell", dependencies: ["Core", "Profile", "Orders"]),

    // Benchmarks
    .executableTarget(
      name: "Benchmarks",
      dependencies: ["Core", "CoreTesting", "Profile", "Orders", "PlantedBugs", "TestSupport"]),

    // Tests
    // The fixtures the tests and the Benchmarks share: one seeded generator, one planted-bug
    // counter, temporary directories. (The feature tests use none, and their manifest lines are
    // the ones the guides show.)
    .target(name: "TestSupport", dependencies: ["Core", "CoreTesting"], path: "Tests/TestSupport"),
    // The random sessions of Profile and Orders, and mutants of them with planted bugs, for
    // their tests and the Benchmarks' detection report.
    .target(
      name: "PlantedBugs", dependencies: ["Core", "CoreTesting", "Profile", "Orders"],
      path: "Tests/PlantedBugs"),
    // A module without reflection metadata, for routing's refusal of it.
    .target(
      name: "RoutingFixtures", path: "Tests/RoutingFixtures",
      swiftSettings: [.unsafeFlags(["-Xfrontend", "-disable-reflection-metadata"])]),
    .testTarget(
      name: "CoreTests", dependencies: ["Core", "CoreTesting", "TestSupport", "RoutingFixtures"]),
    .testTarget(name: "CoreTestingTests", dependencies: ["Core", "CoreTesting", "TestSupport"]),
    .testTarget(name: "ProfileTests", dependencies: ["Profile", "Core", "CoreTesting"]),
    .testTarget(
      name: "OrdersTests",
      dependencies: ["Orders", "Profile", "Core", "CoreTesting", "PlantedBugs"]),
    .testTarget(
      name: "AppShellTests",
      dependencies: ["AppShell", "Profile", "Orders", "Core", "CoreTesting", "TestSupport"]),
    // The samples of README.md, Docs/, the DocC articles and doc comments, compiled and run.
    .testTarget(
      name: "SamplesTests",
      dependencies: ["Core", "CoreTesting", "Profile", "Orders", "TestSupport"]),
  ]
)

for target in package.targets {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .swiftLanguageMode(.v6),
      .enableUpcomingFeature("ExistentialAny"),
    ]
  // Every unsafe construct is an expression marked `unsafe` (SE-0458); with warnings as
  // errors, an unmarked one fails the build. Docs/Guarantees.md lists them.
  target.swiftSettings?.append(.strictMemorySafety())
}
