import EndToEndSupport
import Foundation
import TestHarness
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One shipped partner as a person sees it: its name, the escape sequence of its titles (what
/// `--color always` draws: the schema's attributes and the partner's colours, from `Partners/<id>.json`)
/// and its toggles.
struct ShippedPartner: Sendable, CustomTestStringConvertible {
  let id: String
  let name: String
  /// The SGR parameters of a title on a screen the partner does not style apart.
  let title: String
  /// The SGR parameters of the Labs screen's title.
  let labsTitle: String
  let offline: Bool
  let positionPanel: Bool
  let dockingSchedule: Bool
  let resultsOnCompletion: Bool

  var testDescription: String { id }

  /// The text of the shipped partner file `id`, to change a copy of it.
  static func file(_ id: String) throws -> String {
    try String(
      contentsOf: Executables.repositoryRoot.appendingPathComponent("App/Partners/\(id).json"),
      encoding: .utf8)
  }

  static let all = [
    ShippedPartner(
      id: "nasa", name: "NASA", title: "1;97;48;2;11;61;145", labsTitle: "1;97;48;2;11;61;145", offline: false,
      positionPanel: true, dockingSchedule: true, resultsOnCompletion: true),
    ShippedPartner(
      id: "roscosmos", name: "Roscosmos", title: "1;4;38;2;213;43;30", labsTitle: "1;4;38;2;213;43;30",
      offline: false, positionPanel: true, dockingSchedule: true, resultsOnCompletion: false),
    ShippedPartner(
      id: "esa", name: "ESA", title: "1;38;2;0;174;239", labsTitle: "1;38;2;0;50;71;48;2;0;174;239", offline: false,
      positionPanel: false, dockingSchedule: false, resultsOnCompletion: true),
    ShippedPartner(
      id: "jaxa", name: "JAXA", title: "1;38;2;230;0;18", labsTitle: "1;38;2;230;0;18", offline: false,
      positionPanel: true, dockingSchedule: true, resultsOnCompletion: true),
    ShippedPartner(
      id: "csa", name: "CSA", title: "1;4;38;2;216;6;33", labsTitle: "1;4;38;2;216;6;33", offline: true,
      positionPanel: true, dockingSchedule: false, resultsOnCompletion: false),
  ]
}

extension Sandbox {
  /// Runs `laboratory` (labs simulated in-process) with this sandbox's data directory.
  func laboratory(_ arguments: [String], input: String? = nil) async throws -> ProcessResult {
    try await run(
      Executables.laboratory, ["--data-dir", dataDirectory] + arguments, input: input, environment: environment)
  }

  /// Runs `app` ("cosmonaut", "iss-overview" or "laboratory") with this sandbox's data directory.
  func app(_ app: String, _ arguments: [String], input: String? = nil) async throws -> ProcessResult {
    try await run(
      Executables.productsDirectory.appendingPathComponent(app), ["--data-dir", dataDirectory] + arguments,
      input: input, environment: environment)
  }
}

/// Lab results Houston applied (`GET /v1/lab/results`).
private func appliedLabResults(at base: String) async throws -> [[String: Any]] {
  let (data, _) = try await URLSession.shared.data(from: try #require(URL(string: base + "/v1/lab/results")))
  return try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["results"] as? [[String: Any]])
}

@Suite("partners: theme, toggles and broken files, in every app")
struct PartnerTests {
  @Test(arguments: ShippedPartner.all)
  func eachPartnerIsSeenInEveryApp(partner: ShippedPartner) async throws {
    let sandbox = try Sandbox()
    let colour = ["--partner", partner.id, "--color", "always"]
    let supplies = try await sandbox.cosmonaut(colour + ["supplies", "list"])
    #expect(supplies.status == 0, "\(supplies.stderr)")
    #expect(supplies.stdout.hasPrefix("\u{1B}[\(partner.title)mSupplies\u{1B}[0m\n"), "\(supplies.stdout)")
    let thermal = try await sandbox.issOverview(colour + ["thermal"])
    #expect(thermal.status == 0, "\(thermal.stderr)")
    #expect(thermal.stdout.hasPrefix("\u{1B}[\(partner.title)mThermal — "), "\(thermal.stdout)")
    let labs = try await sandbox.laboratory(colour + ["labs"])
    #expect(labs.status == 0, "\(labs.stderr)")
    #expect(labs.stdout.hasPrefix("\u{1B}[\(partner.labsTitle)mLabs\u{1B}[0m"), "\(labs.stdout)")

    // The partner's name heads every app's main menu; piped, there is no colour.
    for app in ["cosmonaut", "iss-overview", "laboratory"] {
      let menu = try await sandbox.app(app, ["--partner", partner.id], input: "q\n")
      #expect(menu.status == 0, "\(app): \(menu.stderr)")
      #expect(menu.stdout.contains("\(app) · \(partner.name) · development\n"), "\(app): \(menu.stdout)")
      #expect(!menu.stdout.contains("\u{1B}["))
    }

    // The dashboard's position panel, in both apps that host the Cosmonaut domain.
    for app in ["cosmonaut", "laboratory"] {
      let dashboard = try await sandbox.app(app, ["--partner", partner.id, "dashboard"])
      #expect(dashboard.status == 0, "\(app): \(dashboard.stderr)")
      #expect(dashboard.stdout.contains("ISS position") == partner.positionPanel, "\(app): \(dashboard.stdout)")
      #expect(dashboard.stdout.contains("Aboard"))
    }
  }

  @Test("--json output is the same for every partner, colour or not")
  func jsonDoesNotChangeWithThePartner() async throws {
    let sandbox = try Sandbox()
    #expect(try await sandbox.cosmonaut(["profile", "set", "--name", "Yuri Gagarin"]).status == 0)
    var documents: Set<String> = []
    for partner in ShippedPartner.all {
      for command in [["supplies", "list"], ["profile", "show"], ["sync", "status"]] {
        let result = try await sandbox.cosmonaut(["--partner", partner.id, "--color", "always"] + command + ["--json"])
        #expect(result.status == 0, "\(partner.id) \(command): \(result.stderr)")
        documents.insert(command.joined(separator: " ") + "\n" + result.stdout)
      }
      let runs = try await sandbox.laboratory(["--partner", partner.id, "--color", "always", "run", "list", "--json"])
      #expect(runs.status == 0, "\(partner.id): \(runs.stderr)")
      documents.insert("run list\n" + runs.stdout)
    }
    #expect(documents.count == 4, "one document per command, whatever the partner")
    #expect(!documents.contains { $0.contains("\u{1B}[") })
  }

  @Test("offline mode: no request to Houston even with a URL, said once, changes wait in the outbox", .needsPython3)
  func offlineModeKeepsChangesInTheOutbox() async throws {
    let sandbox = try Sandbox()
    let (server, url) = try await sandbox.houston()
    defer { server.terminate() }
    #expect(try await sandbox.cosmonaut(["supplies", "consume", "water", "1"]).status == 0)
    let offline = try await sandbox.cosmonaut(["--partner", "csa", "--houston", url, "sync", "--json"])
    // As without a URL: the outbox is shown, and the sync that could not happen is exit 69.
    #expect(offline.status == 69, "\(offline.stderr)")
    #expect(
      offline.stderr.hasPrefix(
        "note: CSA's configuration keeps cosmonaut offline: \(url) is not contacted; what needs Houston waits or "
          + "shows the kept copy (--partner picks another configuration).\nerror: "))
    let report = try #require(try offline.stdout.json() as? [String: Any])
    let pending = (report["pending"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
    #expect(pending.contains("supplies.changed") && (report["delivered"] as? [Any])?.isEmpty == true)
    #expect(try await Houston.appliedReports(at: url).isEmpty, "Houston heard nothing")

    let overview = try await sandbox.issOverview(["--partner", "csa", "--houston", url, "docking", "schedule"])
    #expect(overview.status == 69, "nothing kept, and Houston not asked: \(overview.stdout)")
    #expect(overview.stderr.hasPrefix("note: CSA's configuration keeps iss-overview offline: "))
    let results = try await sandbox.laboratory(["--partner", "csa", "--houston", url, "results", "send"])
    #expect(results.stderr.hasPrefix("note: CSA's configuration keeps laboratory offline: "), "\(results.stderr)")
    #expect(try await appliedLabResults(at: url).isEmpty)

    let online = try await sandbox.cosmonaut(["--partner", "nasa", "--houston", url, "sync", "--json"])
    #expect(online.status == 0 && online.stderr.isEmpty, "\(online.stderr)")
    let applied = try await Houston.appliedReports(at: url).compactMap { $0["kind"] as? String }
    #expect(applied.contains("supplies.changed"), "the waiting change went when the partner allowed")
  }

  @Test("background sync: the interactive app delivers by itself only when the partner says so", .needsPython3)
  func backgroundSyncFollowsThePartner() async throws {
    for (partner, delivers) in [("jaxa", false), ("nasa", true)] {
      let sandbox = try Sandbox()
      #expect(try await sandbox.cosmonaut(["supplies", "consume", "water", "1"]).status == 0)
      let (server, url) = try await sandbox.houston()
      defer { server.terminate() }
      let session = try KeyboardSession(sandbox: sandbox, arguments: ["--partner", partner, "--houston", url])
      try await session.waitFor("Choose 1-7")
      if delivers {
        try await until("\(partner): the interactive app to deliver in the background", within: .seconds(60)) {
          try await !Houston.appliedReports(at: url).isEmpty
        }
      } else {
        // An absence, not a state to wait for: the first round would run at once, so watching for
        // 3 s shows whether the partner's app delivers by itself.
        try await Task.sleep(for: .seconds(3))
        let applied = try await Houston.appliedReports(at: url)
        #expect(applied.isEmpty, "\(partner): \(applied.count) report(s) delivered in the background")
      }
      session.type("q")
      let result = try await session.finish()
      #expect(result.status == 0, "\(partner): \(result.stderr)")
    }
  }

  @Test("the docking screen shows Houston's schedule only for partners that want it", .needsPython3)
  func dockingScheduleFollowsThePartner() async throws {
    let sandbox = try Sandbox()
    let (server, url) = try await sandbox.houston()
    defer { server.terminate() }
    for partner in ShippedPartner.all where !partner.offline {
      let docking = try await sandbox.issOverview(["--partner", partner.id, "--houston", url, "docking"])
      #expect(docking.status == 0, "\(partner.id): \(docking.stderr)")
      #expect(docking.stdout.contains("Visiting vehicles") == partner.dockingSchedule, "\(partner.id)")
      let schedule = try await sandbox.issOverview(["--partner", partner.id, "--houston", url, "docking", "schedule"])
      #expect(schedule.stdout.contains("Visiting vehicles"), "asked for by name, it is there for \(partner.id)")
    }
  }

  @Test("a completed run's results go down at once only for partners that want it", .needsPython3)
  func resultsOnCompletionFollowThePartner() async throws {
    for partner in ShippedPartner.all where !partner.offline {
      let sandbox = try Sandbox()
      let (server, url) = try await sandbox.houston()
      defer { server.terminate() }
      let lab = ["--partner", partner.id, "--houston", url]
      #expect(try await sandbox.laboratory(["profile", "set", "--name", "Koichi Wakata"]).status == 0)
      let started = try await sandbox.laboratory(lab + ["run", "start", "capillary-flow", "--json"])
      #expect(started.status == 0, "\(partner.id): \(started.stderr)")
      let id = try #require((try started.stdout.json() as? [String: Any])?["id"] as? String)
      var finished: ProcessResult?
      for _ in 1...2 { finished = try await sandbox.laboratory(lab + ["run", "done", id]) }
      let last = try #require(finished)
      #expect(last.status == 0, "\(partner.id): \(last.stderr)")
      let applied = try await appliedLabResults(at: url)
      #expect(applied.isEmpty != partner.resultsOnCompletion, "\(partner.id): \(applied.count) result(s) at Houston")
      #expect(last.stdout.contains("result(s) to Houston.") == partner.resultsOnCompletion, "\(last.stdout)")
    }
  }

  @Test("a toggle a partner file leaves out has the default its domain declares, in every app; no warning")
  func featuresLeftOutHaveTheirDefaults() async throws {
    let sandbox = try Sandbox()
    // ESA turns the position panel off; without the line, the Cosmonaut domain's default (on) holds.
    let valid = try ShippedPartner.file("esa")
    let path = sandbox.directory.appendingPathComponent("esa-default.json").path
    try Data(valid.replacingOccurrences(of: #""dashboardPositionPanel": false,"#, with: "").utf8)
      .write(to: URL(fileURLWithPath: path))
    for app in ["cosmonaut", "laboratory"] {
      let dashboard = try await sandbox.app(app, ["--partner", path, "dashboard"])
      #expect(dashboard.status == 0, "\(app): \(dashboard.stderr)")
      #expect(dashboard.stdout.contains("ISS position"), "\(app): \(dashboard.stdout)")
      #expect(dashboard.stderr.isEmpty, "\(app): \(dashboard.stderr)")
    }
    // A file that sets what only another app reads is read silently by every app.
    let overview = try await sandbox.issOverview(["--partner", path, "status", "--json"])
    #expect(overview.status == 0 && overview.stderr.isEmpty, "\(overview.stderr)")
  }

  @Test("broken partner files: one line with the key path, exit 65 (64 for no such partner), nothing created")
  func brokenPartnerFilesAreRefused() async throws {
    let sandbox = try Sandbox()
    let valid = try ShippedPartner.file("esa")
    let colours =
      "a colour: a name (default, black, red, green, yellow, blue, magenta, cyan, white, brightBlack, brightRed, "
      + "brightGreen, brightYellow, brightBlue, brightMagenta, brightCyan, brightWhite) or #RRGGBB"
    let cases: [(name: String, text: String, code: Int32, line: String)] = [
      (
        "wrong-type.json", valid.replacingOccurrences(of: #""offlineMode": false"#, with: #""offlineMode": "no""#), 65,
        "features.offlineMode: expected true or false, found \"no\""
      ),
      (
        // A toggle left out has its declared default (featuresLeftOutHaveTheirDefaults); a required key is missing.
        "missing-key.json",
        valid.replacingOccurrences(of: #""name": "ESA","#, with: ""), 65,
        "name: missing; expected a name of one line, not blank"
      ),
      (
        "bad-colour.json",
        valid.replacingOccurrences(
          of: ##""labs": { "title": { "foreground": "#003247""##,
          with: ##""labs": { "title": { "foreground": "#00324""##),
        65, "theme.screens.labs.title.foreground: expected \(colours), found \"#00324\""
      ),
      (
        "missing-base.json",
        valid.replacingOccurrences(of: ##""label": { "foreground": "#00AEEF" },"##, with: ""), 65,
        "theme.base.label: missing; expected a text style (an object with foreground, background and attributes)"
      ),
    ]
    let data = URL(fileURLWithPath: sandbox.dataDirectory)
    let commands = ["cosmonaut": ["supplies", "list"], "iss-overview": ["status", "--json"], "laboratory": ["labs"]]
    for broken in cases {
      #expect(broken.text != valid, "\(broken.name) is broken")
      let path = sandbox.directory.appendingPathComponent(broken.name).path
      try Data(broken.text.utf8).write(to: URL(fileURLWithPath: path))
      for app in ["cosmonaut", "iss-overview", "laboratory"] {
        let result = try await sandbox.app(app, ["--partner", path] + (commands[app] ?? []))
        #expect(result.status == broken.code, "\(app) \(broken.name): \(result.stderr)")
        #expect(result.stderr == "error: partner file \(path): \(broken.line)\n", "\(app) \(broken.name)")
        #expect(result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: data.path), "nothing created by \(app) for \(broken.name)")
      }
    }
    let notJSON = sandbox.directory.appendingPathComponent("not-json.json").path
    try Data(valid.dropLast(3).utf8).write(to: URL(fileURLWithPath: notJSON))
    let truncated = try await sandbox.cosmonaut(["--partner", notJSON, "supplies", "list"])
    #expect(truncated.status == 65)
    #expect(
      truncated.stderr == "error: partner file \(notJSON) is not JSON: Unexpected end of file during JSON parse.\n")
    let unknown = try await sandbox.issOverview(["--partner", "nsa", "status"])
    #expect(unknown.status == 64)
    #expect(
      unknown.stderr
        == "error: no partner \"nsa\": the partners are csa, esa, jaxa, nasa and roscosmos; name one of them or the "
        + "path of a partner file\n")
    #expect(!FileManager.default.fileExists(atPath: data.path))
  }

  @Test(
    "in Russian (LANG, and cosmonaut-ru's own default) a broken partner file is one Russian line with its key path, exit 65, nothing created"
  )
  func brokenPartnerFileInRussian() async throws {
    let sandbox = try Sandbox()
    let valid = try ShippedPartner.file("esa")
    let path = sandbox.directory.appendingPathComponent("wrong-type.json").path
    try Data(valid.replacingOccurrences(of: #""offlineMode": false"#, with: #""offlineMode": "no""#).utf8)
      .write(to: URL(fileURLWithPath: path))
    let data = URL(fileURLWithPath: sandbox.dataDirectory)
    let line = "ошибка: файл партнёра \(path): features.offlineMode: ожидается true или false, найдено \"no\"\n"
    var russian = sandbox.environment
    russian["LANG"] = "ru_RU.UTF-8"
    let commands = [
      "cosmonaut": ["supplies", "list"], "cosmonaut-ru": ["supplies", "list"], "iss-overview": ["status"],
      "laboratory": ["labs"],
    ]
    for app in ["cosmonaut", "iss-overview", "laboratory", "cosmonaut-ru"] {
      let result = try await sandbox.run(
        Executables.productsDirectory.appendingPathComponent(app),
        ["--data-dir", sandbox.dataDirectory, "--partner", path] + (commands[app] ?? []),
        environment: app == "cosmonaut-ru" ? sandbox.environment : russian)
      #expect(result.status == 65, "\(app): \(result.stderr)")
      #expect(result.stderr == line, "\(app)")
      #expect(result.stdout.isEmpty)
      #expect(!FileManager.default.fileExists(atPath: data.path), "nothing created by \(app)")
    }
    let warned = sandbox.directory.appendingPathComponent("motto.json").path
    try Data(valid.replacingOccurrences(of: #""name": "ESA","#, with: #""name": "ESA", "motto": "Ad astra","#).utf8)
      .write(to: URL(fileURLWithPath: warned))
    let result = try await sandbox.run(
      Executables.cosmonaut, ["--data-dir", sandbox.dataDirectory, "--partner", warned, "supplies", "list", "--json"],
      environment: russian)
    #expect(result.status == 0)
    #expect(
      result.stderr
        == "предупреждение: файл партнёра \(warned): motto: неизвестный ключ пропущен (здесь читаются: id, name, "
        + "theme, features и analytics)\n")
  }

  @Test("an unknown key is one warning line, and the app runs")
  func unknownKeysAreWarnings() async throws {
    let sandbox = try Sandbox()
    let valid = try ShippedPartner.file("jaxa")
    let path = sandbox.directory.appendingPathComponent("jaxa-plus.json").path
    try Data(valid.replacingOccurrences(of: #""name": "JAXA","#, with: #""name": "JAXA", "motto": "Explore","#).utf8)
      .write(to: URL(fileURLWithPath: path))
    let result = try await sandbox.cosmonaut(["--partner", path, "supplies", "list", "--json"])
    #expect(result.status == 0)
    #expect(
      result.stderr
        == "warning: partner file \(path): motto: unknown key, ignored (known here: id, name, theme, features and "
        + "analytics)\n")
    let log = try String(contentsOfFile: sandbox.dataDirectory + "/cosmonaut.log", encoding: .utf8)
    #expect(log.contains("motto: unknown key, ignored"))
  }

  @Test("thousands of unknown keys are five warning lines and a count, not thousands")
  func manyUnknownKeysAreCounted() async throws {
    let sandbox = try Sandbox()
    let valid = try ShippedPartner.file("jaxa")
    let extra = (0..<5_000).map { "\"x\($0)\": 1," }.joined()
    let path = sandbox.directory.appendingPathComponent("jaxa-noisy.json").path
    try Data(valid.replacingOccurrences(of: #""name": "JAXA","#, with: #""name": "JAXA", "# + extra).utf8)
      .write(to: URL(fileURLWithPath: path))
    let result = try await sandbox.cosmonaut(["--partner", path, "supplies", "list", "--json"])
    #expect(result.status == 0)
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 6, "\(lines.prefix(8))")
    #expect(
      lines.last
        == "warning: \(path) has 4,995 more keys no module reads; fix the file, or pick another partner with --partner")
  }
}
