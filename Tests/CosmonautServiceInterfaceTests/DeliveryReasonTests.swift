import Foundation
import Localization
import Network
import Persistence
import Testing

@testable import CosmonautServiceInterface

/// Reasons kept with a report are shown in the reader's language when this version kept them in no
/// language, and as they were kept otherwise; errors that wrap the store's keep its own line.
@Suite struct DeliveryReasonTests {
  static let created = Date(timeIntervalSince1970: 1_795_000_000)

  @Test func aRefusalKeptInNoLanguageIsShownInRussianAndItsEnglishLineIsTheOneKept() throws {
    let refused = DeliveryReason.refused(center: "Houston", status: 422, reason: "quantity too large")
    guard
      case .refused(let line, let explained) = DeliveryReason.refusal(
        by: ControlCenter(name: "Houston", setting: "", clock: .utc), status: 422, reason: "quantity too large",
        personal: .none)
    else {
      Issue.record("a refusal is a refused verdict")
      return
    }
    #expect(line == "Houston refused it (HTTP 422): quantity too large")
    #expect(explained == refused.stored)
    let entry = OutboxMessage(
      id: "k", kind: "supplies.changed", createdAt: Self.created, attempts: 1, lastError: line, lastReason: explained)
    let text = try #require(entry.lastErrorText)
    #expect(text.description == line)
    #expect(text.resolved(in: .russian) == "Хьюстон отказал в приёме (HTTP 422): quantity too large")
  }

  @Test func aReasonKeptAsTextByAnOlderVersionIsShownAsItWasKept() throws {
    let old = OutboxMessage(
      id: "k", kind: "status.report", createdAt: Self.created, lastError: "Houston refused it (HTTP 400): bad")
    #expect(try #require(old.lastErrorText).resolved(in: .russian) == "Houston refused it (HTTP 400): bad")
    let unknownCode = OutboxMessage(
      id: "k", kind: "status.report", createdAt: Self.created, lastError: "a newer reason",
      lastReason: OutboxReason(code: "fromTheFuture", values: ["x": "1"]))
    #expect(try #require(unknownCode.lastErrorText).resolved(in: .russian) == "a newer reason")
    let missingValue = OutboxMessage(
      id: "k", kind: "status.report", createdAt: Self.created, lastError: "HTTP status 503",
      lastReason: OutboxReason(code: "status", values: [:]))
    #expect(try #require(missingValue.lastErrorText).resolved(in: .russian) == "HTTP status 503")
    #expect(OutboxMessage(id: "k", kind: "k", createdAt: Self.created).lastErrorText == nil)
  }

  @Test func aRecordWrittenBeforeReasonsWereKeptStillReads() throws {
    let json =
      #"{"id":"k","kind":"status.report","createdAt":"2026-11-22T05:00:00Z","attempts":2,"lastError":"request timed out"}"#
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    let entry = try decoder.decode(OutboxMessage.self, from: Data(json.utf8))
    #expect(entry.lastReason == nil)
    #expect(entry.lastErrorText?.resolved(in: .russian) == "request timed out")
  }

  /// Every network failure's English line is the one Network writes, so a reason kept from now on
  /// reads as before in English; its Russian line differs.
  @Test(arguments: [
    NetworkError.timeout, .unreachable("connection refused"), .status(code: 503, body: ""),
    .status(code: 500, body: "boom"), .decoding(keyPath: "", reason: "not JSON"),
    .decoding(keyPath: "position.latitude", reason: "expected a number"),
    .unacknowledged(status: 200, answer: ""), .unacknowledged(status: 200, answer: "ok"),
    .invalidURL("ftp://x"), .encoding("bad payload"),
  ])
  func aNetworkFailureKeepsItsEnglishLineAndHasARussianOne(error: NetworkError) throws {
    let failure = DeliveryFailure(
      error, center: ControlCenter(name: "TsUP", setting: "", clock: .moscow), personal: .none)
    #expect(failure.description == error.description)
    let stored = try #require(failure.outboxReason)
    let reason = try #require(DeliveryReason(stored))
    #expect(reason == failure.reason)
    #expect(reason.text.description == error.description)
    #expect(reason.text.resolved(in: .russian) != error.description)
  }

  @Test func progressWordsAreRussian() {
    guard case .contacting(let what) = MissionControlProgress.contactingReport(3, of: 10) else {
      Issue.record("contacting")
      return
    }
    #expect(what.description == "report 3 of 10")
    #expect(what.resolved(in: .russian) == "отчёт 3 из 10")
    if case .contacting(let position) = MissionControlProgress.contactingStationPosition {
      #expect(position.resolved(in: .russian) == "положение станции")
    }
  }

  @Test func aStoreFailureInsideAServiceErrorIsInTheReadersLanguage() {
    let center = ControlCenter(name: "Houston", setting: "", clock: .utc)
    let full = CosmonautServiceError(
      PersistenceError.diskFull(path: "/data/iss.sqlite"), center: center, personal: .none)
    #expect(full.kind == .io)
    #expect(full.userMessage == PersistenceError.diskFull(path: "/data/iss.sqlite").description)
    #expect(full.translatedMessage.resolved(in: .russian).hasPrefix("диск с /data/iss.sqlite заполнен"))
    let damaged = CosmonautServiceError(
      PersistenceError.sqlite(code: 1, message: "no such table"), center: center, personal: .none)
    #expect(damaged.kind == .internal)
    let russian = damaged.translatedMessage.resolved(in: .russian)
    #expect(russian.hasPrefix("сбой локального хранилища ("), "\(russian)")
    #expect(!russian.contains("the local store"), "\(russian)")
    let unknownKey = CosmonautServiceError(OutboxError.notSetAside("abc"), center: center, personal: .none)
    #expect(unknownKey.kind == .usage)
    #expect(!unknownKey.translatedMessage.resolved(in: .russian).contains("no set-aside"))
  }

  @Test func aStatusAndAReportWriteTheirReasonInEnglishInEveryLanguage() throws {
    let reason = DeliveryReason.timeout.text
    let status = SyncStatus(pending: 1, setAside: 0, houstonConfigured: true, lastError: reason)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    #expect(
      String(decoding: try encoder.encode(status), as: UTF8.self)
        == #"{"houstonConfigured":true,"lastDelivered":0,"lastError":"request timed out","pending":1,"setAside":0}"#)
    let back = try JSONDecoder().decode(SyncStatus.self, from: try encoder.encode(status))
    #expect(back.lastError == "request timed out")
    let report = SyncReport(delivered: [], pending: [], houstonConfigured: true, lastError: reason)
    #expect(String(decoding: try encoder.encode(report), as: UTF8.self).contains(#""lastError":"request timed out""#))
  }
}
