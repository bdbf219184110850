import Testing

@testable import LayerLintEngine
@testable import LayerLintManifestReader

/// The book's Decoupling pattern as the workspace uses it (issue 12): two implementations of one
/// interface on the Service layer, a domain that links the interface only, and two apps that each
/// pick one implementation. The exception holds for exactly that shape and nothing next to it.
@Suite struct FlavourRuleTests {
  private let noCoverage = LayeringConfiguration.withoutCoverage

  /// The workspace's shape, with `extra` dependencies added to named modules.
  private func flavours(adding extra: [String: [String]] = [:]) throws -> [String] {
    func module(
      _ name: String, _ path: String, _ dependencies: [String], _ kind: ManifestTarget.Kind = .library
    )
      -> ManifestTarget
    {
      target(name, path, kind, dependsOn: dependencies + (extra[name] ?? []))
    }
    let violations = try lint(
      [
        module("CosmonautApp", "App/CosmonautApp", ["Cosmonaut", "CosmonautService", "Network"], .executable),
        module("CosmonautRuApp", "App/CosmonautRuApp", ["Cosmonaut", "TsUPCosmonautService", "Network"], .executable),
        module("Cosmonaut", "Domain/Cosmonaut", ["CosmonautServiceInterface"]),
        module("Scaffold", "Domain/Scaffold", ["Network"]),
        module("CosmonautServiceInterface", "Service/CosmonautServiceInterface", ["Logging"]),
        module("CosmonautService", "Service/CosmonautService", ["CosmonautServiceInterface", "Network"]),
        module("TsUPCosmonautService", "Service/TsUPCosmonautService", ["CosmonautServiceInterface", "Network"]),
        module("SpacesuitService", "Service/SpacesuitService", []),
        module("Network", "Core/Network", ["Logging"]),
        module("Logging", "Shared/Logging", []),
      ], configuration: noCoverage)
    return violations.map { "\($0.rule.rawValue) \($0.source)->\($0.target ?? "")" }
  }

  @Test func twoImplementationsOfOneInterfaceAndADomainOnTheInterfaceAreAccepted() throws {
    #expect(try flavours().isEmpty)
  }

  @Test func anImplementationThatLinksTheOtherImplementationIsRefused() throws {
    #expect(
      try flavours(adding: ["TsUPCosmonautService": ["CosmonautService"]]) == [
        "sideways TsUPCosmonautService->CosmonautService"
      ])
  }

  @Test func aDomainThatLinksAnImplementationInsteadOfTheInterfaceIsStillDownward() throws {
    // Allowed by the direction rules; the symbol check (Scripts/check-flavours) is what proves
    // which implementation each app carries.
    #expect(try flavours(adding: ["Cosmonaut": ["CosmonautService"]]).isEmpty)
  }

  @Test func anInterfaceThatLinksUpwardOrSidewaysIsRefused() throws {
    let upward = try flavours(adding: ["CosmonautServiceInterface": ["Scaffold"]])
    #expect(upward == ["interface-direction CosmonautServiceInterface->Scaffold"], "\(upward)")
    #expect(
      try flavours(adding: ["CosmonautServiceInterface": ["SpacesuitService"]]) == [
        "interface-direction CosmonautServiceInterface->SpacesuitService"
      ])
    #expect(
      try flavours(adding: ["CosmonautServiceInterface": ["TsUPCosmonautService"]]).contains(
        "interface-direction CosmonautServiceInterface->TsUPCosmonautService"))
  }

  @Test func aModuleThatLinksAnotherLayersInterfaceSidewaysIsNoException() throws {
    // Only a module of the interface's own layer may link it sideways; a Core module linking a
    // Service interface points upward like any other dependency.
    #expect(
      try flavours(adding: ["Network": ["CosmonautServiceInterface"]]).contains(
        "layer-direction Network->CosmonautServiceInterface"))
  }
}
