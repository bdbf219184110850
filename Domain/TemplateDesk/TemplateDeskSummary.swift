import TemplateServiceInterface

/// What the Template Desk domain shows: what its service's client answered — the screen's value and,
/// without its `fields`, the `--json` document of `template-desk`.
struct TemplateDeskSummary: Encodable, Sendable {
  /// The module name.
  let domain: String
  /// The client's answer, as the service's interface types it.
  let reading: TemplateStatus
  /// The answer's fields as the screen shows them.
  let fields: [TemplateDeskField]

  private enum CodingKeys: String, CodingKey {
    case domain, reading
  }

  /// Asks `client` and keeps its answer.
  static func read(from client: any TemplateClient) async throws -> TemplateDeskSummary {
    let reading = try await client.status()
    return TemplateDeskSummary(
      domain: TemplateDeskDomain.moduleName, reading: reading, fields: try TemplateDeskField.fields(of: reading))
  }
}
