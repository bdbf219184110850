import AppAnalytics
import Localization
import Logging
import Navigation
import PartnerConfiguration

/// A domain's destinations as the interactive app offers them: main-menu entries, the
/// cross-domain destinations it shows, and what a route would change.
///
/// A domain's route type conforms to this and to the command-line module's `CommandRoute`, in one
/// declaration: its words, its deep link, its help and its menu entries live together.
public protocol DomainRoute: Hashable, Sendable {
  /// The domain's entries in the app's main menu, in order.
  static var mainMenu: [MenuEntry<Self>] { get }
  /// The route that shows `destination`, when this domain shows it: a `switch` over the domain's
  /// own destinations with `default: return nil`, so another domain's new destination changes nothing here.
  init?(destination: Destination)
  /// What opening this route changes, as a sentence ("Consume 2 L of water."), or nil when it only
  /// shows something. The interactive app asks before following a typed link that changes data.
  var change: LocalizedText? { get }
}

/// One main-menu entry: what the user reads, the key that picks it, and the route it opens (its choice).
public typealias MenuEntry<Route: Sendable> = Menu<Route>.Item

/// A domain as a host (Scaffold's `AppCoordinator`) sees it: a name, what partners may set in it,
/// and a coordinator per presentation.
///
/// The app builds each domain with its live services (initializer injection) and hands it to the
/// host; the host never names a domain's routes, it only passes them through.
@MainActor public protocol HostedDomain {
  /// The domain's destinations.
  associatedtype Route: DomainRoute
  /// What partners may set in the domain: the toggles it reads and the screens it draws (its
  /// `PartnerVocabulary.json`, compiled into `PartnerVocabulary.module`). The app composes the
  /// vocabularies of the domains it hosts before it reads the partner.
  static var partnerVocabulary: PartnerVocabulary { get }
  /// The module its errors, events and logs are recorded under, e.g. `"Cosmonaut"`.
  var name: String { get }
  /// Builds the domain's coordinator for one presentation.
  func makeCoordinator(context: FlowContext) -> any Coordinator<Route>
  /// One line the interactive app shows above its main menu (e.g. what waits for mission control),
  /// or nil. Defaults to nil.
  func statusLine() async -> LocalizedText?
  /// Checks a route that changes data against the data, before the interactive app asks whether
  /// to follow a typed link to it (an unknown item, a stock too low, a run that is no more): throws
  /// what the route would fail with, so the person is never asked to go ahead with what cannot be
  /// done. Defaults to nothing.
  func preflight(_ route: Route) async throws
  /// Runs before the first flow: `interactive` for the interactive app (background work the domain
  /// owns may start, e.g. as a toggle of its own says), false for one scripted command. Defaults to nothing.
  func start(interactive: Bool) async
  /// Runs after the last flow, always: stops what `start` started. Defaults to nothing.
  func stop() async
}

extension HostedDomain {
  public func statusLine() async -> LocalizedText? { nil }
  public func preflight(_ route: Route) async throws {}
  public func start(interactive: Bool) async {}
  public func stop() async {}
}

/// What a domain's flows get from the host for one presentation: where to read and write, how to
/// present, where to navigate, where errors, events and logs go.
@MainActor public struct FlowContext {
  /// Where the flow reads and writes.
  public let terminal: Terminal
  /// Interactive, or once for a script (text or JSON).
  public let presentation: Presentation
  /// Opens another domain's destination by value (cross-domain navigation).
  public let navigator: any Navigator
  /// Shows and records errors in interactive mode.
  public let errors: any ErrorPresenter
  /// Where the flow records events.
  public let analytics: Analytics
  /// The domain's logger.
  public let logger: Logger
  /// The module name errors are recorded under (the domain's name).
  public let module: String
  /// Called as something slow starts (``interruptible(_:)``): the host writes the log and analytics
  /// lines a one-shot command keeps for its end, and each line at once from then on, so that a long
  /// watch shows in the log while it runs.
  public let beforeSlowWork: @MainActor () -> Void

  /// A context for the domain `module`.
  public init(
    terminal: Terminal, presentation: Presentation, navigator: any Navigator, errors: any ErrorPresenter,
    analytics: Analytics, logger: Logger, module: String, beforeSlowWork: @escaping @MainActor () -> Void = {}
  ) {
    self.terminal = terminal
    self.presentation = presentation
    self.navigator = navigator
    self.errors = errors
    self.analytics = analytics
    self.logger = logger
    self.module = module
    self.beforeSlowWork = beforeSlowWork
  }

  /// The terminal's theme.
  public var theme: Theme { terminal.theme }
  /// The terminal's language (and time zone): screens render their text with it.
  public var translator: Translator { terminal.translator }
  /// True when a script asked for `--json`.
  public var json: Bool { presentation.isJSON }

  /// Prints `value` as the single JSON document of a scripted command.
  public func printJSON<T: Encodable>(_ value: T) throws {
    terminal.print(try JSONOutput.render(value))
  }

  /// Runs `action`; a failure is presented (one line, recorded) instead of thrown. For interactive flows.
  public func presentingErrors(_ action: @MainActor () async throws -> Void) async {
    do {
      try await action()
    } catch {
      errors.present(error, in: module)
    }
  }

  /// Shows `destination` through the navigator; a failure is presented.
  public func navigate(to destination: Destination) async {
    await presentingErrors { try await navigator.navigate(to: destination) }
  }

  /// Runs something slow (a live watch, a call to mission control) so that Ctrl-C cancels it: then
  /// `nil` is returned — interactively after "Cancelled.", and the flow goes on at its menu; in a
  /// script, the command stops there and ends with exit code 130 (``Terminal/quitByInterrupt``).
  /// Output that can no longer be written (its reader went away: `app … | head -2`, or a full disk)
  /// stops it too, quietly: `nil`, and the program's end says what the failed write means.
  public func interruptible<T: Sendable>(
    _ operation: @escaping @MainActor @Sendable () async throws -> T
  )
    async throws -> T?
  {
    let (terminal, interactive) = (terminal, presentation == .interactive)
    beforeSlowWork()
    return try await terminal.catchingInterrupts {
      let before = terminal.interruptCount
      let work = Task { @MainActor in try await operation() }
      let watcher = Task { @MainActor in
        while !Task.isCancelled && terminal.interruptCount == before && terminal.outputFailure == nil {
          try? await Task.sleep(for: .milliseconds(50))
        }
        if !Task.isCancelled { work.cancel() }
      }
      defer { watcher.cancel() }
      let outcome = await work.result
      if terminal.interruptCount == before, terminal.outputFailure != nil, case .failure(let error) = outcome,
        error is CancellationError
      {
        return nil  // nobody can see more of it
      }
      guard terminal.interruptCount == before else {
        guard interactive else {
          terminal.quitOnInterrupt(lineOpen: true)
          return nil
        }
        terminal.noteInterrupt()
        terminal.print(terminal.theme.apply(.dim, to: terminal.translator(Strings.flowCancelled)))
        return nil
      }
      return try outcome.get()
    }
  }
}
