/// The Template service's status: its state, a note saying why, and how many updates made it.
public struct TemplateStatus: Codable, Sendable, Equatable {
  /// Whether the service can do its work.
  public var state: TemplateState
  /// Why it is in that state (empty when nothing needs saying).
  public var note: String
  /// How many updates made this status (0 for the initial one).
  public var revision: Int

  /// A status.
  public init(state: TemplateState, note: String, revision: Int) {
    self.state = state
    self.note = note
    self.revision = revision
  }

  /// The status before any update: ready, revision 0.
  public static let initial = TemplateStatus(state: .ready, note: "", revision: 0)

  /// This status after an update to `state` with `note`: every implementation applies updates this way.
  public func updated(state: TemplateState, note: String) -> TemplateStatus {
    TemplateStatus(state: state, note: note, revision: revision + 1)
  }
}
