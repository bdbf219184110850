import Foundation
import Localization
import MissionControlInterface
import PartnerConfiguration
import Testing
import UIComponents
import UIComponentsTestSupport

@testable import Scaffold

/// A partner file as a user would write it, valid unless a test changes it.
private func partnerFile(
  id: String = "asc", features: String = #""offlineMode": false"#, providers: String = #""jsonLines""#,
  extra: String = ""
) -> String {
  """
  {
    "id": "\(id)", "name": "ASC",\(extra)
    "theme": { "base": { "title": { "foreground": "#112233" }, "heading": {}, "label": { "foreground": "blue" } } },
    "features": { \(features), "backgroundSync": true, "dashboardPositionPanel": true, "dockingSchedule": true,
                  "resultsOnCompletion": false },
    "analytics": { "providers": [\(providers)] }
  }
  """
}

extension LaunchHarness {
  /// Writes `text` as `name` under the harness's root (not its data directory) and returns its path.
  func write(_ text: String, as name: String) throws -> String {
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    let file = root.appendingPathComponent(name)
    try Data(text.utf8).write(to: file)
    return file.path
  }

  var dataDirectoryExists: Bool {
    FileManager.default.fileExists(atPath: root.appendingPathComponent("data").path)
  }
}

/// How a launched app picks, reads and applies its partner.
@MainActor @Suite struct PartnerTests {
  @Test func thePartnersNameIsTheMainMenusTitle() async {
    let nasa = LaunchHarness()
    #expect(await nasa.run([], input: ["q"]) == 0)
    #expect(nasa.output.text.hasPrefix("station · NASA · development\n"))
    let esa = LaunchHarness()
    #expect(await esa.run(["--partner", "esa"], input: ["q"]) == 0)
    #expect(esa.output.text.hasPrefix("station · ESA · development\n"))
    let fromEnvironment = LaunchHarness()
    #expect(await fromEnvironment.run([], input: ["q"], environment: ["ISS_PARTNER": "jaxa"]) == 0)
    #expect(fromEnvironment.output.text.hasPrefix("station · JAXA · development\n"))
  }

  @Test func theLauncherNamesTheAppsOwnPartner() async {
    let harness = LaunchHarness()
    let launcher = AppLauncher<FakeServices>(
      name: "station", version: "1", abstract: "A fake station app.", partners: .shipped, partner: "roscosmos",
      domains: [.domain { FakeDomain<GalleyRoute>(name: "Galley", journal: $0.journal, behavior: { _, _ in }) }],
      services: { [journal = harness.journal] in FakeServices(launch: $0, journal: journal) })
    let streams = LaunchStreams(input: ScriptedInput(lines: ["q"]), output: harness.output, errors: harness.errors)
    let code = await launcher.run(
      arguments: ["--data-dir", harness.root.appendingPathComponent("data").path], environment: [:], streams: streams)
    #expect(code == 0)
    #expect(harness.output.text.hasPrefix("station · Roscosmos · development\n"))
    #expect(await launcher.run(arguments: ["--help"], environment: [:], streams: streams) == 0)
    #expect(
      harness.output.text.split(whereSeparator: \.isWhitespace).joined(separator: " ").contains("default roscosmos."))
  }

  @Test func colourAlwaysDrawsThePartnersThemeScreenByScreen() async {
    let harness = LaunchHarness()
    #expect(await harness.run(["--partner", "nasa", "--color", "always"], input: ["q"]) == 0)
    // NASA's main menu title: bold, bright white on NASA red; its labels NASA's light blue.
    #expect(harness.output.text.hasPrefix("\u{1B}[1;97;48;2;252;61;33mstation · NASA · development\u{1B}[0m\n"))
    #expect(harness.output.text.contains("\u{1B}[38;2;108;160;220m1)\u{1B}[0m Galley"))
    let plain = LaunchHarness()
    #expect(await plain.run(["--partner", "nasa", "--color", "always", "--no-color"], input: ["q"]) == 0)
    #expect(!plain.output.text.contains("\u{1B}["))
  }

  @Test func anUnknownPartnerIsAUsageErrorAndCreatesNothing() async {
    let harness = LaunchHarness()
    #expect(await harness.run(["--partner", "nsa", "workout"]) == 64)
    #expect(
      harness.errors.text
        == "error: no partner \"nsa\": the partners are csa, esa, jaxa, nasa and roscosmos; name one of them or the "
        + "path of a partner file\n")
    #expect(!harness.dataDirectoryExists)
    #expect(harness.journal.entries.isEmpty)

    let missing = LaunchHarness()
    #expect(await missing.run(["--partner", "/nowhere/asc.json", "workout"]) == 64)
    #expect(missing.errors.lines.count == 1)
    #expect(!missing.dataDirectoryExists)
  }

  @Test func aBrokenPartnerFileIsRejectedWithItsKeyPathAndCreatesNothing() async throws {
    let cases: [(String, String)] = [
      (partnerFile(features: #""offlineMode": "no""#), "features.offlineMode: expected true or false, found \"no\""),
      (
        partnerFile().replacingOccurrences(of: #""label": { "foreground": "blue" }"#, with: #""value": {}"#),
        "theme.base.label: missing; expected a text style (an object with foreground, background and attributes)"
      ),
      (
        partnerFile().replacingOccurrences(of: "#112233", with: "#11223"),
        "theme.base.title.foreground: expected a colour: a name (default, black, red, green, yellow, blue, magenta, "
          + "cyan, white, brightBlack, brightRed, brightGreen, brightYellow, brightBlue, brightMagenta, brightCyan, "
          + "brightWhite) or #RRGGBB, found \"#11223\""
      ),
      (String(partnerFile().dropLast()), "is not JSON: Unexpected end of file during JSON parse."),
    ]
    for (text, expected) in cases {
      let harness = LaunchHarness()
      let path = try harness.write(text, as: "asc.json")
      #expect(await harness.run(["--partner", path, "workout"]) == 65)
      let separator = expected.hasPrefix("is not") ? " " : ": "
      #expect(harness.errors.text == "error: partner file \(path)\(separator)\(expected)\n")
      #expect(!harness.dataDirectoryExists, "nothing is created for \(expected)")
      #expect(harness.journal.entries.isEmpty)
    }
  }

  @Test func aBrokenPartnerFileIsRejectedInRussianWithItsKeyPath() async throws {
    let cases: [(String, String)] = [
      (
        partnerFile(features: #""offlineMode": "no""#),
        ": features.offlineMode: ожидается true или false, найдено \"no\""
      ),
      (
        partnerFile().replacingOccurrences(of: #""label": { "foreground": "blue" }"#, with: #""value": {}"#),
        ": theme.base.label: ключ отсутствует; ожидается стиль текста (объект с ключами foreground, background и attributes)"
      ),
      (
        partnerFile(providers: #"["jsonLines"]"#),
        ": analytics.providers[0]: ожидается поставщик аналитики: jsonLines или console, найдено список"
      ),
      (
        "[]",
        ": верхний уровень: ожидается конфигурация партнёра (объект с ключами id, name, theme, features и analytics), найдено список"
      ),
    ]
    for (text, expected) in cases {
      for environment in [["LANG": "ru_RU.UTF-8"], ["ISS_LANGUAGE": "ru"]] {
        let harness = LaunchHarness()
        let path = try harness.write(text, as: "asc.json")
        #expect(await harness.run(["--partner", path, "workout"], environment: environment) == 65)
        #expect(harness.errors.text == "ошибка: файл партнёра \(path)\(expected)\n", "\(environment)")
        #expect(!harness.dataDirectoryExists, "nothing is created for \(expected)")
      }
    }
    let unknown = LaunchHarness()
    #expect(await unknown.run(["--language", "ru", "--partner", "nsa", "workout"]) == 64)
    #expect(
      unknown.errors.text
        == "ошибка: нет партнёра «nsa»: партнёры — csa, esa, jaxa, nasa и roscosmos; укажите одного из них или путь к "
        + "файлу партнёра\n")
  }

  @Test func everyPartnerLineReadsInEnglishAsThePartnerModuleWritesIt() {
    let problems: [PartnerProblem] = [
      .unknownPartner("nsa", partners: ["esa", "nasa"]), .noSuchFile("x.json", partners: ["esa", "jaxa", "nasa"]),
      .notAFile("/tmp/", .directory), .notAFile("fifo", .namedPipe),
      .tooLarge(file: "big.json", size: 2_000_000, limit: 1_048_576),
      .unreadable(file: "a.json", reason: "Permission denied"), .notJSON(file: "a.json", detail: "bad"),
      .notUTF8(file: "a.json", encoding: "UTF-16LE"), .undecodable(file: "a.json", detail: "odd"),
      .missing(file: "a.json", keyPath: "id", expected: .list(of: .attribute(names: ["bold", "dim"]))),
      .wrongValue(file: "a.json", keyPath: nil, expected: .partner(keys: ["id"]), found: .object),
      .wrongValue(file: "a.json", keyPath: "theme", expected: .theme, found: .null),
    ]
    for problem in problems {
      let error = PartnerError(reason: PartnerConfigurationError(problem))
      #expect(error.translatedMessage.description == error.userMessage)
      #expect(error.translatedMessage.resolved(in: .russian) != error.userMessage)
    }
    let key = UnknownPartnerKey(file: "a.json", path: "theme.base.titel", known: ["title", "heading"])
    #expect(PartnerText.warning(key).description == key.text)
    #expect(
      PartnerText.warning(key).resolved(in: .russian)
        == "файл партнёра a.json: theme.base.titel: неизвестный ключ пропущен (здесь читаются: title и heading)")
  }

  @Test func unknownKeysAreWarnedAboutOnceAndLogged() async throws {
    let harness = LaunchHarness()
    let path = try harness.write(partnerFile(extra: #" "motto": "Ad astra","#), as: "asc.json")
    #expect(await harness.run(["--partner", path, "workout"]) == 0)
    let warning =
      "partner file \(path): motto: unknown key, ignored (known here: id, name, theme, features and analytics)"
    #expect(harness.errors.text == "warning: \(warning)\n")
    let log = try String(contentsOf: harness.root.appendingPathComponent("data/station.log"), encoding: .utf8)
    #expect(log.contains(warning))
  }

  @Test func aToggleTheFileLeavesOutHasItsDefaultAndAMisspeltOneIsAWarning() async throws {
    let harness = LaunchHarness()
    let path = try harness.write(partnerFile(features: #""offline": true"#), as: "asc.json")
    var offline: Bool?
    let launcher = AppLauncher<FakeServices>(
      name: "station", version: "1", abstract: "A fake station app.", partners: .shipped,
      domains: [.domain { FakeDomain<GymRoute>(name: "Gym", journal: $0.journal, behavior: { _, _ in }) }],
      services: { [journal = harness.journal] launch in
        offline = launch.features[.offlineMode]
        return FakeServices(launch: launch, journal: journal)
      })
    let streams = LaunchStreams(input: ScriptedInput(lines: []), output: harness.output, errors: harness.errors)
    let code = await launcher.run(
      arguments: ["--data-dir", harness.root.appendingPathComponent("data").path, "--partner", path, "workout"],
      environment: [:], streams: streams)
    #expect(code == 0)
    #expect(offline == false, "offlineMode is left out: Scaffold's declared default")
    #expect(
      harness.errors.text.hasPrefix(
        "warning: partner file \(path): features.offline: unknown key, ignored (known here: "))
    #expect(harness.errors.text.contains("offlineMode"))
  }

  @Test func eachDomainReadsItsOwnToggleAndItsScreensLookAsThePartnerSays() async throws {
    let harness = LaunchHarness()
    let path = try harness.write(
      """
      { "id": "asc", "name": "ASC",
        "theme": { "base": { "title": {}, "heading": {}, "label": {} },
                   "screens": { "galley": { "label": { "foreground": "red" } } } },
        "features": { "hotMeals": false },
        "analytics": { "providers": [] } }
      """, as: "asc.json")
    var hotMeals: Bool?
    var drawn: [String] = []
    let launcher = AppLauncher<FakeServices>(
      name: "station", version: "1", abstract: "A fake station app.", partners: .shipped,
      domains: [
        .domain { services, launch in
          hotMeals = launch.features[.hotMeals]
          return FakeDomain<GalleyRoute>(
            name: "Galley", journal: services.journal,
            behavior: { _, context in
              let galley = context.theme.screen(.galley)
              drawn = [
                galley.apply(.label, to: "L"), context.theme.apply(.label, to: "L"), galley.apply(.title, to: "T"),
              ]
            })
        }
      ],
      services: { [journal = harness.journal] in FakeServices(launch: $0, journal: journal) })
    let streams = LaunchStreams(input: ScriptedInput(lines: []), output: harness.output, errors: harness.errors)
    func run(_ partner: String) async -> Int32 {
      await launcher.run(
        arguments: [
          "--data-dir", harness.root.appendingPathComponent("data").path, "--partner", partner, "--color", "always",
          "galley", "menu",
        ], environment: [:], streams: streams)
    }
    #expect(await run(path) == 0)
    #expect(harness.errors.text.isEmpty, "the fake domain's toggle and screen are known: no warning")
    #expect(hotMeals == false, "the file's value")
    // The partner's galley label; the framework's label elsewhere; the galley's own title style (dim).
    #expect(drawn == ["\u{1B}[31mL\u{1B}[0m", "\u{1B}[36mL\u{1B}[0m", "\u{1B}[2mT\u{1B}[0m"])
    #expect(await run("nasa") == 0)
    #expect(hotMeals == true, "NASA's file does not set it: the toggle's default")
  }

  @Test func thePartnersAnalyticsProvidersAreTheOnesOn() async throws {
    let none = LaunchHarness()
    #expect(await none.run(["--partner", try none.write(partnerFile(providers: ""), as: "asc.json"), "workout"]) == 0)
    #expect(!FileManager.default.fileExists(atPath: none.root.appendingPathComponent("data/analytics.jsonl").path))
    let file = LaunchHarness()
    #expect(await file.run(["--partner", "csa", "workout"]) == 0)
    let events = try String(
      contentsOf: file.root.appendingPathComponent("data/analytics.jsonl"), encoding: .utf8)
    #expect(events.contains("\"app.start\""))
  }

  @Test func offlineModeKeepsMissionControlUnaskedAndSaysSoOnce() async throws {
    let missionControl = MissionControl(TestCentres.houston)
    let houston = missionControl.option(purpose: "")
    for (partner, offline) in [("csa", true), ("nasa", false)] {
      let harness = LaunchHarness()
      var address: MissionControlAddress?
      let launcher = AppLauncher<FakeServices>(
        name: "station", version: "1", abstract: "A fake station app.", options: [houston], partners: .shipped,
        domains: [.domain { FakeDomain<GymRoute>(name: "Gym", journal: $0.journal, behavior: { _, _ in }) }],
        services: { [journal = harness.journal] launch in
          address = try missionControl.address(launch, option: houston)
          return FakeServices(launch: launch, journal: journal)
        })
      let streams = LaunchStreams(input: ScriptedInput(lines: []), output: harness.output, errors: harness.errors)
      let code = await launcher.run(
        arguments: [
          "--data-dir", harness.root.appendingPathComponent("data").path, "--partner", partner, "--houston",
          "http://127.0.0.1:9", "workout",
        ], environment: [:], streams: streams)
      #expect(code == 0)
      #expect((address == nil) == offline, "\(partner)")
      #expect(
        harness.errors.text
          == (offline
            ? "note: CSA's configuration keeps station offline: http://127.0.0.1:9 is not contacted; what needs "
              + "Houston waits or shows the kept copy (--partner picks another configuration).\n" : ""))
    }
  }
}
