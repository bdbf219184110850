/// Whether the Template service can do its work.
public enum TemplateState: String, Codable, Sendable, CaseIterable {
  /// Everything works.
  case ready
  /// It works, within limits the note explains.
  case degraded
  /// It cannot work now.
  case offline
}
