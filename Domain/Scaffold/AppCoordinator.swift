import AppAnalytics
import CommandLineKit
import Localization
import Logging
import Navigation
import UIComponents

/// The host of an app: builds the coordinators of the domains it is given, opens routes in them,
/// shows the main menu, resolves cross-domain destinations, owns start-up and shut-down, and turns
/// errors into one line and an exit code.
@MainActor public final class AppCoordinator: Navigator, ErrorPresenter {
  /// How the app behaves: its name, its domains, where it talks and reports, and its hooks.
  public struct Configuration {
    /// The program name.
    public var appName: String
    /// The main menu's title, e.g. `cosmonaut · NASA` (by default the program name).
    public var title: String
    /// The domains, in main-menu order.
    public var domains: [Domain]
    /// Where everything is read and written.
    public var terminal: Terminal
    /// Where events and errors are recorded.
    public var analytics: Analytics
    /// Where the host logs; domains get a logger scoped to their name.
    public var logger: Logger
    /// Runs before the first flow.
    public var onStart: @MainActor () async -> Void
    /// Runs after the last flow, always (also after an error).
    public var onShutdown: @MainActor () async -> Void
    /// The mission control stage the services run against, shown in the main menu's title; nil
    /// when the app has no stages.
    public var stage: Stage?
    /// Builds the app again against another stage (its own services and data); nil when the
    /// interactive app cannot switch.
    public var switchStage: (@MainActor (Stage) throws -> Configuration)?
    /// Writes the log and analytics lines held for one write, after the last of them (the launch's).
    var flushLines: @MainActor () -> Void = {}

    /// A configuration; the title defaults to the program name, the hooks to doing nothing.
    public init(
      appName: String, title: String? = nil, domains: [Domain], terminal: Terminal, analytics: Analytics,
      logger: Logger, onStart: @escaping @MainActor () async -> Void = {},
      onShutdown: @escaping @MainActor () async -> Void = {}, stage: Stage? = nil,
      switchStage: (@MainActor (Stage) throws -> Configuration)? = nil
    ) {
      self.appName = appName
      self.title = title ?? appName
      self.stage = stage
      self.switchStage = switchStage
      self.domains = domains
      self.terminal = terminal
      self.analytics = analytics
      self.logger = logger
      self.onStart = onStart
      self.onShutdown = onShutdown
    }
  }

  /// The module name errors of the host are recorded under.
  static let module = "Scaffold"  // untranslated: the module name errors are recorded under
  /// The key of the main menu's Quit entry.
  static let quitKey = "q"
  /// The key of the main menu's stage entry.
  static let stageKey = "m"

  private var configuration: Configuration
  private var terminal: Terminal { configuration.terminal }
  /// Coordinators built so far, per domain and presentation.
  private var coordinators: [CoordinatorKey: HostedCoordinator] = [:]
  /// The presentation of the run in progress (what `navigate(to:)` uses).
  private var presentation: Presentation = .interactive
  /// Set when an interactive flow met an I/O error (74: a full disk, a store file replaced under
  /// the app): a change was not saved, so the session ends with 74 even after the person went on.
  private var unsaved = false

  private struct CoordinatorKey: Hashable {
    let domain: ObjectIdentifier
    let presentation: Presentation
  }

  /// A host for the configured domains.
  public init(configuration: Configuration) {
    self.configuration = configuration
  }

  // MARK: Running

  /// The interactive app: opens `route` first if given — after asking, when it came from a typed
  /// `link` and changes data — then shows the main menu until Quit or end of input. Returns 0, or
  /// 130 when the person quit with Ctrl-C: at the main menu, or twice in a row anywhere; 74 when a
  /// change could not be saved for an I/O reason on the way (said at the time, in one line).
  public func runInteractive(startingAt route: HostedRoute? = nil, link: String? = nil) async -> Int32 {
    await begin(.interactive)
    if let route, await confirm(route, link: link) {
      await openInteractively(route)
    }
    let theme = terminal.theme.screen(.mainMenu)
    var isFirstMenu = route == nil
    // Input that ended inside a domain ends the app without drawing the menu again.
    menu: while !terminal.inputEnded {
      if !isFirstMenu { terminal.print() }
      isFirstMenu = false
      for domain in configuration.domains {
        if let line = await domain.statusLine() { terminal.print(theme.apply(.dim, to: terminal.translator(line))) }
      }
      guard let choice = mainMenu().choose(on: terminal, theme: theme) else {
        // Ctrl-C at the main menu ends the app (130); Ctrl-D or the end of input quits (0).
        if terminal.lastReadWasInterrupted { terminal.quitOnInterrupt() } else { terminal.print() }
        break
      }
      switch choice {
      case .open(let route): await openInteractively(route)
      case .stage(let current): await chooseStage(current: current)
      case .quit: break menu
      }
    }
    if terminal.theme.usesColor { terminal.write("\u{1B}[0m") }  // leave the terminal's colours as they were
    let code = checkedOutput(
      terminal.quitByInterrupt ? ExitCode.interrupted : unsaved ? ExitCode.ioError : ExitCode.success,
      changeSaved: false)
    await end(exitCode: code)
    return code
  }

  /// The main menu: the domains' entries, the stage (when the app can switch), Quit; titled with
  /// the app's name and its stage.
  private func mainMenu() -> Menu<MainMenuChoice> {
    var items = configuration.domains.flatMap(\.mainMenu).map { $0.map(MainMenuChoice.open) }
    var title = LocalizedText.verbatim(configuration.title)
    if let stage = configuration.stage {
      let name = StageNames.name(of: stage)
      title = Strings.titleWithStage(app: configuration.title, stage: name)
      if configuration.switchStage != nil {
        items.append(MenuEntry(Strings.menuStage(stage: name), key: Self.stageKey, choice: .stage(current: stage)))
      }
    }
    items.append(MenuEntry(Strings.menuQuit, key: Self.quitKey, choice: .quit))
    return Menu(title, items: items)
  }

  /// Asks for a stage and, for another one than `current`, rebuilds the app against it: the old
  /// services shut down, the new ones start, and the choice is kept for the next launch.
  private func chooseStage(current: Stage) async {
    guard let switchStage = configuration.switchStage else { return }
    let items = Stage.allCases.map { stage in
      Menu.Item(StageNames.name(of: stage), key: String(stage.rawValue.prefix(1)), choice: stage)
    }
    terminal.print()
    let menu = Menu(Strings.stageMenuTitle, items: items)
    guard let stage = menu.choose(on: terminal, theme: terminal.theme.screen(.mainMenu)), stage != current
    else { return }
    let next: Configuration
    do {
      next = try switchStage(stage)
    } catch {
      _ = report(error, module: Self.module, route: nil)
      return
    }
    await configuration.onShutdown()
    coordinators.removeAll()
    configuration.analytics.track("stage.switch", ["from": current.rawValue, "to": stage.rawValue])
    configuration.logger.notice("switched from \(current.rawValue) to \(stage.rawValue)")
    configuration = next
    await configuration.onStart()
    let name = terminal.translator(StageNames.name(of: stage))
    terminal.print(terminal.theme.apply(.ok, to: terminal.translator(Strings.stageSwitched(stage: name))))
  }

  /// Script mode: opens `route` in `.once(json:)` presentation and returns the exit code (0, or the
  /// error's: 64 usage, 65 rejected, 69 unavailable, 70 internal, 73, 74; 130 when Ctrl-C stopped
  /// it, e.g. a watch); an error is printed as ONE line on stderr, recorded via analytics and logged.
  public func runOnce(_ route: HostedRoute, json: Bool) async -> Int32 {
    await begin(.once(json: json))
    var exitCode: Int32
    do {
      try await open(route, presentation: .once(json: json))
      exitCode = terminal.quitByInterrupt ? ExitCode.interrupted : ExitCode.success
    } catch {
      exitCode = report(error, module: domain(owning: route)?.name ?? Self.module, route: route)
    }
    exitCode = checkedOutput(exitCode, changeSaved: domain(owning: route)?.change(route) != nil)
    await end(exitCode: exitCode)
    return exitCode
  }

  /// `code`, or 74 when the output could not be written (see ``OutputCheck``): said in one line,
  /// recorded and logged; `changeSaved` when the run's change was made before its report failed.
  private func checkedOutput(_ code: Int32, changeSaved: Bool) -> Int32 {
    let code = checkedInput(code)
    let outcome = OutputCheck.outcome(code, output: terminal.outputFailure, changeSaved: changeSaved)
    guard let problem = outcome.problem else { return code }
    terminal.printError(Strings.errorLine(message: problem))
    configuration.analytics.track("app.outputFailed", ["app": configuration.appName, "exitCode": String(outcome.code)])
    configuration.logger.error(problem.description)
    return outcome.code
  }

  /// `code`, or 65 when the session ended because its input failed (a line over the bound; see
  /// `InputFailure`) where it would have ended as at the end of input: said in one line, recorded and
  /// logged.
  private func checkedInput(_ code: Int32) -> Int32 {
    guard let failure = terminal.inputFailure, code == ExitCode.success else { return code }
    terminal.printError(Strings.errorLine(message: failure.reason))
    configuration.analytics.track("app.inputFailed", ["app": configuration.appName])
    configuration.logger.error(failure.reason.description)
    return ExitCode.rejected
  }

  // MARK: Navigator, ErrorPresenter

  public func canNavigate(to destination: Destination) -> Bool {
    configuration.domains.contains { $0.routeForDestination(destination) != nil }
  }

  /// Shows `destination` in the presentation of the run in progress, through the first domain that shows it.
  public func navigate(to destination: Destination) async throws {
    try await navigate(to: destination, presentation: presentation)
  }

  func navigate(to destination: Destination, presentation: Presentation) async throws {
    guard let route = configuration.domains.lazy.compactMap({ $0.routeForDestination(destination) }).first else {
      throw NavigationError.notInThisApp(destination, appName: configuration.appName)
    }
    try await open(route, presentation: presentation)
  }

  /// Prints `error` as one styled line on the error stream, records it via analytics and logs it.
  public func present(_ error: any Error, in module: String) {
    _ = report(error, module: module, route: nil)
  }

  // MARK: Routing

  private func domain(owning route: HostedRoute) -> Domain? {
    configuration.domains.first { $0.owns(route) }
  }

  /// Opens `route` in its domain's coordinator for `presentation` (built on first use).
  func open(_ route: HostedRoute, presentation: Presentation) async throws {
    guard let domain = domain(owning: route) else {
      throw NavigationError.noDomain(route: route.description, appName: configuration.appName)
    }
    // The route's name only: its values may be personal (a profile's name).
    configuration.analytics.track("route.open", ["domain": domain.name, "route": route.name])
    configuration.logger.info("open \(route.name)", metadata: ["domain": domain.name])
    try await coordinator(for: domain, presentation: presentation).open(route)
  }

  private func coordinator(for domain: Domain, presentation: Presentation) -> HostedCoordinator {
    let key = CoordinatorKey(domain: domain.routeType, presentation: presentation)
    if let existing = coordinators[key] { return existing }
    let host = HostProxy(host: self, presentation: presentation)
    let context = FlowContext(
      terminal: terminal, presentation: presentation, navigator: host, errors: host,
      analytics: configuration.analytics, logger: configuration.logger.scoped(to: domain.name), module: domain.name,
      beforeSlowWork: configuration.flushLines)
    let coordinator = domain.makeCoordinator(context)
    coordinators[key] = coordinator
    return coordinator
  }

  /// Opens a route interactively; a flow's error becomes one error line.
  private func openInteractively(_ route: HostedRoute) async {
    do {
      try await open(route, presentation: .interactive)
    } catch {
      _ = report(error, module: domain(owning: route)?.name ?? Self.module, route: route)
    }
  }

  /// For a typed link that changes data: says what it will do and asks; true to go ahead.
  private func confirm(_ route: HostedRoute, link: String?) async -> Bool {
    guard let link, let owner = domain(owning: route), let change = owner.change(route) else { return true }
    do {
      try await owner.preflight(route)
    } catch {
      // What cannot be done is said, not offered.
      _ = report(error, module: owner.name, route: route)
      return false
    }
    let warning = Strings.linkChangesData(link: link, change: change)
    terminal.print(terminal.theme.apply(.warning, to: terminal.translator(warning)))
    let answer = Prompt<Bool>.yesOrNo(Strings.linkGoAhead).ask(on: terminal)
    guard answer == true else {
      terminal.print(terminal.theme.apply(.dim, to: terminal.translator(Strings.linkNothingChanged)))
      configuration.analytics.track("route.declined", ["domain": domain(owning: route)?.name ?? ""])
      return false
    }
    return true
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
    configuration.flushLines()
  }

  /// Prints the error's one line, records it, logs it, and returns its exit code.
  private func report(_ error: any Error, module: String, route: HostedRoute?) -> Int32 {
    terminal.printError(ErrorLine.text(for: error, translator: terminal.translator))
    var context: [String: String] = [:]
    if let route { context["route"] = route.name }
    configuration.analytics.recordError(error, module: module, context: context)
    configuration.logger.error(
      ErrorLine.text(for: error), metadata: context.merging(["module": module]) { current, _ in current })
    let code = ExitCode.forError(error)
    if code == ExitCode.ioError { unsaved = true }
    return code
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

  func canNavigate(to destination: Destination) -> Bool {
    host?.canNavigate(to: destination) ?? false
  }

  func navigate(to destination: Destination) async throws {
    try await host?.navigate(to: destination, presentation: presentation)
  }

  func present(_ error: any Error, in module: String) {
    host?.present(error, in: module)
  }
}

/// What the main menu offers: a domain's entry (the route it opens), switching away from the
/// current stage, or quitting.
enum MainMenuChoice: Sendable {
  /// Opens a domain's route.
  case open(HostedRoute)
  /// Offers the stages; `current` is the one the app runs against.
  case stage(current: Stage)
  /// Ends the app.
  case quit
}
