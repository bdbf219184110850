import EndToEndSupport
import Foundation
import TestHarness
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `cosmonaut sync` and `dashboard` against Houstons that misbehave (issue 8 items 1, 3, 7).
@Suite("cosmonaut against a misbehaving Houston")
struct SyncFaultTests {
  /// Two changes queued while offline (plus the status report).
  func sandboxWithChanges() async throws -> Sandbox {
    let sandbox = try Sandbox()
    #expect(try await sandbox.cosmonaut(["supplies", "consume", "water", "2"]).status == 0)
    #expect(try await sandbox.cosmonaut(["profile", "set", "--mission", "Expedition 74"]).status == 0)
    return sandbox
  }

  @Test(
    "a server that is not Houston empties nothing and says what came back", .needsPython3,
    arguments: ["<html><body>It works!</body></html>", "{}", #"{"status":"applied","acknowledged":"not-yours"}"#])
  func notHoustonKeepsTheOutbox(body: String) async throws {
    let sandbox = try await sandboxWithChanges()
    let (server, url) = try await sandbox.notHouston(body: body)
    defer { server.terminate() }

    let sync = try await sandbox.cosmonaut(["--houston", url, "sync"])
    #expect(sync.status == 69, "stdout: \(sync.stdout) stderr: \(sync.stderr)")
    #expect(!sync.stdout.contains("up to date"))
    let lines = sync.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(sync.stderr)")
    #expect(sync.stderr.contains("not Houston"))
    #expect(sync.stderr.contains(String(body.prefix(12))), "says what came back: \(sync.stderr)")

    let status = try await sandbox.syncStatus()
    #expect((status["pending"] as? [Any])?.count == 3, "every report still waits: \(status)")
  }

  @Test("a report Houston refuses for good is set aside and the rest are delivered", .needsPython3)
  func refusedReportIsSetAside() async throws {
    let sandbox = try await sandboxWithChanges()
    let (houston, url) = try await sandbox.houston(["--refuse-kind", "supplies.changed"])
    defer { houston.terminate() }

    let sync = try await sandbox.cosmonaut(["--houston", url, "sync", "--json"])
    #expect(sync.status == 0, "stderr: \(sync.stderr)")
    let report = try #require(try sync.stdout.json() as? [String: Any])
    let delivered = try #require(report["delivered"] as? [[String: Any]])
    #expect(delivered.compactMap { $0["kind"] as? String }.sorted() == ["profile.updated", "status.report"])
    let setAside = try #require(report["setAside"] as? [[String: Any]])
    #expect(setAside.compactMap { $0["kind"] as? String } == ["supplies.changed"])
    let reason = try #require(setAside.first?["lastError"] as? String)
    #expect(reason.contains("422") && reason.contains("refused"), "\(reason)")
    #expect((report["pending"] as? [Any])?.isEmpty == true, "nothing blocks the outbox any more")

    // The next sync does not retry it forever: nothing is sent.
    let again = try await sandbox.cosmonaut(["--houston", url, "sync", "--json"])
    #expect(again.status == 0)
    #expect(((try again.stdout.json() as? [String: Any])?["delivered"] as? [Any])?.isEmpty == true)
    let kinds = try await Houston.appliedReports(at: url).compactMap { $0["kind"] as? String }
    #expect(kinds.sorted() == ["profile.updated", "status.report"])
  }

  @Test("a Houston answering 500 is 'Houston answered 500', not 'cannot reach Houston'", .needsPython3)
  func fiveHundred() async throws {
    let sandbox = try await sandboxWithChanges()
    let (houston, url) = try await sandbox.houston(["--fail-first", "1000", "--status", "500"])
    defer { houston.terminate() }
    let sync = try await sandbox.cosmonaut(["--houston", url, "sync"])
    #expect(sync.status == 69)
    #expect(sync.stderr.contains("Houston answered 500"), "\(sync.stderr)")
    #expect(!sync.stderr.contains("cannot reach"))
    #expect((try await sandbox.syncStatus()["pending"] as? [Any])?.count == 3)
  }

  @Test(
    "a slow Houston: the dashboard shows the last known position after a bounded wait, and sync gives up", .needsPython3
  )
  func slowHouston() async throws {
    let sandbox = try Sandbox()
    let (live, liveURL) = try await sandbox.houston()
    let first = try await sandbox.cosmonaut(["--houston", liveURL, "dashboard", "--json"])
    await live.stop()
    #expect(first.status == 0, "\(first.stderr)")
    let known = try #require((try first.stdout.json() as? [String: Any])?["position"] as? [String: Any])

    // Houston answers after an hour: only a bounded wait ends these commands within their two-minute
    // time limit — no wall-clock bound for a loaded machine to miss.
    let (slow, slowURL) = try await sandbox.houston(["--delay-ms", "3600000"])
    defer { slow.terminate() }
    let dashboard = try await sandbox.cosmonaut(["--houston", slowURL, "dashboard", "--json"])
    #expect(dashboard.status == 0, "\(dashboard.stderr)")
    let shown = try #require((try dashboard.stdout.json() as? [String: Any])?["position"] as? [String: Any])
    #expect(shown["live"] as? Bool == false)
    #expect(shown["latitude"] as? Double == known["latitude"] as? Double)
    // How long the budget is, attempts included, is CosmonautServiceTests' (aSlowHoustonIsGivenUp…).

    _ = try await sandbox.cosmonaut(["supplies", "consume", "water", "1"])
    let sync = try await sandbox.cosmonaut(["--houston", slowURL, "sync"])
    #expect(sync.status == 69)
    #expect(sync.stderr.contains("no answer in time"), "\(sync.stderr)")
  }

  @Test("an answer that cannot be read: dashboard falls back like an offline Houston", .needsPython3)
  func unreadablePosition() async throws {
    let sandbox = try Sandbox()
    let (server, url) = try await sandbox.notHouston(body: #"{"latitude":"north"}"#)
    defer { server.terminate() }
    // Nothing cached yet: the dashboard still works, without a position.
    let empty = try await sandbox.cosmonaut(["--houston", url, "dashboard", "--json"])
    #expect(empty.status == 0, "\(empty.stderr)")
    let document = try #require(try empty.stdout.json() as? [String: Any])
    #expect(document["position"] == nil || document["position"] is NSNull)

    let (houston, houstonURL) = try await sandbox.houston()
    #expect(try await sandbox.cosmonaut(["--houston", houstonURL, "dashboard"]).status == 0)
    await houston.stop()
    let cached = try await sandbox.cosmonaut(["--houston", url, "dashboard", "--json"])
    #expect(cached.status == 0, "\(cached.stderr)")
    let position = try #require((try cached.stdout.json() as? [String: Any])?["position"] as? [String: Any])
    #expect(position["live"] as? Bool == false)
  }
}
