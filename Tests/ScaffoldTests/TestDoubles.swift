import AppAnalytics
import AppAnalyticsTestSupport
import CommandLineKit
import Foundation
import Localization
import Logging
import LoggingTestSupport
import Navigation
import PartnerConfiguration
import UIComponents
import UIComponentsTestSupport

@testable import Scaffold

/// The shared, ordered log of everything the fakes and hooks saw.
@MainActor final class Journal {
  var entries: [String] = []
  func append(_ entry: String) { entries.append(entry) }
}

/// An error with a chosen kind, like a service's error.
struct FlowFailure: ReportableError, Equatable {
  let kind: ErrorKind
  let userMessage: String
}

/// A plain error that is not reportable.
struct Crash: Error, CustomStringConvertible {
  var description: String { "disk on fire" }
}

// The places, toggles and screens of the fake domains, declared as a domain declares its own.

extension Destination {
  static let supplies = Destination(domain: "Galley", place: "supplies")
  static let health = Destination(domain: "Gym", place: "health")
  /// A place no fake domain shows.
  static let spacesuit = Destination(domain: "Airlock", place: "spacesuit")
}

extension FeatureToggle {
  /// The galley serves hot meals. Default: on.
  static let hotMeals = FeatureToggle("hotMeals", default: true, help: "The galley serves hot meals.")
}

extension StyleScreen {
  static let galley = StyleScreen("galley")
}

/// A fake domain's routes, with what partners may set in the domain.
protocol FakeRoute: CommandRoute, DomainRoute {
  static var vocabulary: PartnerVocabulary { get }
}

/// The routes of a fake galley domain: it shows supplies; it reads `hotMeals` and draws `galley`.
enum GalleyRoute: FakeRoute {
  static let vocabulary = PartnerVocabulary(
    toggles: [.hotMeals],
    screens: [StyleSchema.Screen(.galley, elements: [.title, .label], styles: [.title: TextStyle(attributes: [.dim])])])

  case menu
  case serve(meal: String, portions: Int)

  static let meal = Argument("meal", .choice(["soup", "borscht", "tea"]), help: "What to serve.")
  static let portions = Argument("portions", .integer(in: 1...12), help: "How many.")
  static let menuCommand = Command<GalleyRoute>("galley menu", abstract: "Today's menu.", json: true) { _ in .menu }
  static let serveCommand = Command<GalleyRoute>(
    "galley serve", abstract: "Serve a meal.", parameters: [meal, portions], json: true
  ) { values in .serve(meal: values[meal], portions: values[portions]) }

  static let commands = [menuCommand, serveCommand]
  static let groups = [CommandGroup("galley", aliases: ["kitchen"], abstract: "The galley.")]
  var invocation: CommandInvocation {
    switch self {
    case .menu: Self.menuCommand.invocation()
    case .serve(let meal, let portions): Self.serveCommand.invocation(Self.meal(meal), Self.portions(portions))
    }
  }

  static let mainMenu = [MenuEntry("Galley", key: "g", choice: GalleyRoute.menu)]
  init?(destination: Destination) {
    guard destination == .supplies else { return nil }
    self = .menu
  }
  var change: LocalizedText? {
    guard case .serve(let meal, let portions) = self else { return nil }
    return .verbatim("serve \(portions) \(meal).")
  }
}

/// The routes of a fake gym domain: it shows health.
enum GymRoute: FakeRoute {
  case workout(minutes: Int?)

  static let vocabulary = PartnerVocabulary()

  static let minutes = Option("minutes", .integer(in: 1...120), placeholder: "n", help: "How long.")
  static let workoutCommand = Command<GymRoute>("workout", abstract: "A workout.", parameters: [minutes]) { values in
    .workout(minutes: values[minutes])
  }
  static let commands = [workoutCommand]
  var invocation: CommandInvocation {
    guard case .workout(let minutes) = self else { preconditionFailure() }
    return Self.workoutCommand.invocation(Self.minutes(minutes))
  }

  static let mainMenu = [MenuEntry("Gym", key: "y", choice: GymRoute.workout(minutes: nil))]
  init?(destination: Destination) {
    guard destination == .health else { return nil }
    self = .workout(minutes: nil)
  }
  var change: LocalizedText? { nil }
}

/// What a fake coordinator does with a route: nothing, throw, or act on its context.
typealias FakeBehavior<Route> = @MainActor (Route, FlowContext) async throws -> Void

/// A domain coordinator that records what it was asked to do in the journal.
@MainActor final class FakeCoordinator<Route>: Coordinator {
  let name: String
  let context: FlowContext
  let journal: Journal
  let behavior: FakeBehavior<Route>

  init(name: String, context: FlowContext, journal: Journal, behavior: @escaping FakeBehavior<Route>) {
    self.name = name
    self.context = context
    self.journal = journal
    self.behavior = behavior
    journal.append("\(name).make \(context.presentation)")
  }

  func start() async {
    journal.append("\(name).start")
  }

  func start(at route: Route) async throws {
    journal.append("\(name).open \(route)")
    try await behavior(route, context)
  }
}

/// A fake domain whose coordinators record into the journal.
struct FakeDomain<Route: FakeRoute>: HostedDomain {
  static var partnerVocabulary: PartnerVocabulary { Route.vocabulary }

  let name: String
  let journal: Journal
  let behavior: FakeBehavior<Route>
  var status: String? = nil

  func statusLine() async -> LocalizedText? { status.map { .verbatim($0) } }

  func makeCoordinator(context: FlowContext) -> any Coordinator<Route> {
    FakeCoordinator(name: name, context: context, journal: journal, behavior: behavior)
  }
}

/// An app with the two fake domains over a scripted terminal, in-memory analytics and logs.
@MainActor final class Harness {
  let output = CapturedOutput()
  let errors = CapturedOutput()
  let analyticsEvents = InMemoryAnalyticsProvider()
  let logSink = InMemoryLogSink()
  let journal = Journal()
  var galleyBehavior: FakeBehavior<GalleyRoute> = { _, _ in }
  var gymBehavior: FakeBehavior<GymRoute> = { _, _ in }
  var galleyStatus: String?
  private let input: ScriptedInput
  /// Whether the input is a pipe's (its end ends the app) rather than a person's (Ctrl-D goes back).
  private let piped: Bool

  init(lines: [String] = []) {
    input = ScriptedInput(lines: lines)
    piped = true
  }

  /// A person at the keyboard: lines, Ctrl-D and Ctrl-C.
  init(answers: [ScriptedAnswer]) {
    input = ScriptedInput(answers)
    piped = false
  }

  var eventNames: [String] { analyticsEvents.events.map(\.name) }

  func makeApp() -> AppCoordinator {
    let terminal = Terminal(
      input: input, output: output, errors: errors, theme: .plain, endOfInputIsFinal: piped)
    let journal = journal
    let configuration = AppCoordinator.Configuration(
      appName: "station",
      domains: [
        .init(FakeDomain(name: "Galley", journal: journal, behavior: galleyBehavior, status: galleyStatus)),
        .init(FakeDomain(name: "Gym", journal: journal, behavior: gymBehavior)),
      ],
      terminal: terminal, analytics: Analytics(providers: [analyticsEvents]),
      logger: Logger(module: "Scaffold", level: .debug, sinks: [logSink]),
      onStart: { journal.append("onStart") },
      onShutdown: { journal.append("onShutdown") })
    return AppCoordinator(configuration: configuration)
  }
}

/// Services of the fake launched app: they record start and shutdown, or fail to be built.
@MainActor final class FakeServices: AppServices {
  let journal: Journal
  let launch: Launch

  init(launch: Launch, journal: Journal) {
    self.launch = launch
    self.journal = journal
    journal.append("services \(launch.dataDirectory.lastPathComponent)")
  }

  func start(interactive: Bool) async { journal.append("services.start \(interactive ? "interactive" : "once")") }
  func shutdown() async { journal.append("services.shutdown") }
}

/// A launched fake app over captured streams and a temporary data directory.
@MainActor final class LaunchHarness {
  let output = CapturedOutput()
  let errors = CapturedOutput()
  let journal = Journal()
  let root: URL
  var failure: (any Error)?

  init() {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("scaffold-\(UUID().uuidString)")
  }

  deinit { try? FileManager.default.removeItem(at: root) }

  static let shift = Option("shift", .choice(["day", "night"]), placeholder: "shift", help: "Which shift.")

  var launcher: AppLauncher<FakeServices> {
    let journal = journal
    let failure = failure
    return AppLauncher(
      name: "station", version: "9.9.9", abstract: "A fake station app.", options: [Self.shift], partners: .shipped,
      domains: [
        .domain { FakeDomain<GalleyRoute>(name: "Galley", journal: $0.journal, behavior: { _, _ in }) },
        .domain { FakeDomain<GymRoute>(name: "Gym", journal: $0.journal, behavior: { _, _ in }) },
      ],
      services: { launch in
        if let failure { throw failure }
        return FakeServices(launch: launch, journal: journal)
      })
  }

  /// Runs the app with `arguments` (a data directory under the temporary root unless given) and `input`.
  func run(_ arguments: [String], input: [String] = [], environment: [String: String] = [:]) async -> Int32 {
    let streams = LaunchStreams(input: ScriptedInput(lines: input), output: output, errors: errors)
    var environment = environment
    environment["HOME"] = root.path
    return await launcher.run(
      arguments: ["--data-dir", root.appendingPathComponent("data").path] + arguments, environment: environment,
      streams: streams)
  }
}
