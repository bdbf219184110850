import AppAnalytics
import Logging
import UIComponents

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

/// What a fake domain does with a link: return handled/not handled, throw, or act on its context.
typealias FakeBehavior = @MainActor (DeepLink, FlowContext) async throws -> Bool

/// A domain coordinator that records what it was asked to do in the journal.
@MainActor final class FakeCoordinator: Coordinator {
  let name: String
  let context: FlowContext
  let journal: Journal
  let behavior: FakeBehavior

  init(name: String, context: FlowContext, journal: Journal, behavior: @escaping FakeBehavior) {
    self.name = name
    self.context = context
    self.journal = journal
    self.behavior = behavior
    journal.append("\(name).make \(context.presentation)")
  }

  func start() async {
    journal.append("\(name).start")
  }

  func start(link: DeepLink) async throws -> Bool {
    journal.append("\(name).link \(link)")
    return try await behavior(link, context)
  }
}

/// An app with two fake domains over a scripted terminal, in-memory analytics and logs.
@MainActor final class Harness {
  let output = CapturedOutput()
  let errors = CapturedOutput()
  let analyticsEvents = InMemoryAnalyticsProvider()
  let logSink = InMemoryLogSink()
  let journal = Journal()
  var cosmonautBehavior: FakeBehavior = { _, _ in true }
  var spacesuitBehavior: FakeBehavior = { _, _ in true }
  var menuOrder: [String]? = nil
  private let input: ScriptedInput

  init(lines: [String] = []) {
    input = ScriptedInput(lines: lines)
  }

  var eventNames: [String] { analyticsEvents.events.map(\.name) }

  func makeApp() -> AppCoordinator {
    let terminal = Terminal(input: input, output: output, errors: errors, theme: .plain)
    let journal = journal
    let cosmonaut = AppCoordinator.Domain(
      route: "cosmonaut",
      menu: [
        .init(title: "Cosmonaut", key: "c", link: DeepLink(path: ["cosmonaut"])),
        .init(title: "Supplies", link: DeepLink(path: ["cosmonaut", "supplies"])),
      ]
    ) { [cosmonautBehavior] context in
      FakeCoordinator(name: "cosmonaut", context: context, journal: journal, behavior: cosmonautBehavior)
    }
    let spacesuit = AppCoordinator.Domain(
      route: "spacesuit", aliases: ["health", "suit"],
      menu: [
        .init(title: "Health", key: "h", link: DeepLink(path: ["health"])),
        .init(title: "Spacesuit", key: "s", link: DeepLink(path: ["spacesuit"])),
      ]
    ) { [spacesuitBehavior] context in
      FakeCoordinator(name: "spacesuit", context: context, journal: journal, behavior: spacesuitBehavior)
    }
    let configuration = AppCoordinator.Configuration(
      appName: "cosmonaut", domains: [cosmonaut, spacesuit], menuOrder: menuOrder, terminal: terminal,
      analytics: Analytics(providers: [analyticsEvents]),
      logger: Logger(module: "Scaffold", level: .debug, sinks: [logSink]),
      onStart: { journal.append("onStart") },
      onShutdown: { journal.append("onShutdown") })
    return AppCoordinator(configuration: configuration)
  }
}

extension DeepLink {
  /// A link from a literal the test knows to be valid.
  init(_ text: String) {
    self = DeepLink(string: text) ?? DeepLink(path: ["invalid-test-link"])
  }
}
