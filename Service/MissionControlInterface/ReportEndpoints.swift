/// Where a mission control takes one kind of report and how: a centre's dialect for a stream of
/// reports (Houston's `/v1/reports`, TsUP's `/api/v2/telemetry`, Houston's `/v1/lab/results`).
public struct ReportEndpoints: Sendable, Equatable {
  /// How the body of a batch holds its reports.
  public enum BatchLayout: Sendable, Equatable {
    /// `{"<list>":[{"<key>":KEY,"<body>":REPORT},…]}`, e.g. Houston's `{"reports":[{"key":…,"report":…}]}`.
    case keyed(list: String, key: String, body: String)
    /// `{"<list>":[REPORT,…]}`: each report names its own key.
    case bare(list: String)
  }

  /// How the centre's answers acknowledge reports.
  public enum Acknowledgement: Sendable, Equatable {
    /// One report: `{"acknowledged":KEY,"status":"applied"|"duplicate"}`; a batch:
    /// `{"results":[{"key":KEY,"status":"applied"|"duplicate"|"refused",…},…]}`.
    case byKey
  }

  /// Where one report is POSTed, below the centre's URL.
  public var path: String
  /// Where several reports are POSTed in one request; nil when the centre takes none.
  public var batchPath: String?
  /// How many reports one batch carries at most (at least 1).
  public var batchSize: Int
  /// How a batch's body holds its reports.
  public var batchLayout: BatchLayout
  /// How the answers acknowledge reports.
  public var acknowledgement: Acknowledgement

  /// Endpoints; every part is the centre's to say.
  public init(
    path: String, batchPath: String?, batchSize: Int, batchLayout: BatchLayout, acknowledgement: Acknowledgement
  ) {
    self.path = path
    self.batchPath = batchPath
    self.batchSize = max(1, batchSize)
    self.batchLayout = batchLayout
    self.acknowledgement = acknowledgement
  }
}
