import AppAnalytics
import CommandLineKit
import FoundationEssentials
import Localization
import PartnerConfiguration
import UIComponents

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs an app: reads its command line (the domains' commands, `open <link>`, the standard and the
/// app's own options), reads the partner against what the app's modules declare, builds its live
/// services through the app's composition root, and hands the route to an ``AppCoordinator``.
/// Everything an app has in common with the others lives here.
///
/// ```swift
/// let app = AppLauncher(
///   name: "cosmonaut", version: "1.0.0", abstract: "…", options: [LiveServices.houston],
///   domains: [.domain { CosmonautDomain(client: $0.cosmonaut, features: $1.features) }],
///   services: LiveServices.init)
/// await app.main()
/// ```
@MainActor public struct AppLauncher<Services: AppServices> {
  /// The app's command line.
  let program: Program<Target>
  private let name: String
  /// The language when neither the command line nor the environment names one.
  private let defaultLanguage: Language
  /// The time zone dates are shown in.
  private let timeZone: TimeZoneRule
  /// The partner the app runs with unless `--partner` or `$ISS_PARTNER` names another.
  private let partner: String
  /// The partners the app ships.
  private let partners: PartnerCatalogue
  private let domains: [AppDomain<Services>]
  /// What partners may set in this app: Scaffold's own vocabulary, its domains' (in order) and the app's.
  let vocabulary: PartnerVocabulary
  private let makeServices: @MainActor (Launch) throws -> Services

  /// What a command line asks to run.
  enum Target: Sendable {
    /// A domain's command, once.
    case command(HostedRoute)
    /// The interactive app, starting at a typed link.
    case open(DeepLink)
    /// `backup <directory>`: copies of the app's stores there.
    case backup(directory: String)
  }

  /// An app called `name` hosting `domains` in this order (also the main menu's order). `options`
  /// are the app's own global options besides the standard ones (`--data-dir`, `--stage`,
  /// `--log-level`, `--no-color`, `--color`, `--partner`, `--language`); `partners` are the partners
  /// it ships (its `ShippedPartners.catalogue`) and `partner` the id of the one it runs with by
  /// default (`nasa`, `roscosmos`, …); `services`
  /// builds the live services once the command line is read. The app speaks `defaultLanguage` unless
  /// the command line or the environment asks for another, and shows dates in `timeZone` (the
  /// station's UTC unless the app says otherwise). The partner is read against the vocabulary of
  /// Scaffold, of the `domains` and the app's own `partnerVocabulary` (what the app module itself
  /// declares, if anything: its `PartnerVocabulary.module`).
  public init(
    name: String, version: String, abstract: some TextArgument, options: [any Parameter] = [],
    partners: PartnerCatalogue, partner: String = "nasa", defaultLanguage: Language = .english,
    timeZone: TimeZoneRule = .utc, partnerVocabulary: PartnerVocabulary = PartnerVocabulary(),
    domains: [AppDomain<Services>], services: @escaping @MainActor (Launch) throws -> Services
  ) {
    self.name = name
    self.partner = partner
    self.partners = partners
    self.defaultLanguage = defaultLanguage
    self.timeZone = timeZone
    let language = LanguageChoice.option(fallback: defaultLanguage)
    self.domains = domains
    // Loops rather than `map`/`flatMap` over `[AppDomain<Services>]`: the first generic algorithm of
    // a start-up on an array of a generic type resolves its conformances at run time, scanning every
    // conformance record of the executable, over a millisecond of every command (`Scripts/bench`).
    var vocabularies: [PartnerVocabulary] = [.module]
    var commands: [Command<HostedRoute>] = []
    var groups: [CommandGroup] = []
    for domain in domains {
      vocabularies.append(domain.vocabulary)
      commands += domain.commands
      groups += domain.groups
    }
    vocabulary = PartnerVocabulary(composing: vocabularies + [partnerVocabulary])
    makeServices = services
    let link = Self.link
    let open = Command<Target>(
      "open", abstract: Strings.openAbstract, discussion: OpenDiscussion(commands: commands), parameters: [link]
    ) { values in .open(values[link]) }
    program = Program(
      name: name, version: version, abstract: abstract,
      options: StandardOptions.all(partner: partner, among: partners) + [language] + options,
      commands: commands.map { $0.map(Target.command) } + [open, BackupCommand.command { .backup(directory: $0) }],
      groups: groups,
      withoutCommand: Strings.appWithoutCommand, sections: [.exitCodes])
  }

  /// The argument of `open`.
  nonisolated static var link: Argument<DeepLink> {
    Argument(
      "link",
      ValueFormat(
        expectation: Strings.openLinkExpectation, parse: { text throws(UsageError) in try DeepLink.parse(text) },
        write: \.description),
      help: Strings.openLinkHelp)
  }

  /// `open`'s help: the link of every command, listed when the help is shown.
  private struct OpenDiscussion: TextArgument {
    let commands: [Command<HostedRoute>]

    var localizedText: LocalizedText {
      Strings.openDiscussion(
        links: LocalizedText.joined(commands.map { .verbatim("  " + Self.linkTemplate(of: $0)) }, separator: "\n"))
    }

    private static func linkTemplate(of command: Command<HostedRoute>) -> String {
      let path = command.path.joined(separator: "/")
      let parameters = command.parameters.map { "\($0.name)=<\($0.placeholder)>" }
      return parameters.isEmpty ? path : path + "?" + parameters.joined(separator: "&")
    }
  }

  /// Runs the app with the process's arguments (each must be UTF-8 text) and environment, then
  /// exits with its code.
  public func main() async -> Never {
    // Checked writes: a reader that goes away or a closed stdout must not kill the app mid-change.
    StandardStreams.prepare()
    let arguments: [String]
    let environment: [String: String]
    do {
      // Each must be UTF-8 text, as typed: a byte that is not would be read as something nobody gave.
      (arguments, environment) = (try ProcessArguments.read(), try ProcessEnvironment.read())
    } catch {
      let readable = ProcessInfo.processInfo.environment
      let language = LanguageChoice.language(arguments: [], environment: readable, fallback: defaultLanguage)
      StandardError().writeInertLine(ErrorLine.text(for: error, translator: Translator(language: language)))
      exit(ExitCode.forError(error))
    }
    exit(await run(arguments: arguments, environment: environment))
  }

  /// Runs the app and returns its exit code; `streams` replace the process's terminal (for tests).
  public func run(arguments: [String], environment: [String: String], streams: LaunchStreams? = nil) async -> Int32 {
    let output = streams?.output ?? StandardOutput()
    let errors = streams?.errors ?? StandardError()
    let chosen = LanguageChoice.language(arguments: arguments, environment: environment, fallback: defaultLanguage)
    let translator = Translator(language: chosen, timeZone: timeZone)
    let fail = { (error: any Error) -> Int32 in
      errors.writeInertLine(ErrorLine.text(for: error, translator: translator))
      return ExitCode.forError(error)
    }
    let request: Program<Target>.Request
    do {
      request = try program.parse(arguments, environment: environment, language: chosen)
    } catch {
      return fail(error)
    }
    switch request {
    case .print(let text):
      output.write(text + "\n")
      return OutputCheck.exitCode(
        ExitCode.success, output: output.failure, changeSaved: false, errors: errors, translator: translator)
    case .run(.backup(let directory), let json, let options):
      let built: (launch: Launch, services: Services)
      do {
        built = try services(
          options: options, environment: environment, translator: translator, streams: streams, holdingLines: true)
      } catch {
        return fail(error)
      }
      let code = await BackupCommand.run(
        into: directory, json: json, appName: name, services: built.services, launch: built.launch)
      built.launch.flushLines()
      return code
    case .run(let target, let json, let options):
      var start: (route: HostedRoute, link: String)?
      if case .open(let link) = target {
        do {
          start = (try program.route(for: link, language: chosen).hostedRoute, link.description)
        } catch {
          return fail(error)
        }
      }
      let coordinator: AppCoordinator
      do {
        coordinator = try compose(
          options: options, environment: environment, translator: translator, streams: streams,
          interactive: target?.isCommand != true)
      } catch {
        return fail(error)
      }
      switch target {
      case .command(let route): return await coordinator.runOnce(route, json: json)
      case .open, .backup, nil:
        // Ctrl-C cancels a prompt or a slow flow instead of killing the app; twice in a row quits.
        if streams == nil { InterruptSignal.install() }
        return await coordinator.runInteractive(startingAt: start?.route, link: start?.link)
      }
    }
  }

  /// Builds the launch (data directory, log, analytics), the app's services and the coordinator.
  private func compose(
    options: ParsedValues, environment: [String: String], translator: Translator, streams: LaunchStreams?,
    interactive: Bool
  ) throws -> AppCoordinator {
    AppCoordinator(
      configuration: try configuration(
        options: options, environment: environment, translator: translator, streams: streams, interactive: interactive,
        stage: nil, terminal: nil))
  }

  /// The launch and the services of one stage (`stage`, else the one the launch resolves) and the
  /// host's configuration over them; switching stage in the interactive app builds another one and
  /// keeps the choice for the next launch.
  private func configuration(
    options: ParsedValues, environment: [String: String], translator: Translator, streams: LaunchStreams?,
    interactive: Bool, stage: Stage?, terminal: Terminal?
  ) throws -> AppCoordinator.Configuration {
    // One command ends soon: its log and analytics lines go out with one write each at its end.
    let (launch, services) = try self.services(
      options: options, environment: environment, translator: translator, streams: streams, stage: stage,
      terminal: terminal, holdingLines: !interactive)
    var hosted: [AppCoordinator.Domain] = []
    for domain in domains { hosted.append(domain.build(services, launch)) }
    var host = AppCoordinator.Configuration(
      appName: name, title: "\(name) · \(InertText(launch.partner.name))",
      domains: hosted,
      terminal: launch.terminal,
      analytics: launch.analytics, logger: launch.logger,
      onStart: {
        await services.start(interactive: interactive)
        for domain in hosted { await domain.start(interactive) }
      },
      onShutdown: {
        for domain in hosted.reversed() { await domain.stop() }
        await services.shutdown()
      },
      stage: launch.stage,
      switchStage: { next in
        try StageChoice.store(next, in: launch.rootDirectory)
        return try configuration(
          options: options, environment: environment, translator: translator, streams: streams,
          interactive: interactive, stage: next, terminal: launch.terminal)
      })
    host.flushLines = { launch.flushLines() }
    return host
  }
}

extension AppLauncher {
  /// The launch (data directory, log, analytics) and the app's services over it; a failure to build
  /// the services is recorded and logged before it is thrown.
  private func services(
    options: ParsedValues, environment: [String: String], translator: Translator, streams: LaunchStreams?,
    stage: Stage? = nil, terminal: Terminal? = nil, holdingLines: Bool
  ) throws -> (launch: Launch, services: Services) {
    let launch = try Launch(
      appName: name, options: options, environment: environment, translator: translator, stage: stage,
      terminal: terminal, streams: streams, defaultPartner: partner, partners: partners, vocabulary: vocabulary,
      holdingLines: holdingLines)
    do {
      return (launch, try makeServices(launch))
    } catch {
      launch.analytics.recordError(error, module: name)
      launch.logger.error(ErrorLine.text(for: error))
      launch.flushLines()
      throw error
    }
  }
}

extension AppLauncher.Target {
  /// True for one scripted command (not the interactive app).
  var isCommand: Bool {
    if case .command = self { return true }
    return false
  }

  /// The domain route of a command target (what `open` resolves a link to).
  var hostedRoute: HostedRoute {
    get throws(UsageError) {
      switch self {
      case .command(let route): return route
      case .open(let link): throw UsageError(Strings.errorOpenTakesACommand(link: link.description))
      case .backup: throw UsageError(Strings.errorOpenBackup)
      }
    }
  }
}
