import EndToEndSupport
import Foundation
import TestHarness
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The two flavours of the Cosmonaut app, each against its own mission control (issue 12):
/// `cosmonaut` reports to Houston, `cosmonaut-ru` to TsUP in TsUP's dialect — the same profile,
/// supplies and sync, each report applied exactly once through injected faults.
@Suite("the Houston and TsUP flavours against their mission control")
struct FlavourTests {
  /// One flavour: its executable, its option, its token variable, where its mission control lists
  /// what it applied (and the other centre's list, which must stay empty), and its clock's mark.
  struct Flavour: Sendable, CustomStringConvertible {
    let executable: URL
    let option: String
    let tokenVariable: String
    let appliedPath: String
    let appliedKey: String
    let otherPath: String
    let otherKey: String
    let clockMark: String
    let centre: String

    var description: String { executable.lastPathComponent }

    static let houston = Flavour(
      executable: Executables.cosmonaut, option: "--houston", tokenVariable: "ISS_HOUSTON_TOKEN",
      appliedPath: "/v1/reports", appliedKey: "reports", otherPath: "/api/v2/telemetry", otherKey: "messages",
      clockMark: "Z", centre: "Houston")
    static let tsup = Flavour(
      executable: Executables.cosmonautRu, option: "--tsup", tokenVariable: "ISS_TSUP_TOKEN",
      appliedPath: "/api/v2/telemetry", appliedKey: "messages", otherPath: "/v1/reports", otherKey: "reports",
      clockMark: " MSK", centre: "TsUP")
  }

  static let token = "flavour-test-token"

  func run(_ flavour: Flavour, _ sandbox: Sandbox, _ arguments: [String]) async throws -> ProcessResult {
    try await sandbox.run(
      flavour.executable, ["--data-dir", sandbox.dataDirectory] + arguments,
      environment: sandbox.environment.merging([flavour.tokenVariable: Self.token, "ISS_LANGUAGE": "en"]) { $1 })
  }

  static func list(_ path: String, _ key: String, at base: String) async throws -> [[String: Any]] {
    guard let url = URL(string: base + path) else { throw URLError(.badURL) }
    var request = URLRequest(url: url)
    request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
    let (data, _) = try await URLSession.shared.data(for: request)
    guard let items = (try JSONSerialization.jsonObject(with: data) as? [String: Any])?[key] as? [[String: Any]] else {
      throw URLError(.cannotParseResponse)
    }
    return items
  }

  @Test(
    "profile, supplies and sync through faults: each report applied exactly once", .needsPython3,
    arguments: [Flavour.houston, .tsup])
  func profileSuppliesAndSyncExactlyOnce(_ flavour: Flavour) async throws {
    let sandbox = try Sandbox()
    let set = try await run(flavour, sandbox, ["profile", "set", "--name", "Yuri Gagarin", "--agency", "Roscosmos"])
    #expect(set.status == 0, "\(set.stderr)")
    #expect(set.stdout.contains("\(flavour.centre) will be told on the next sync"))
    let profile = try #require(
      try (try await run(flavour, sandbox, ["profile", "show", "--json"])).stdout.json() as? [String: Any])
    #expect(profile["name"] as? String == "Yuri Gagarin" && profile["agency"] as? String == "Roscosmos")
    #expect(try await run(flavour, sandbox, ["supplies", "consume", "water", "2"]).status == 0)
    #expect(try await run(flavour, sandbox, ["supplies", "restock", "food", "5"]).status == 0)
    let tooMuch = try await run(flavour, sandbox, ["supplies", "consume", "water", "1000"])
    #expect(tooMuch.status == 65 && tooMuch.stderr.hasPrefix("error: cannot consume 1000 L"), "\(tooMuch.stderr)")

    // Two failed attempts, then an applied report whose answer is lost: the client retries, the
    // key saves it, and no report is applied twice however many syncs it takes.
    let (server, url) = try await sandbox.houston([
      "--token", Self.token, "--fail-first", "2", "--drop-response-first", "1",
    ])
    defer { server.terminate() }
    var sync = try await run(flavour, sandbox, [flavour.option, url, "sync", "--json"])
    for _ in 0..<3 where sync.status != 0 {
      sync = try await run(flavour, sandbox, [flavour.option, url, "sync", "--json"])
    }
    #expect(sync.status == 0, "\(sync.stderr)")
    let status = try #require(
      try (try await run(flavour, sandbox, ["sync", "status", "--json"])).stdout.json() as? [String: Any])
    #expect((status["pending"] as? [Any])?.isEmpty == true, "\(status)")

    let applied = try await Self.list(flavour.appliedPath, flavour.appliedKey, at: url)
    #expect(applied.count == 4, "status report, profile and two supply changes: \(applied)")
    let again = try await run(flavour, sandbox, [flavour.option, url, "sync", "--json"])
    #expect(again.status == 0)
    #expect(try await Self.list(flavour.appliedPath, flavour.appliedKey, at: url).count == 4, "nothing twice")
    #expect(try await Self.list(flavour.otherPath, flavour.otherKey, at: url).isEmpty, "only its own dialect")
  }

  @Test("TsUP's messages are filed by type in Moscow time; Houston's reports stay Houston's", .needsPython3)
  func eachDialectOnTheWire() async throws {
    let sandbox = try Sandbox()
    let (server, url) = try await sandbox.houston(["--token", Self.token])
    defer { server.terminate() }
    #expect(try await run(.tsup, sandbox, ["supplies", "consume", "water", "2"]).status == 0)
    #expect(try await run(.tsup, sandbox, ["--tsup", url, "sync"]).status == 0)
    let messages = try await Self.list("/api/v2/telemetry", "messages", at: url)
    let headers = messages.compactMap { $0["header"] as? [String: Any] }
    #expect(headers.compactMap { $0["type"] as? String }.sorted() == ["consumables.movement", "status.summary"])
    #expect(headers.allSatisfy { ($0["composed"] as? String)?.hasSuffix("+03:00") == true }, "\(headers)")
    let movement = messages.compactMap { ($0["body"] as? [String: Any])?["movement"] as? [String: Any] }.first
    #expect(movement?["operation"] as? String == "expenditure" && movement?["remaining"] as? Int == 398)

    #expect(try await run(.houston, sandbox, ["supplies", "consume", "water", "2"]).status == 0)
    #expect(try await run(.houston, sandbox, ["--houston", url, "sync"]).status == 0)
    let reports = try await Self.list("/v1/reports", "reports", at: url)
    #expect(reports.compactMap { $0["kind"] as? String }.sorted() == ["status.report", "supplies.changed"])
    #expect(try await Self.list("/api/v2/telemetry", "messages", at: url).count == 2, "each flavour its own store")
  }

  @Test(
    "each flavour shows times on its centre's clock and the position in metric units", .needsPython3,
    arguments: [Flavour.houston, .tsup])
  func dashboardOnTheCentresClock(_ flavour: Flavour) async throws {
    let sandbox = try Sandbox()
    let (server, url) = try await sandbox.houston(["--token", Self.token])
    defer { server.terminate() }
    let dashboard = try await run(flavour, sandbox, [flavour.option, url, "dashboard"])
    #expect(dashboard.status == 0, "\(dashboard.stderr)")
    let text = dashboard.stdout
    #expect(text.contains(" km\n") && text.contains(" km/s\n"), "\(text)")
    let position = try #require(text.split(separator: "\n").first { $0.contains("Position:") })
    #expect(position.contains("live, computed ") && position.hasSuffix(flavour.clockMark), "\(position)")
    #expect(text.contains("Waiting for \(flavour.centre):"))
    // The altitude TsUP sends in metres is shown in kilometres, as Houston's is.
    let json = try #require(
      try (try await run(flavour, sandbox, [flavour.option, url, "dashboard", "--json"])).stdout.json()
        as? [String: Any])
    let altitude = try #require((json["position"] as? [String: Any])?["altitudeKm"] as? Double)
    #expect((419...422).contains(altitude), "\(altitude)")
  }

  @Test("cosmonaut-ru knows no Houston, and cosmonaut no TsUP")
  func eachFlavourRefusesTheOthersOption() async throws {
    let sandbox = try Sandbox()
    let ru = try await run(.tsup, sandbox, ["sync", "--houston", "http://127.0.0.1:9"])
    #expect(ru.status == 64 && ru.stderr.contains("unknown option '--houston'"), "\(ru.stderr)")
    let us = try await run(.houston, sandbox, ["sync", "--tsup", "http://127.0.0.1:9"])
    #expect(us.status == 64 && us.stderr.contains("unknown option '--tsup'"), "\(us.stderr)")
    let menu = try await sandbox.run(
      Executables.cosmonautRu, ["--data-dir", sandbox.dataDirectory], input: "q\n",
      environment: sandbox.environment.merging(["ISS_LANGUAGE": "en"]) { $1 })
    #expect(menu.status == 0, "\(menu.stderr)")
    #expect(menu.stdout.contains("TsUP"), "the main menu speaks of TsUP: \(menu.stdout)")
    #expect(!menu.stdout.contains("Houston"), "\(menu.stdout)")
  }
}
