/// How a flow presents itself: interactively (menus until Back/Quit) or once for a script (text or JSON).
public enum Presentation: Sendable, Hashable {
  /// Menus and prompts until the user goes back.
  case interactive
  /// One result for a script, as text or (when `json`) as JSON, then return.
  case once(json: Bool)

  /// True for `.once(json: true)`.
  public var isJSON: Bool { self == .once(json: true) }
}

/// Cross-domain navigation: a domain asks for a destination by value; Scaffold resolves it.
@MainActor public protocol Navigator: AnyObject {
  /// Opens `link` (its head names the domain) in the current presentation; `false` when no domain
  /// handles it. Throws the flow's error.
  func navigate(to link: DeepLink) async throws -> Bool
}

/// The entry point of a domain: its home screen, or a deep link into it.
@MainActor public protocol Coordinator: AnyObject {
  /// Interactive entry: shows the domain's home screen until the user goes back.
  func start() async
  /// Opens a deep link below this domain's route (head already dropped). `false` = not a link of mine.
  /// Throws the flow's error (a `ReportableError` ideally) so a script gets an exit code.
  func start(link: DeepLink) async throws -> Bool
}

/// Shows a flow's error to the user in interactive mode (one line) and records it; the host
/// (Scaffold's `AppCoordinator`) implements it, so domains never print and forget an error.
@MainActor public protocol ErrorPresenter: AnyObject {
  /// Shows `error` as one line and records it as coming from `module`.
  func present(_ error: any Error, in module: String)
}

/// What a domain coordinator gets from its host for one presentation.
@MainActor public struct FlowContext {
  /// Where the flow reads and writes.
  public let terminal: Terminal
  /// Interactive, or once for a script (text or JSON).
  public let presentation: Presentation
  /// Opens another domain's destination by value (cross-domain navigation).
  public let navigator: any Navigator
  /// Shows and records errors in interactive mode.
  public let errors: any ErrorPresenter

  /// A context; analytics and loggers are injected into coordinators separately by the app.
  public init(
    terminal: Terminal, presentation: Presentation, navigator: any Navigator, errors: any ErrorPresenter
  ) {
    self.terminal = terminal
    self.presentation = presentation
    self.navigator = navigator
    self.errors = errors
  }
}

/// An ``ErrorPresenter`` for tests and previews: prints `error: <description>` on the terminal's
/// error stream and remembers what it was given.
@MainActor public final class TerminalErrorPresenter: ErrorPresenter {
  /// The errors presented so far, with the module each came from.
  public private(set) var presented: [(error: any Error, module: String)] = []
  private let terminal: Terminal
  private let describe: (any Error) -> String

  /// A presenter printing to `terminal`; `describe` turns an error into its one-line message.
  public init(terminal: Terminal, describe: @escaping (any Error) -> String = { String(describing: $0) }) {
    self.terminal = terminal
    self.describe = describe
  }

  public func present(_ error: any Error, in module: String) {
    presented.append((error, module))
    terminal.printError("error: \(describe(error))")
  }
}

/// A ``Navigator`` for tests and previews: remembers the links it was asked for and answers with `handles`.
@MainActor public final class RecordingNavigator: Navigator {
  /// The links asked for, in order.
  public private(set) var requestedLinks: [DeepLink] = []
  private let handles: (DeepLink) -> Bool

  /// A navigator that answers `handles(link)` (default: every link is handled).
  public init(handles: @escaping (DeepLink) -> Bool = { _ in true }) { self.handles = handles }

  public func navigate(to link: DeepLink) async throws -> Bool {
    requestedLinks.append(link)
    return handles(link)
  }
}
