import AppAnalytics
import Logging
import UIComponents

/// The host of an app: builds the domain coordinators it is given, routes deep links to them,
/// shows the main menu, owns start-up and shut-down, and turns errors into one line + an exit code.
@MainActor public final class AppCoordinator: Navigator, ErrorPresenter {
  /// One main-menu entry: a title, an optional key (default: the title lowercased) and the link it opens.
  public struct MenuEntry: Sendable, Equatable {
    /// What the user reads, e.g. `"Health"`.
    public let title: String
    /// The key that selects it besides its number (`nil` = the title lowercased).
    public let key: String?
    /// The full link the entry opens, head included, e.g. `spacesuit/health`.
    public let link: DeepLink

    /// An entry opening `link`.
    public init(title: String, key: String? = nil, link: DeepLink) {
      self.title = title
      self.key = key
      self.link = link
    }
  }

  /// One domain the app hands in.
  public struct Domain {
    /// The link head that reaches the domain, e.g. `"spacesuit"`; dropped before the domain sees the link.
    public let route: String
    /// Further heads for the domain, e.g. `["health"]`; kept as the head of the link the domain gets.
    public let aliases: [String]
    /// The domain's main-menu entries, in order.
    public let menu: [MenuEntry]
    /// Builds the domain's coordinator; called at most once per presentation, on first use.
    public let makeCoordinator: @MainActor (FlowContext) -> any Coordinator

    /// A domain reached by `route` and `aliases`, listed in the main menu by `menu`.
    public init(
      route: String, aliases: [String] = [], menu: [MenuEntry] = [],
      makeCoordinator: @escaping @MainActor (FlowContext) -> any Coordinator
    ) {
      self.route = route
      self.aliases = aliases
      self.menu = menu
      self.makeCoordinator = makeCoordinator
    }
  }

  /// How the app behaves: its name, its domains, where it talks, where it reports, and its hooks.
  public struct Configuration {
    /// The program name, shown as the main-menu title and in error hints (`Run '<appName> --help'`).
    public var appName: String
    /// The domains, in main-menu order.
    public var domains: [Domain]
    /// Where everything is read and written.
    public var terminal: Terminal
    /// Where events and errors are recorded.
    public var analytics: Analytics
    /// Where the host logs.
    public var logger: Logger
    /// Main-menu titles in the order to show them; unlisted entries follow in natural order (`nil` = natural).
    public var menuOrder: [String]?
    /// Runs before the first flow.
    public var onStart: @MainActor () async -> Void
    /// Runs after the last flow, always (also after an error).
    public var onShutdown: @MainActor () async -> Void

    /// A configuration; the hooks default to doing nothing.
    public init(
      appName: String, domains: [Domain], menuOrder: [String]? = nil, terminal: Terminal, analytics: Analytics,
      logger: Logger, onStart: @escaping @MainActor () async -> Void = {},
      onShutdown: @escaping @MainActor () async -> Void = {}
    ) {
      self.appName = appName
      self.domains = domains
      self.terminal = terminal
      self.analytics = analytics
      self.logger = logger
      self.menuOrder = menuOrder
      self.onStart = onStart
      self.onShutdown = onShutdown
    }
  }

  /// The module name errors of the host are recorded under.
  static let module = "Scaffold"
  /// The key of the main menu's Quit entry.
  static let quitKey = "q"

  private let configuration: Configuration
  private var terminal: Terminal { configuration.terminal }
  /// Coordinators built so far, per domain index and presentation.
  private var coordinators: [CoordinatorKey: any Coordinator] = [:]
  /// The presentation of the run in progress (what `navigate(to:)` uses).
  private var presentation: Presentation = .interactive

  private struct CoordinatorKey: Hashable {
    let domainIndex: Int
    let presentation: Presentation
  }

  /// A host for the configured domains.
  public init(configuration: Configuration) {
    self.configuration = configuration
  }

  // MARK: Running

  /// Interactive app: opens `link` first if given (an unknown one prints one error line), then shows
  /// the main menu (domains' entries + Quit) until Quit or end of input. Returns 0.
  public func runInteractive(startingAt link: DeepLink?) async -> Int32 {
    await begin(.interactive)
    if let link { await openInteractively(link) }
    let entries = mainMenuEntries()
    let items = entries.map { Menu.Item(key: $0.key ?? $0.title.lowercased(), title: $0.title) }
    let menu = Menu(title: configuration.appName, items: items + [Menu.Item(key: Self.quitKey, title: "Quit")])
    var isFirstMenu = link == nil
    // Input that ended inside a domain ends the app without drawing the menu again.
    while !terminal.inputEnded {
      if !isFirstMenu { terminal.print() }
      isFirstMenu = false
      guard let choice = menu.choose(on: terminal) else {
        terminal.print()  // end of input: finish the prompt's line
        break
      }
      guard let index = items.firstIndex(of: choice) else { break }  // Quit
      await openInteractively(entries[index].link)
    }
    await end(exitCode: ExitCode.success)
    return ExitCode.success
  }

  /// Script mode: routes one link in `.once(json:)` presentation and returns the exit code (0, 64 usage
  /// or unknown link, 65 rejected, 69 unavailable, 70 internal); an error is printed as ONE line on
  /// stderr, recorded via analytics and logged.
  public func runOnce(_ link: DeepLink, json: Bool) async -> Int32 {
    await begin(.once(json: json))
    let exitCode: Int32
    do {
      if try await route(link, presentation: .once(json: json)) {
        exitCode = ExitCode.success
      } else {
        exitCode = report(
          ScaffoldError.unknownCommand(link: link.description, appName: configuration.appName), module: Self.module,
          link: link)
      }
    } catch {
      exitCode = report(error, module: Self.module, link: link)
    }
    await end(exitCode: exitCode)
    return exitCode
  }

  // MARK: Navigator, ErrorPresenter

  /// Opens `link` in the presentation of the run in progress; `false` when no domain handles it.
  public func navigate(to link: DeepLink) async throws -> Bool {
    try await route(link, presentation: presentation)
  }

  /// Prints `error` as one styled line on the error stream, records it via analytics and logs it.
  public func present(_ error: any Error, in module: String) {
    _ = report(error, module: module, link: nil)
  }

  // MARK: Routing

  /// The domain for a link head (a route before any alias, case-insensitive) and whether it came by alias.
  func domain(forHead head: String) -> (index: Int, isAlias: Bool)? {
    let head = head.lowercased()
    if let index = configuration.domains.firstIndex(where: { $0.route.lowercased() == head }) {
      return (index, false)
    }
    if let index = configuration.domains.firstIndex(where: { $0.aliases.contains { $0.lowercased() == head } }) {
      return (index, true)
    }
    return nil
  }

  /// Hands `link` to its domain's coordinator (built on first use for this presentation): with the
  /// route dropped, or whole for an alias. An interactive link that names only the domain opens its
  /// home screen (`start()`). `false` when no domain handles it.
  func route(_ link: DeepLink, presentation: Presentation) async throws -> Bool {
    guard let head = link.head, let (index, isAlias) = domain(forHead: head) else { return false }
    configuration.analytics.track("link.open", ["link": link.description])
    configuration.logger.info("open \(link)", metadata: ["domain": configuration.domains[index].route])
    let coordinator = coordinator(forDomain: index, presentation: presentation)
    let remaining = isAlias ? link : link.droppingHead()
    if presentation == .interactive && remaining.path.isEmpty && remaining.parameters.isEmpty {
      await coordinator.start()
      return true
    }
    return try await coordinator.start(link: remaining)
  }

  private func coordinator(forDomain index: Int, presentation: Presentation) -> any Coordinator {
    let key = CoordinatorKey(domainIndex: index, presentation: presentation)
    if let existing = coordinators[key] { return existing }
    let host = HostProxy(host: self, presentation: presentation)
    let context = FlowContext(terminal: terminal, presentation: presentation, navigator: host, errors: host)
    let coordinator = configuration.domains[index].makeCoordinator(context)
    coordinators[key] = coordinator
    return coordinator
  }

  /// Opens a link interactively; an unknown link or a flow's error becomes one error line.
  private func openInteractively(_ link: DeepLink) async {
    do {
      if try await route(link, presentation: .interactive) { return }
      _ = report(ScaffoldError.unknownDestination(link: link.description), module: Self.module, link: link)
    } catch {
      _ = report(error, module: Self.module, link: link)
    }
  }

  /// The main-menu entries of all domains, in `menuOrder` (listed titles first) or natural order.
  func mainMenuEntries() -> [MenuEntry] {
    let natural = configuration.domains.flatMap(\.menu)
    guard let order = configuration.menuOrder else { return natural }
    let rank = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    return natural.enumerated()
      .sorted { lhs, rhs in
        let left = rank[lhs.element.title] ?? order.count + lhs.offset
        let right = rank[rhs.element.title] ?? order.count + rhs.offset
        return left != right ? left < right : lhs.offset < rhs.offset
      }
      .map(\.element)
  }

  // MARK: Lifecycle and errors

  private func begin(_ presentation: Presentation) async {
    self.presentation = presentation
    let mode = presentation == .interactive ? "interactive" : "once"
    configuration.analytics.track("app.start", ["app": configuration.appName, "mode": mode])
    configuration.logger.info("start \(configuration.appName) (\(mode))")
    await configuration.onStart()
  }

  private func end(exitCode: Int32) async {
    await configuration.onShutdown()
    coordinators.removeAll()
    configuration.analytics.track("app.shutdown", ["app": configuration.appName, "exitCode": String(exitCode)])
    configuration.logger.info("shut down \(configuration.appName) with exit code \(exitCode)")
  }

  /// Prints the error's one line, records it, logs it, and returns its exit code.
  private func report(_ error: any Error, module: String, link: DeepLink?) -> Int32 {
    let line = ScaffoldError.line(for: error)
    terminal.printError(line)
    var context: [String: String] = [:]
    if let link { context["link"] = link.description }
    configuration.analytics.recordError(error, module: module, context: context)
    configuration.logger.error(line, metadata: context.merging(["module": module]) { current, _ in current })
    return ExitCode.forError(error)
  }
}

/// What a domain's ``FlowContext`` holds instead of the host itself: navigation in the context's
/// presentation and error presentation, without keeping the host alive (no reference cycle).
@MainActor final class HostProxy: Navigator, ErrorPresenter {
  private weak var host: AppCoordinator?
  private let presentation: Presentation

  init(host: AppCoordinator, presentation: Presentation) {
    self.host = host
    self.presentation = presentation
  }

  func navigate(to link: DeepLink) async throws -> Bool {
    guard let host else { return false }
    return try await host.route(link, presentation: presentation)
  }

  func present(_ error: any Error, in module: String) {
    host?.present(error, in: module)
  }
}
