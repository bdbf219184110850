import CosmonautServiceInterface
import Foundation
import Logging
import MissionControlInterface
import Network
import Testing

@testable import CosmonautService

/// A report counts as delivered only when Houston's answer acknowledges its idempotency key.
@Suite struct AcknowledgementTests {
  static let notAcknowledgements: [(status: Int, body: String)] = [
    (200, "<html><body>It works!</body></html>"), (200, "{}"), (201, #"{"status":"applied"}"#),
    (200, #"{"status":"applied","acknowledged":"someone-elses-key"}"#), (204, ""), (200, "[1,2,3]"),
    (200, #"{"acknowledged":42}"#),
  ]

  @Test(arguments: notAcknowledgements)
  func anAnswerThatDoesNotAcknowledgeTheKeyLeavesTheReportPending(status: Int, body: String) async throws {
    let harness = try Harness()
    let client = try harness.makeClient(retry: .none)
    _ = try await client.enqueueStatusReportIfDue()
    _ = try await client.consume("water", quantity: 1)
    let queued = try await client.pendingSync().pending
    await harness.houston.setScript(Array(repeating: .status(status, body: body), count: 5))

    let error = await #expect(throws: CosmonautServiceError.self) { try await client.sync() }
    guard case .invalidResponse(_, let text) = error else {
      Issue.record("expected invalidResponse, got \(String(describing: error))")
      return
    }
    let reason = text.description
    #expect(error?.kind == .unavailable)
    #expect(reason.contains("HTTP status \(status)"), "says what came back: \(reason)")
    if !body.isEmpty { #expect(reason.contains(String(body.prefix(10))), "\(reason)") }
    let after = try await client.pendingSync()
    #expect(after.pending.map(\.id) == queued.map(\.id), "nothing left the outbox")
    #expect(after.pending.first?.attempts == 1)
    #expect(try await client.deliveredHistory().isEmpty)
  }

  @Test func aDuplicateAcknowledgementCountsAsDelivered() async throws {
    let harness = try Harness()
    let client = try harness.makeClient(retry: .none)
    _ = try await client.consume("water", quantity: 1)
    let report = try await client.sync()
    #expect(report.delivered.count == 2)
    #expect(report.pending.isEmpty)
  }

  @Test func deliveriesRecordedInBatchesStillApplyEachReportOnce() async throws {
    let harness = try Harness()
    let client = try harness.makeClient()
    for _ in 0..<150 { _ = try await client.restock("food", quantity: 1) }
    let progress = EventRecorder<MissionControlProgress>()
    let report = try await client.sync(progress: progress.record)
    #expect(report.delivered.count == 151)
    #expect(progress.values.last == .delivered(151, of: 151))
    #expect(await harness.houston.appliedKeys == report.delivered.map(\.id))
    // A second client on the same file (as after a crash) finds nothing left to send.
    let other = try harness.makeClient()
    #expect(try await other.sync().delivered.isEmpty)
    #expect(await harness.houston.reportRequests.count == 151)
  }

  @Test func aFiveHundredSaysHoustonAnsweredFiveHundred() async throws {
    let harness = try Harness()
    let client = try harness.makeClient(retry: .none)
    _ = try await client.consume("water", quantity: 1)
    await harness.houston.setAlwaysStatus(500, body: #"{"error":"database on fire"}"#)
    let error = await #expect(throws: CosmonautServiceError.self) { try await client.sync() }
    #expect(error == .answeredError(.houston, status: 500, reason: #"{"error":"database on fire"}"#))
    #expect(error?.userMessage.hasPrefix("Houston answered 500") == true)
    #expect(error?.userMessage.contains("cannot reach") == false)
    #expect(error?.kind == .unavailable)
    #expect(try await client.pendingSync().pending.count == 2)
  }

  // Houston answers after an hour: only the budget can end the sync within the test's time limit, so
  // there is no wall-clock bound for a loaded machine to miss.
  @Test(.timeLimit(.minutes(1)))
  func aSlowHoustonStopsTheSyncWithinTheBudgetAndKeepsTheReports() async throws {
    let harness = try Harness()
    let client = try harness.makeClient(budget: .init(position: .seconds(1), report: .milliseconds(300)))
    _ = try await client.consume("water", quantity: 1)
    await harness.houston.setDelay(.seconds(3600))
    let error = await #expect(throws: CosmonautServiceError.self) { try await client.sync() }
    #expect(error == .noAnswer(from: .houston))
    #expect(try await client.pendingSync().pending.count == 2)
  }

  @Test func textsFromHoustonNeverCarryTheProfileIntoLogsOrAnalytics() async throws {
    let harness = try Harness()
    let client = try harness.makeClient(retry: .none)
    _ = try await client.updateProfile(
      ProfileUpdate(name: "Yuri Gagarin", agency: "Roscosmos", role: "Pilot-Cosmonaut", mission: "Vostok One"))
    // A server that is not Houston echoes the report back, profile and all.
    await harness.houston.setEcho(true)
    let error = await #expect(throws: CosmonautServiceError.self) { try await client.sync() }
    #expect(error?.userMessage.contains("not Houston") == true)
    _ = try? await client.stationPosition()
    let lines = LogLineFormat(inert: { text, _ in text })  // every text as it is, unescaped
    let logged = harness.logs.records.map(lines.line(for:)).joined(separator: "\n")
    let tracked = harness.analytics.events.map { "\($0.name) \($0.properties)" }.joined(separator: "\n")
    for secret in ["Yuri", "Gagarin", "Roscosmos", "Pilot-Cosmonaut", "Vostok One"] {
      #expect(!logged.contains(secret), "log holds \(secret): \(logged)")
      #expect(!tracked.contains(secret), "analytics holds \(secret): \(tracked)")
      #expect(error?.userMessage.contains(secret) == false)
    }
  }
}
