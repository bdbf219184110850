import Localization
import Navigation

/// How a flow presents itself: interactively (menus until Back/Quit) or once for a script (text or JSON).
public enum Presentation: Sendable, Hashable {
  /// Menus and prompts until the user goes back.
  case interactive
  /// One result for a script, as text or (when `json`) as JSON, then return.
  case once(json: Bool)

  /// True for `.once(json: true)`.
  public var isJSON: Bool { self == .once(json: true) }
}

/// Cross-domain navigation: a domain asks for a destination by value; the host finds the domain
/// that shows it, so no domain names another.
@MainActor public protocol Navigator: AnyObject {
  /// Whether a hosted domain shows `destination` (a flow offers the way there only when it does).
  func canNavigate(to destination: Destination) -> Bool
  /// Shows `destination` in the current presentation. Throws the flow's error.
  func navigate(to destination: Destination) async throws
}

/// The entry point of a domain: its home screen, or one of its routes.
@MainActor public protocol Coordinator<Route>: AnyObject {
  /// The domain's destinations.
  associatedtype Route
  /// Interactive entry: shows the domain's home screen until the user goes back.
  func start() async
  /// Opens `route` in the coordinator's presentation. Throws the flow's error (a `ReportableError`
  /// ideally) so that a script gets an exit code.
  func start(at route: Route) async throws
}

/// Shows a flow's error to the user in interactive mode (one line) and records it; the host
/// (Scaffold's `AppCoordinator`) implements it, so domains never print and forget an error.
@MainActor public protocol ErrorPresenter: AnyObject {
  /// Shows `error` as one line and records it as coming from `module`.
  func present(_ error: any Error, in module: String)
}

/// An ``ErrorPresenter`` for tests and previews: prints `error: <description>` on the terminal's
/// error stream and remembers what it was given.
@MainActor public final class TerminalErrorPresenter: ErrorPresenter {
  /// The errors presented so far, with the module each came from.
  public private(set) var presented: [(error: any Error, module: String)] = []
  private let terminal: Terminal
  private let describe: (any Error) -> String

  /// A presenter printing to `terminal`; `describe` turns an error into its one-line message.
  public init(terminal: Terminal, describe: @escaping (any Error) -> String = { DecodingError.readableLine(for: $0) }) {
    self.terminal = terminal
    self.describe = describe
  }

  public func present(_ error: any Error, in module: String) {
    presented.append((error, module))
    terminal.printError(Strings.errorLine(message: describe(error)))
  }
}
