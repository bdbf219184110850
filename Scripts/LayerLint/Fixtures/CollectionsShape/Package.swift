// swift-tools-version: 6.2
// Fixture: the shape of swift-collections that the lint used to misread. Traits are flags SwiftPM
// passes to every target: the default trait UnstableContainersPreview is set, so ContainersPreview's
// import under `#if UnstableContainersPreview` is an `undeclared-import` finding; the others are set
// with `--traits`, `--enable-all-traits` (UnstableAll enables UnstableSortedCollections in turn).
// See SwiftPMConditionsTests.
import PackageDescription

let package = Package(
  name: "CollectionsShape",
  products: [.library(name: "DequeModule", targets: ["DequeModule"])],
  traits: [
    .default(enabledTraits: ["UnstableContainersPreview"]),
    .trait(name: "UnstableContainersPreview", description: "Source-unstable container protocols."),
    .trait(name: "UnstableSortedCollections", description: "Source-unstable sorted collections."),
    .trait(name: "UnstableAll", description: "Everything unstable.", enabledTraits: ["UnstableSortedCollections"]),
  ],
  targets: [
    .target(name: "InternalCollectionsUtilities"),
    .target(name: "ContainersPreview"),
    .target(
      name: "SortedCollections", dependencies: ["InternalCollectionsUtilities"],
      swiftSettings: [.define("SORTED_CHECKS", .when(traits: ["UnstableSortedCollections"]))]),
    .target(name: "DequeModule", dependencies: ["InternalCollectionsUtilities"]),
  ]
)
