import AppAnalytics
import Cosmonaut
import CosmonautService
import Foundation
import Logging
import Network
import Persistence
import Scaffold
import Spacesuit
import SpacesuitService
import UIComponents

/// The app could not be assembled from its options; `exitCode` says which kind of failure.
struct CompositionError: Error {
  let message: String
  let exitCode: Int32
}

/// Builds every live dependency once, from the global options and the environment.
@MainActor
struct AppComposition {
  let terminal: Terminal
  let logger: Logger
  let analytics: Analytics
  let cosmonautClient: LiveCosmonautClient
  let suitClient: LazySpacesuitClient

  static let defaultToken = "iss-dev"
  /// How long one Houston request may take: a person is waiting at the prompt.
  static let houstonTimeout: Duration = .seconds(5)
  /// Three attempts in all, so an unreachable or hanging Houston is reported within ~16 s, not ~41 s.
  static let houstonRetry = RetryPolicy(
    maxAttempts: 3, initialBackoff: .milliseconds(200), multiplier: 2, maxBackoff: .seconds(2))

  init(options: GlobalOptions, environment: [String: String]) throws {
    let level = try Self.logLevel(options.logLevel ?? environment["ISS_LOG_LEVEL"])
    let suit = try Self.suitConnection(options.suit ?? environment["ISS_SUIT"])
    let houstonURL = try Self.houstonURL(options.houston ?? environment["ISS_HOUSTON_URL"])
    let houstonToken = try houstonURL.map { _ in try Self.houstonToken(environment["ISS_HOUSTON_TOKEN"]) }
    let home = environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
    let directory = DataDirectory.resolve(option: options.dataDirectory, environment: environment, home: home)
    try DataDirectory.create(directory)

    terminal = Terminal.standard(noColor: options.noColor, environment: environment, onClosedReader: { exit(0) })
    var sinks: [any LogSink] = []
    // Logs and analytics go through Logging's whole-line, size-rotated writer (1 MiB, 3 old files each).
    if let file = try? RotatingLineFile(url: directory.appendingPathComponent("cosmonaut.log")) {
      sinks.append(FileLogSink(file: file))
    }
    if environment["ISS_LOG_STDERR"] == "1" { sinks.append(StandardErrorLogSink()) }
    logger = Logger(module: "CosmonautApp", level: level, sinks: sinks)
    var providers: [any AnalyticsProvider] = []
    if let file = try? RotatingLineFile(url: directory.appendingPathComponent("analytics.jsonl")) {
      providers.append(JSONLinesAnalyticsProvider(appendLine: { file.append($0) }))
    }
    analytics = Analytics(providers: providers)

    let store: EntityStore
    do {
      store = try EntityStore(
        configuration: StoreConfiguration(fileURL: directory.appendingPathComponent("cosmonaut.sqlite")))
    } catch {
      analytics.recordError(error, module: "CosmonautApp")
      throw DataDirectory.storeError(error, file: directory.appendingPathComponent("cosmonaut.sqlite"))
    }
    var houston: AuthenticatedClient?
    if let houstonURL, let token = houstonToken {
      houston = AuthenticatedClient(
        client: HTTPClient(
          configuration: ClientConfiguration(
            baseURL: houstonURL, timeout: Self.houstonTimeout, retry: Self.houstonRetry)), token: token)
    }
    cosmonautClient = LiveCosmonautClient(
      store: store, houston: houston, analytics: analytics, logger: logger.scoped(to: "CosmonautService"))
    suitClient = LazySpacesuitClient(
      connection: suit, logger: logger.scoped(to: "SpacesuitService"), analytics: analytics)
    logger.debug("composed", metadata: ["data": directory.path, "houston": houstonURL?.absoluteString ?? "offline"])
  }

  /// The Scaffold configuration: which domains the app hosts and how their coordinators are made.
  func makeCoordinator() -> AppCoordinator {
    let cosmonautClient = cosmonautClient
    let suitClient = suitClient
    let analytics = analytics
    let logger = logger
    let cosmonaut = AppCoordinator.Domain(
      route: "cosmonaut", aliases: ["dashboard", "profile", "supplies", "sync"],
      menu: [
        .init(title: "Cosmonaut", key: "c", link: DeepLink(path: ["cosmonaut"])),
        .init(title: "Supplies", key: "u", link: DeepLink(path: ["supplies"])),
        .init(title: "Sync", key: "y", link: DeepLink(path: ["sync"])),
      ]
    ) { context in
      CosmonautCoordinator(context: context, client: cosmonautClient, analytics: analytics, logger: logger)
    }
    let spacesuit = AppCoordinator.Domain(
      route: "spacesuit", aliases: ["health", "suit"],
      menu: [
        .init(title: "Health", key: "h", link: DeepLink(path: ["health"])),
        .init(title: "Spacesuit", key: "s", link: DeepLink(path: ["spacesuit"])),
      ]
    ) { context in
      SpacesuitCoordinator(context: context, client: suitClient, analytics: analytics, logger: logger)
    }
    let configuration = AppCoordinator.Configuration(
      appName: "cosmonaut", domains: [cosmonaut, spacesuit],
      menuOrder: ["Cosmonaut", "Health", "Spacesuit", "Supplies", "Sync"],
      terminal: terminal, analytics: analytics, logger: logger,
      onStart: {
        do {
          _ = try await cosmonautClient.enqueueStatusReportIfDue()
        } catch {
          analytics.recordError(error, module: "CosmonautApp")
        }
      })
    return AppCoordinator(configuration: configuration)
  }

  private static func logLevel(_ text: String?) throws -> LogLevel {
    guard let text else { return .info }
    guard let level = LogLevel(name: text) else {
      let names = LogLevel.allCases.map(\.description).joined(separator: ", ")
      throw CompositionError(message: "unknown log level \"\(text)\"; use one of: \(names)", exitCode: ExitCode.usage)
    }
    return level
  }

  private static func suitConnection(_ text: String?) throws -> SuitConnection {
    guard let text else { return .simulated(seed: UInt64(Date().timeIntervalSince1970)) }
    if text == "simulated" { return .simulated(seed: UInt64(Date().timeIntervalSince1970)) }
    guard let connection = SuitConnection(argument: text) else {
      throw CompositionError(
        message: "unknown suit \"\(text)\"; use --suit simulated or --suit unix:/path/to/suit.sock",
        exitCode: ExitCode.usage)
    }
    return connection
  }

  /// The token Houston requests carry: `$ISS_HOUSTON_TOKEN`, or the development token when unset.
  private static func houstonToken(_ text: String?) throws -> AuthToken {
    guard let text else { return AuthToken(defaultToken)! }
    guard let token = AuthToken(text) else {
      throw CompositionError(
        message: "ISS_HOUSTON_TOKEN is empty; set it to Houston's token, or unset it for the development token",
        exitCode: ExitCode.usage)
    }
    return token
  }

  private static func houstonURL(_ text: String?) throws -> URL? {
    guard let text, !text.isEmpty else { return nil }
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
      url.host != nil
    else {
      throw CompositionError(
        message: "Houston URL \"\(text)\" is not an http(s) URL; e.g. --houston http://127.0.0.1:8765",
        exitCode: ExitCode.usage)
    }
    return url
  }
}
