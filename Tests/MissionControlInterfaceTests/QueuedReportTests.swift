import Foundation
import Localization
import Testing

@testable import MissionControlInterface

/// A queued report as screens and scripts read it: the JSON form keeps the reason in English and
/// in no language; the reader's language is never written.
@Suite struct QueuedReportTests {
  static let created = Date(timeIntervalSince1970: 1_795_323_600)

  static var encoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    encoder.dateEncodingStrategy = .iso8601
    return encoder
  }

  static var decoder: JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
  }

  @Test func theJSONFormRoundTripsWithoutTheReadersLanguage() throws {
    let names = StringTable(module: "Tests", texts: [.english: ["why": "refused"], .russian: ["why": "отказано"]])
    let report = QueuedReport(
      id: "k-1", kind: "supplies.changed", createdAt: Self.created, attempts: 2, lastError: "refused",
      lastReason: ReportReason(code: "refused", values: ["status": "422"]),
      lastErrorText: LocalizedText("why", in: names))
    let json = String(decoding: try Self.encoder.encode(report), as: UTF8.self)
    #expect(
      json
        == #"{"attempts":2,"createdAt":"2026-11-22T05:00:00Z","id":"k-1","kind":"supplies.changed","lastError":"refused","lastReason":{"code":"refused","values":{"status":"422"}}}"#
    )
    let back = try Self.decoder.decode(QueuedReport.self, from: Data(json.utf8))
    #expect(back.id == report.id && back.kind == report.kind && back.createdAt == report.createdAt)
    #expect(back.attempts == 2 && back.lastError == "refused" && back.lastReason == report.lastReason)
    #expect(back.lastErrorText?.resolved(in: .russian) == "refused", "read back: the English line as kept")
  }

  @Test func aReportWithoutAReasonWritesNone() throws {
    let report = QueuedReport(id: "k", kind: "status.report", createdAt: Self.created)
    #expect(report.attempts == 0 && report.lastErrorText == nil)
    let json = String(decoding: try Self.encoder.encode(report), as: UTF8.self)
    #expect(json == #"{"attempts":0,"createdAt":"2026-11-22T05:00:00Z","id":"k","kind":"status.report"}"#)
    #expect(try Self.decoder.decode(QueuedReport.self, from: Data(json.utf8)) == report)
  }

  @Test func aRecordWrittenBeforeReasonsWereKeptStillReads() throws {
    let json =
      #"{"id":"k","kind":"status.report","createdAt":"2026-11-22T05:00:00Z","attempts":2,"lastError":"request timed out"}"#
    let report = try Self.decoder.decode(QueuedReport.self, from: Data(json.utf8))
    #expect(report.lastReason == nil)
    #expect(report.lastErrorText?.resolved(in: .russian) == "request timed out")
  }
}
