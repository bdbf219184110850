/// The files of a hosted domain that works at once: a route with one command named after the domain
/// (its deep link, `--json`, help and completion come from CommandLineKit), a coordinator, a flow, a
/// screen, its menu, the value it shows, its partner vocabulary, string tables in every language, a
/// README, and tests of the route and the flow. Written the way the workspace's domains are (see
/// `Domain/Spacesuit`): one file per role, text from the string tables, menus as enums.
struct DomainTemplates {
  let module: ModuleName
  /// The main-menu key of the domain's entry (a letter no hosted domain uses).
  let menuKey: String
  /// The product of the app that hosts it, if any (for the README).
  let hostingApp: String?

  /// The modules the domain's sources import: its `dependsOn:`.
  static let dependencies = ["CommandLineKit", "UIComponents", "PartnerConfiguration", "Localization"]
  /// What its tests import besides: its `testsUse:`.
  static let testDependencies = [
    "Logging", "AppAnalytics", "UIComponentsTestSupport", "LoggingTestSupport", "AppAnalyticsTestSupport",
  ]

  private var name: String { module.name }
  private var command: String { module.kebab }
  private var place: String { module.lowerCamel }
  private var title: String { module.title }

  /// The entry in an app's `domains:` list.
  var compositionEntry: String { ".domain { _ in \(name)Domain() }," }

  /// `Domain/<Name>/<file>` → contents.
  var sourceFiles: [(fileName: String, contents: String)] {
    [
      ("\(name)Route.swift", route), ("\(name)Destination.swift", destination), ("\(name)Domain.swift", domain),
      ("\(name)Coordinator.swift", coordinator), ("\(name)Flow.swift", flow), ("\(name)Screen.swift", screen),
      ("\(name)Menus.swift", menus), ("\(name)Summary.swift", summary), ("PartnerVocabulary.json", vocabulary),
      ("Strings/en.json", english), ("Strings/ru.json", russian), ("README.md", readme),
    ]
  }

  /// `Tests/<Name>Tests/<file>` → contents.
  var testFiles: [(fileName: String, contents: String)] {
    [("Harness.swift", harness), ("RouteTests.swift", routeTests), ("FlowTests.swift", flowTests)]
  }

  // MARK: Sources

  private var route: String {
    """
    import CommandLineKit
    import Localization
    import UIComponents

    /// Every destination of the \(name) domain, declared once: its command-line words, deep link, help
    /// and main-menu entry. A new command is a case here, its `Command` below and a flow of its own.
    public enum \(name)Route: Hashable, Sendable {
      /// The domain's status and commands (its screen when interactive).
      case overview
    }

    // MARK: - Command line and deep links

    extension \(name)Route: CommandRoute {
      public static let commands: [Command<\(name)Route>] = [overviewCommand]

      public var invocation: CommandInvocation {
        switch self {
        case .overview: Self.overviewCommand.invocation()
        }
      }

      static let overviewCommand = Command(
        // untranslated: command words
        "\(command)", abstract: Strings.commandOverview, json: true
      ) { _ in \(name)Route.overview }
    }

    // MARK: - Interactive app

    extension \(name)Route: DomainRoute {
      public static let mainMenu = [
        MenuEntry(Strings.domainTitle, key: "\(menuKey)", choice: \(name)Route.overview)
      ]

      public init?(destination: Destination) {
        switch destination {
        case .\(place): self = .overview
        default: return nil
        }
      }

      public var change: LocalizedText? {
        switch self {
        case .overview: nil
        }
      }
    }

    """
  }

  private var destination: String {
    """
    import UIComponents

    // The domain's places. No other domain names them, so they stay here; one that another domain
    // should name would move to a small \(name)Interface module (as CosmonautInterface does).

    extension Destination {
      /// The \(name) screen: the domain's status and commands.
      static let \(place) = Destination(domain: \(name)Domain.moduleName, place: "\(place)")
    }

    """
  }

  private var domain: String {
    """
    import PartnerConfiguration
    import UIComponents

    /// The \(name) domain as an app hosts it: `\(compositionEntry.dropLast())` in the app's
    /// composition root. When the domain gets a service, its client comes in here and goes on to the
    /// coordinator (`\(name)Domain(client:)`).
    public struct \(name)Domain: HostedDomain {
      /// The module errors, events and logs are recorded under.
      nonisolated static let moduleName = "\(name)"  // untranslated: a module name, never shown as prose

      /// The domain.
      public init() {}

      /// The screen the domain draws (`PartnerVocabulary.json`).
      public static var partnerVocabulary: PartnerVocabulary { .module }

      public var name: String { Self.moduleName }

      public func makeCoordinator(context: FlowContext) -> any Coordinator<\(name)Route> {
        \(name)Coordinator(context: context)
      }
    }

    """
  }

  private var coordinator: String {
    """
    import UIComponents

    /// The \(name) domain's entry point: its home is the \(name) screen.
    @MainActor
    final class \(name)Coordinator: Coordinator {
      private let context: FlowContext
      private let flow: \(name)Flow

      /// The coordinator for one presentation.
      init(context: FlowContext) {
        self.context = context
        flow = \(name)Flow(context: context)
      }

      /// The domain's home: the \(name) screen.
      func start() async {
        await flow.runInteractive()
      }

      func start(at route: \(name)Route) async throws {
        switch route {
        case .overview:
          if context.presentation == .interactive { await flow.runInteractive() } else { try flow.printOnce() }
        }
      }
    }

    """
  }

  private var flow: String {
    """
    import Localization
    import UIComponents

    /// The \(name) screen: the domain's status and commands, once for a script (the screen, or with
    /// `--json` the same as one JSON document) or interactively with its menu.
    @MainActor
    struct \(name)Flow {
      let context: FlowContext

      /// Prints the summary once.
      func printOnce() throws {
        try context.show(\(name)Summary.current, as: \(name)Screen.render)
      }

      /// The screen and its menu, until the person goes back.
      func runInteractive() async {
        let (theme, translator) = (context.theme, context.translator)
        let screen = InteractiveScreen(
          menu: Menu<\(name)Choice>(Strings.domainTitle),
          load: { \(name)Summary.current },
          render: { \(name)Screen.render($0, theme: theme, translator: translator) })
        await screen.run(in: context) { choice, _ in
          switch choice {
          case .refresh: .stay
          case .back: .leave
          }
        }
      }
    }

    """
  }

  private var screen: String {
    """
    import Localization
    import UIComponents

    /// Draws the \(name) summary: the domain's status and its commands.
    enum \(name)Screen {
      static func render(_ summary: \(name)Summary, theme: Theme, translator: Translator) -> String {
        let theme = theme.screen(.\(place))
        return KeyValuePanel(
          title: translator(Strings.domainTitle),
          rows: [
            .init(translator(Strings.labelStatus), translator(word(for: summary.status)), style: .ok),
            .init(translator(Strings.labelCommands), summary.commands.joined(separator: ", ")),
          ]
        ).render(theme)
      }

      /// The status in the reader's language.
      private static func word(for status: \(name)Summary.Status) -> LocalizedText {
        switch status {
        case .ready: Strings.statusReady
        }
      }
    }

    """
  }

  private var menus: String {
    """
    import Localization
    import UIComponents

    /// The \(name) screen's choices, in menu order.
    enum \(name)Choice: String, MenuChoice, CaseIterable {
      case refresh = "r", back = "b"

      var title: LocalizedText {
        switch self {
        case .refresh: Strings.menuRefresh
        case .back: Strings.menuBack
        }
      }
    }

    """
  }

  private var summary: String {
    """
    /// What the \(name) domain shows: its name, its status and its commands — the screen's value and,
    /// as it is, the `--json` document of `\(command)`.
    struct \(name)Summary: Encodable, Equatable, Sendable {
      /// Whether the domain can do its work.
      enum Status: String, Encodable, Sendable {
        /// It can: every command answers.
        case ready
      }

      /// The module name.
      let domain: String
      /// Whether it can do its work.
      let status: Status
      /// Its commands as a person types them.
      let commands: [String]

      /// The domain as it is now.
      static var current: \(name)Summary {
        \(name)Summary(
          domain: \(name)Domain.moduleName, status: .ready,
          commands: \(name)Route.commands.map { $0.path.joined(separator: " ") })
      }
    }

    """
  }

  private var vocabulary: String {
    """
    {
      "screens": [
        {
          "name": "\(place)",
          "help": "The \(title) domain: its status and commands.",
          "elements": ["title", "label", "value", "ok"]
        }
      ]
    }

    """
  }

  private var english: String {
    """
    {
      "domain.title": "\(title)",
      "command.overview": "The \(title) domain: its status and commands.",
      "label.status": "Status",
      "label.commands": "Commands",
      "status.ready": "ready",
      "menu.refresh": "Refresh",
      "menu.back": "Back"
    }

    """
  }

  private var russian: String {
    """
    {
      "domain.title": "\(title)",
      "command.overview": "Домен \(title): состояние и команды.",
      "label.status": "Состояние",
      "label.commands": "Команды",
      "status.ready": "готов",
      "menu.refresh": "Обновить",
      "menu.back": "Назад"
    }

    """
  }

  private var readme: String {
    let hosted =
      hostingApp.map { "`\($0)` hosts it (its composition root lists `\(name)Domain()`)." }
      ?? "No app hosts it yet: an app lists `\(compositionEntry.dropLast())` among its `domains:`."
    return """
      # \(name) (Domain)

      The \(title) domain, declared in `\(name)Route`, entered through `\(name)Coordinator` and shown by
      `\(name)Flow` with `\(name)Screen`; the value it shows is `\(name)Summary` (the domain's name,
      status and commands). An app hosts it as `\(name)Domain()`. \(hosted)

      | route | command / link | interactive | once (text or `--json`) |
      |---|---|---|---|
      | `.overview` | `\(command)` (`open \(command)`) | the \(title) screen (main menu: \(title), key `\(menuKey)`) | the status and the commands |

      One file per role: the route (`\(name)Route.swift`), the destination it shows
      (`\(name)Destination.swift`: `.\(place)`), the domain, the coordinator, the flow, the screen, its
      menu (`\(name)Menus.swift`) and its value (`\(name)Summary.swift`). A new command is a case of
      `\(name)Route` with its `Command`, a flow and a screen; a service comes in through
      `\(name)Domain`'s initializer (its `…Interface` in `dependsOn:`, its `…Fakes` in `testsUse:`).

      **Partner vocabulary** (`PartnerVocabulary.json`): no toggle; the screen `\(place)`.
      **Languages**: `Strings/en.json`, `Strings/ru.json`; the `--json` document stays English.
      Tests: `Tests/\(name)Tests` — `RouteTests` (the command reads and prints back, the link reads,
      command, link and main menu reach the same flow), `FlowTests` (text, JSON, Russian, the
      interactive menu, on a scripted terminal).

      """
  }

  // MARK: Tests

  private var harness: String {
    """
    import AppAnalytics
    import AppAnalyticsTestSupport
    import CommandLineKit
    import Localization
    import Logging
    import LoggingTestSupport
    import UIComponents
    import UIComponentsTestSupport

    @testable import \(name)

    /// Everything a \(name) flow touches: a scripted terminal, in-memory analytics and log, a
    /// navigator that records.
    @MainActor
    final class \(name)Harness {
      let input: ScriptedInput
      let output = CapturedOutput()
      let errorOutput = CapturedOutput()
      let terminal: Terminal
      let coordinator: any Coordinator<\(name)Route>

      init(_ presentation: Presentation, input lines: [String] = [], translator: Translator = .english) {
        input = ScriptedInput(lines: lines)
        terminal = Terminal(input: input, output: output, errors: errorOutput, theme: .plain, translator: translator)
        let context = FlowContext(
          terminal: terminal, presentation: presentation, navigator: RecordingNavigator(),
          errors: TerminalErrorPresenter(terminal: terminal),
          analytics: Analytics(providers: [InMemoryAnalyticsProvider()]),
          logger: Logger(module: "\(name)Tests", level: .trace, sinks: [InMemoryLogSink()]),
          module: \(name)Domain.moduleName)
        coordinator = \(name)Domain().makeCoordinator(context: context)
      }

      /// Opens the route that the command-line `words` name, as a user would.
      func open(_ words: [String]) async throws {
        try await coordinator.start(at: try \(name)Route(words: words))
      }
    }

    """
  }

  private var routeTests: String {
    """
    import CommandLineKit
    import Testing
    import UIComponents

    @testable import \(name)

    /// The domain's route: its command reads and prints back, its link reads, and the command, the
    /// link and the main menu reach the same flow.
    @MainActor
    @Suite("\(name) routes")
    struct \(name)RouteTests {
      @Test func theCommandIsNamedAfterTheDomain() {
        #expect(\(name)Route.commands.map(\\.path) == [["\(command)"]])
        #expect(\(name)Route.commands.map(\\.printsJSON) == [true])
        #expect(\(name)Route.overview.words == ["\(command)"])
        #expect(\(name)Route.overview.link.description == "\(command)")
      }

      @Test func printingThenReadingGivesTheRouteBack() throws {
        let route = \(name)Route.overview
        #expect(try \(name)Route(words: route.words) == route)
        #expect(try \(name)Route(link: route.link) == route)
        #expect(try \(name)Route(link: #require(DeepLink(string: "\(command)"))) == route)
      }

      @Test func wordsAndLinksItDoesNotKnowAreRefused() throws {
        #expect(throws: UsageError.self) { try \(name)Route(words: ["\(command)", "extra"]) }
        let link = try #require(DeepLink(string: "\(command)/extra"))
        #expect(throws: UsageError.self) { try \(name)Route(link: link) }
      }

      @Test func theDomainShowsItsOwnDestinationOnly() {
        #expect(\(name)Route(destination: .\(place)) == .overview)
        #expect(\(name)Route(destination: Destination(domain: "Elsewhere", place: "\(place)")) == nil)
        #expect(\(name)Route.overview.change == nil)
      }

      @Test func theCommandTheLinkAndTheMainMenuReachTheSameFlow() async throws {
        #expect(\(name)Route.mainMenu.map(\\.title.description) == ["\(title)"])
        #expect(\(name)Route.mainMenu.map(\\.key) == ["\(menuKey)"])
        let entry = try #require(\(name)Route.mainMenu.first)
        let viaWords = try await output(of: try \(name)Route(words: ["\(command)"]))
        let viaLink = try await output(of: try \(name)Route(link: #require(DeepLink(string: "\(command)"))))
        let viaMenu = try await output(of: entry.choice)
        #expect(viaWords == viaLink)
        #expect(viaWords == viaMenu)
        #expect(!viaWords.isEmpty)
      }

      /// What opening `route` once as JSON prints.
      private func output(of route: \(name)Route) async throws -> String {
        let harness = \(name)Harness(.once(json: true))
        try await harness.coordinator.start(at: route)
        return harness.output.text
      }
    }

    """
  }

  private var flowTests: String {
    """
    import FoundationEssentials
    import Localization
    import Testing
    import UIComponents

    @testable import \(name)

    /// The \(name) screen as a script and a person see it: text, JSON, Russian, the interactive menu.
    @MainActor
    @Suite("\(name) flow")
    struct \(name)FlowTests {
      /// The `\(command) --json` document as a script reads it.
      private struct SummaryJSON: Decodable, Equatable {
        let domain: String
        let status: String
        let commands: [String]
      }

      @Test func theTextShowsTheDomainsStatusAndCommands() async throws {
        let harness = \(name)Harness(.once(json: false))
        try await harness.open(["\(command)"])
        #expect(harness.output.lines == ["\(title)", "  Status:    ready", "  Commands:  \(command)"])
        #expect(harness.errorOutput.text.isEmpty)
      }

      @Test func theJSONIsTheSameSummaryAsOneDocument() async throws {
        let harness = \(name)Harness(.once(json: true))
        try await harness.open(["\(command)"])
        let document = try JSONDecoder().decode(SummaryJSON.self, from: Data(harness.output.text.utf8))
        #expect(document == SummaryJSON(domain: "\(name)", status: "ready", commands: ["\(command)"]))
      }

      @Test func russianReadersSeeRussianWordsAndTheSameJSON() async throws {
        let russian = Translator(language: .russian)
        let text = \(name)Harness(.once(json: false), translator: russian)
        try await text.open(["\(command)"])
        #expect(text.output.lines == ["\(title)", "  Состояние:  готов", "  Команды:    \(command)"])
        let english = \(name)Harness(.once(json: true))
        let json = \(name)Harness(.once(json: true), translator: russian)
        try await english.open(["\(command)"])
        try await json.open(["\(command)"])
        #expect(json.output.text == english.output.text)
      }

      @Test func theScreenRefreshesThenGoesBack() async {
        let harness = \(name)Harness(.interactive, input: ["r", "b"])
        await harness.coordinator.start()
        #expect(harness.output.lines.filter { $0 == "  Status:    ready" }.count == 2)
        #expect(harness.output.lines.contains("  1) Refresh  [r]"))
        #expect(harness.output.lines.contains("  2) Back     [b]"))
        #expect(harness.input.unreadCount == 0)
      }

      @Test func theEndOfInputLeavesTheScreen() async throws {
        let harness = \(name)Harness(.interactive)
        try await harness.open(["\(command)"])
        #expect(harness.output.lines.filter { $0 == "  Status:    ready" }.count == 1)
      }
    }

    """
  }
}
