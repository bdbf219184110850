/// What the Template service offers the domains, whichever implementation an app links: the live
/// one (`LiveTemplateClient` in TemplateService) or the fake one domain tests use (`FakeTemplateClient` in
/// TemplateServiceFakes).
public protocol TemplateClient: Sendable {
  /// The current status; `TemplateStatus.initial` until the first update.
  func status() async throws -> TemplateStatus
  /// Makes `state`, with `note` saying why, the current status and returns it (its revision one higher).
  func update(state: TemplateState, note: String) async throws -> TemplateStatus
}
