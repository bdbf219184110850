import Localization
import Testing

@testable import MissionControlInterface

/// The words a screen says while a service contacts its centre, and why it could not.
@Suite struct MissionControlWordsTests {
  @Test func progressWordsAreRussian() {
    guard case .contacting(let what) = MissionControlProgress.contactingReport(3, of: 10) else {
      Issue.record("contacting")
      return
    }
    #expect(what.description == "report 3 of 10")
    #expect(what.resolved(in: .russian) == "отчёт 3 из 10")
    guard case .contacting(let position) = MissionControlProgress.contactingStationPosition else {
      Issue.record("contacting")
      return
    }
    #expect(position.resolved(in: .russian) == "положение станции")
  }

  @Test func aFailureSaysWhyInTheReadersLanguage() {
    #expect(MissionControlFailure.notConfigured.reason.resolved(in: .russian) == "не настроен")
    let reason = LocalizedText.verbatim("HTTP 503")
    for failure in [
      MissionControlFailure.unreachable(reason: reason), .noAnswer(reason: reason),
      .refusedToken(status: 401, reason: reason), .answered(status: 503, body: "", reason: reason),
      .invalidAnswer(reason: reason), .failed(reason: reason),
    ] {
      #expect(failure.reason == reason)
    }
  }

  @Test func endpointsCarryAtLeastOneReportPerBatch() {
    let endpoints = ReportEndpoints(
      path: "/r", batchPath: nil, batchSize: 0, batchLayout: .bare(list: "r"), acknowledgement: .byKey)
    #expect(endpoints.batchSize == 1)
  }
}
