import Foundation
import LayerLintEngine

/// A hosted domain that drives a service (`new-module domain X --uses <Service>Interface`), copied
/// from the real template domain `Domain/TemplateDesk` (and `Tests/TemplateDeskTests`), which drives
/// the template service's `TemplateClient`: its coordinator receives the client through its
/// initializer, its command reads one requirement of the client (`status()`) and its screen shows the
/// answer; its tests run on the service's fake. Every file and the template's line of Package.swift
/// are renamed: the domain's spellings (`TemplateDesk`, `templateDesk`, `template-desk`, `Template
/// Desk`, the main-menu key) and the service's (interface, fakes, client, fake, requirement, answer).
struct ServiceDomainTemplates: CopiedDomain {
  let module: ModuleName
  let menuKey: String
  let service: UsedService

  /// The template domain, its main-menu key, and the service it drives.
  static let template = ModuleName(name: "TemplateDesk")
  static let templateMenuKey = "a"
  static let templateService = UsedService(
    interface: "TemplateServiceInterface", fakes: "TemplateServiceFakes", client: "TemplateClient",
    fake: "FakeTemplateClient", method: "status", answer: "TemplateStatus")

  /// The entry in an app's `domains:` list, handing the domain the client the app's live services hold.
  func compositionEntry(property: String) -> String {
    ".domain { \(module.name)Domain(client: $0.\(property)) },"
  }

  var copy: TemplateCopy {
    let (from, to) = (Self.templateService, service)
    return TemplateCopy(
      renames: TemplateCopy.domainRenames(from: Self.template, key: Self.templateMenuKey, to: module, key: menuKey) + [
        (from.interface, to.interface), (from.fakes, to.fakes), (from.fake, to.fake), (from.client, to.client),
        (from.answer, to.answer), ("client.\(from.method)()", "client.\(to.method)()"),
        ("`\(from.method)()`", "`\(to.method)()`"),
      ])
  }

}
