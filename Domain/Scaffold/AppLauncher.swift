import AppAnalytics
import CommandLineKit
import Foundation
import UIComponents

/// Runs an app: reads its command line (the domains' commands, `open <link>`, the standard and the
/// app's own options), builds its live services through the app's composition root, and hands the
/// route to an ``AppCoordinator``. Everything an app has in common with the others lives here.
///
/// ```swift
/// let app = AppLauncher(
///   name: "cosmonaut", version: "1.0.0", abstract: "…", options: [LiveServices.houston],
///   domains: [.domain { CosmonautDomain(client: $0.cosmonaut) }], services: LiveServices.init)
/// await app.main()
/// ```
@MainActor public struct AppLauncher<Services: AppServices> {
  /// The app's command line.
  let program: Program<Target>
  private let name: String
  /// The partner the app runs with unless `--partner` or `$ISS_PARTNER` names another.
  private let partner: String
  private let domains: [AppDomain<Services>]
  private let makeServices: @MainActor (Launch) throws -> Services

  /// What a command line asks to run.
  enum Target: Sendable {
    /// A domain's command, once.
    case command(HostedRoute)
    /// The interactive app, starting at a typed link.
    case open(DeepLink)
  }

  /// An app called `name` hosting `domains` in this order (also the main menu's order). `options`
  /// are the app's own global options besides the standard ones (`--data-dir`, `--log-level`,
  /// `--no-color`, `--color`, `--partner`); `partner` is the id of the partner the app runs with by
  /// default (a shipped partner: `nasa`, `roscosmos`, …); `services` builds the live services once
  /// the command line is read.
  public init(
    name: String, version: String, abstract: String, options: [any Parameter] = [], partner: String = "nasa",
    domains: [AppDomain<Services>], services: @escaping @MainActor (Launch) throws -> Services
  ) {
    self.name = name
    self.partner = partner
    self.domains = domains
    makeServices = services
    let commands = domains.flatMap(\.commands)
    let links = commands.map { "  " + Self.linkTemplate(of: $0) }.joined(separator: "\n")
    let open = Command<Target>(
      "open", abstract: "Start the interactive app at a deep link; a link that changes data asks first.",
      discussion: "A link is a command's words joined by '/', its arguments and options as parameters:\n\(links)",
      parameters: [Self.link]
    ) { values in .open(values[Self.link]) }
    program = Program(
      name: name, version: version, abstract: abstract, options: StandardOptions.all(partner: partner) + options,
      commands: commands.map { $0.map(Target.command) } + [open], groups: domains.flatMap(\.groups),
      withoutCommand: "starts the interactive app", sections: [.exitCodes])
  }

  /// The argument of `open`.
  nonisolated static var link: Argument<DeepLink> {
    Argument(
      "link",
      ValueFormat(expectation: "a deep link such as suit/status", read: { DeepLink(string: $0) }, write: \.description),
      help: "The link, e.g. supplies/consume?item=water&quantity=2.")
  }

  private static func linkTemplate(of command: Command<HostedRoute>) -> String {
    let path = command.path.joined(separator: "/")
    let parameters = command.parameters.map { "\($0.name)=<\($0.placeholder)>" }
    return parameters.isEmpty ? path : path + "?" + parameters.joined(separator: "&")
  }

  /// Runs the app with the process's arguments and environment, then exits with its code.
  public func main() async -> Never {
    // A reader that goes away (`app … | head -1`) must not kill the app mid-write.
    signal(SIGPIPE, SIG_IGN)
    let code = await run(
      arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
    exit(code)
  }

  /// Runs the app and returns its exit code; `streams` replace the process's terminal (for tests).
  public func run(arguments: [String], environment: [String: String], streams: LaunchStreams? = nil) async -> Int32 {
    let output = streams?.output ?? StandardOutput()
    let errors = streams?.errors ?? StandardError()
    let fail = { (error: any Error) -> Int32 in
      errors.write(ErrorLine.text(for: error) + "\n")
      return ExitCode.forError(error)
    }
    let request: Program<Target>.Request
    do {
      request = try program.parse(arguments, environment: environment)
    } catch {
      return fail(error)
    }
    switch request {
    case .print(let text):
      output.write(text + "\n")
      return ExitCode.success
    case .run(let target, let json, let options):
      var start: (route: HostedRoute, link: String)?
      if case .open(let link) = target {
        do {
          start = (try program.route(for: link).hostedRoute, link.description)
        } catch {
          return fail(error)
        }
      }
      let coordinator: AppCoordinator
      do {
        coordinator = try compose(
          options: options, environment: environment, streams: streams, interactive: target?.isCommand != true)
      } catch {
        return fail(error)
      }
      switch target {
      case .command(let route): return await coordinator.runOnce(route, json: json)
      case .open, nil:
        // Ctrl-C cancels a prompt or a slow flow instead of killing the app; twice in a row quits.
        if streams == nil { InterruptSignal.install() }
        return await coordinator.runInteractive(startingAt: start?.route, link: start?.link)
      }
    }
  }

  /// Builds the launch (data directory, log, analytics), the app's services and the coordinator.
  private func compose(
    options: ParsedValues, environment: [String: String], streams: LaunchStreams?, interactive: Bool
  ) throws -> AppCoordinator {
    let launch = try Launch(
      appName: name, options: options, environment: environment, streams: streams, defaultPartner: partner)
    let services: Services
    do {
      services = try makeServices(launch)
    } catch {
      launch.analytics.recordError(error, module: name)
      launch.logger.error(ErrorLine.text(for: error))
      throw error
    }
    let configuration = AppCoordinator.Configuration(
      appName: name, title: "\(name) · \(launch.partner.name)", domains: domains.map { $0.build(services) },
      terminal: launch.terminal,
      analytics: launch.analytics, logger: launch.logger,
      onStart: { await services.start(interactive: interactive) }, onShutdown: { await services.shutdown() })
    return AppCoordinator(configuration: configuration)
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
      case .open(let link): throw UsageError("'open' takes the link of a command, not \"open\" itself: \(link)")
      }
    }
  }
}
