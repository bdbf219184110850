import EndToEndSupport
import Foundation
import TestHarness
import Testing

/// Delivery to Houston as a person and a script see it: reports Houston refuses are set aside and
/// handled by hand, the interactive app delivers in the background and says what waits, and a
/// slow Houston is announced while the app waits.
@Suite("cosmonaut sync as a person and a script")
struct SyncCommandTests {
  private func houston(_ sandbox: Sandbox, _ extra: [String] = []) async throws -> (BackgroundServer, String) {
    let server = try await BackgroundServer.launch(
      URL(fileURLWithPath: "/usr/bin/env"), ["python3", Executables.houston.path, "--port", "0"] + extra,
      marker: "listening", environment: sandbox.environment)
    let url = server.readyLine.split(separator: " ").last.map(String.init) ?? ""
    return (server, url)
  }

  @Test("a refused report is set aside, listed, retried after the cause is gone, or discarded", .needsPython3)
  func setAsideReports() async throws {
    let sandbox = try Sandbox()
    #expect(try await sandbox.cosmonaut(["supplies", "consume", "water", "1"]).status == 0)
    #expect(try await sandbox.cosmonaut(["profile", "set", "--name", "Yuri"]).status == 0)
    let (refusing, refusingURL) = try await houston(sandbox, ["--refuse-kind", "supplies.changed"])
    let sync = try await sandbox.cosmonaut(["--houston", refusingURL, "sync"])
    await refusing.stop()
    #expect(sync.status == 0, "\(sync.stderr)")
    #expect(sync.stdout.contains("Set aside 1 report(s) Houston refused"))
    #expect(!sync.stdout.contains("Houston is up to date"))

    let listed = try await sandbox.cosmonaut(["sync", "set-aside", "--json"])
    let reports = try #require(try listed.stdout.json() as? [[String: Any]])
    #expect(reports.map { $0["kind"] as? String } == ["supplies.changed"])
    let key = try #require(reports.first?["id"] as? String)

    let wrong = try await sandbox.cosmonaut(["sync", "retry", "ffffffff"])
    #expect(wrong.status == 64 && wrong.stderr.split(separator: "\n").count == 1, "\(wrong.stderr)")

    let retried = try await sandbox.cosmonaut(["sync", "retry", String(key.prefix(8))])
    #expect(retried.status == 0, "\(retried.stderr)")
    #expect(retried.stdout.contains("Back in the outbox: supplies.changed"))
    let (accepting, acceptingURL) = try await houston(sandbox)
    defer { accepting.terminate() }
    let again = try await sandbox.cosmonaut(["--houston", acceptingURL, "sync", "--json"])
    #expect(again.status == 0, "\(again.stderr)")
    let kinds = try await Houston.appliedReports(at: acceptingURL).compactMap { $0["kind"] as? String }
    #expect(kinds.contains("supplies.changed"))

    // Refused again, then discarded: it is gone and Houston never sees it.
    #expect(try await sandbox.cosmonaut(["supplies", "restock", "water", "1"]).status == 0)
    let (refusingAgain, refusingAgainURL) = try await houston(sandbox, ["--refuse-kind", "supplies.changed"])
    _ = try await sandbox.cosmonaut(["--houston", refusingAgainURL, "sync"])
    await refusingAgain.stop()
    let second = try #require(
      (try await sandbox.cosmonaut(["sync", "set-aside", "--json"]).stdout.json() as? [[String: Any]])?.first?["id"]
        as? String)
    let discarded = try await sandbox.cosmonaut(["sync", "discard", second])
    #expect(discarded.status == 0, "\(discarded.stderr)")
    let none = try await sandbox.cosmonaut(["sync", "set-aside", "--json"])
    #expect((try none.stdout.json() as? [Any])?.isEmpty == true)
  }

  @Test("the interactive app delivers in the background and says above the menu what waits", .needsPython3)
  func backgroundDelivery() async throws {
    let sandbox = try Sandbox()
    #expect(try await sandbox.cosmonaut(["supplies", "consume", "water", "1"]).status == 0)
    let (server, url) = try await houston(sandbox)
    defer { server.terminate() }
    let session = try KeyboardSession(sandbox: sandbox, arguments: ["--houston", url])
    try await session.waitFor("Choose 1-7")
    // Every return to the main menu reads the counts again; the first round runs at once.
    try await until("Houston to apply the report delivered in the background", within: .seconds(60)) {
      try await Houston.appliedReports(at: url).compactMap { $0["kind"] as? String }.contains("supplies.changed")
    }
    session.type("y")
    try await session.waitFor("Houston sync")
    session.type("b")
    try await session.waitFor("Houston: up to date.")
    session.type("q")
    let result = try await session.finish()
    #expect(result.status == 0, "\(result.stderr)")
    let kinds = try await Houston.appliedReports(at: url).compactMap { $0["kind"] as? String }
    #expect(kinds.filter { $0 == "supplies.changed" }.count == 1, "delivered once: \(kinds)")
  }

  @Test("a slow Houston is announced while the dashboard waits, then the last known position is shown", .needsPython3)
  func slowHoustonIsAnnounced() async throws {
    let sandbox = try Sandbox()
    // Houston answers after an hour: the command ends well within its two-minute time limit only
    // because its wait is bounded (no wall-clock bound for a loaded machine to miss).
    let (server, url) = try await houston(sandbox, ["--delay-ms", "3600000"])
    defer { server.terminate() }
    let result = try await sandbox.cosmonaut(["--houston", url, "dashboard"])
    #expect(result.status == 0, "the wait is bounded: \(result.stderr)")
    #expect(result.stdout.contains("Contacting Houston"), "\(result.stdout)")
    let json = try await sandbox.cosmonaut(["--houston", url, "dashboard", "--json"])
    #expect(!json.stdout.contains("Contacting Houston"), "JSON stays one document")
  }
}
