import AppAnalytics
import Localization

/// One command of a program: its words, its parameters, its help, and how its values become a route.
///
/// ```swift
/// static let consume = Command<CosmonautRoute>(
///   "supplies consume", abstract: "Take <quantity> of <item> from the inventory.",
///   parameters: [item, quantity], json: true
/// ) { values in .consume(item: values[item], quantity: values[quantity]) }
/// ```
///
/// The same command reads the command line (`supplies consume water 2`) and the deep link
/// (`supplies/consume?item=water&quantity=2`), with the same validation.
public struct Command<Route: Sendable>: Sendable {
  /// The words that name it, e.g. `["supplies", "consume"]`; its deep-link path is the same words.
  public let path: [String]
  /// Other names for its last word (`telemetry` for `suit status`).
  public let aliases: [String]
  /// One line for lists and the help's OVERVIEW.
  public let abstract: LocalizedText
  /// More help, printed under the usage line; made when help shows it (a discussion listing other
  /// commands costs a start-up nothing).
  public var discussion: LocalizedText? { discussionText?.localizedText }
  private let discussionText: (any TextArgument)?
  /// Its arguments (in order), options and flags.
  public let parameters: [ParameterSpecification]
  /// Whether it takes `--json`.
  public let printsJSON: Bool
  private let build: @Sendable (ParsedValues) throws -> Route

  /// A command named by `path` (words separated by spaces). `route` turns validated values into the
  /// route; it may throw for a combination of values that is not valid (a `ReportableError` of kind
  /// usage, or a ``UsageError``).
  public init(
    _ path: String, aliases: [String] = [], abstract: some TextArgument, discussion: (any TextArgument)? = nil,
    parameters: [any Parameter] = [], json: Bool = false,
    route: @escaping @Sendable (ParsedValues) throws -> Route
  ) {
    self.path = commandWords(path)
    self.aliases = aliases
    self.abstract = abstract.localizedText
    self.discussionText = discussion
    self.parameters = parameters.map(\.specification)
    self.printsJSON = json
    self.build = route
  }

  private init(copying other: Command<some Sendable>, build: @escaping @Sendable (ParsedValues) throws -> Route) {
    path = other.path
    aliases = other.aliases
    abstract = other.abstract
    discussionText = other.discussionText
    parameters = other.parameters
    printsJSON = other.printsJSON
    self.build = build
  }

  /// The route for validated values; a usage problem of the combination is a ``UsageError``.
  func route(_ values: ParsedValues) throws(UsageError) -> Route {
    do {
      return try build(values)
    } catch let error as UsageError {
      throw error
    } catch let error as any TranslatedError {
      throw UsageError(error.translatedMessage)
    } catch let error as any ReportableError {
      throw UsageError(error.userMessage)
    } catch {
      throw UsageError(Strings.errorRouteFailed(command: name, reason: DecodingError.readableLine(for: error)))
    }
  }

  /// The same command producing `transform(route)`, e.g. to host the routes of several domains in one program.
  public func map<Other: Sendable>(_ transform: @escaping @Sendable (Route) -> Other) -> Command<Other> {
    let build = self.build
    return Command<Other>(copying: self) { values in transform(try build(values)) }
  }

  /// How a route of this command is written: these words and these values (nil values are left out).
  public func invocation(_ values: ParameterValue?...) -> CommandInvocation {
    CommandInvocation(path: path, values: values.compactMap { $0 })
  }

  /// The positional arguments, in order.
  var arguments: [ParameterSpecification] { parameters.filter { $0.kind == .argument } }
  /// The options and flags.
  var namedParameters: [ParameterSpecification] { parameters.filter { $0.kind != .argument } }
  /// The command's words as one string, e.g. `supplies consume`.
  var name: String { path.joined(separator: " ") }
}

/// The words of a group of commands that share their first words (`supplies`), with their own help.
public struct CommandGroup: Sendable {
  /// The words that name it, e.g. `["suit"]`.
  public let path: [String]
  /// Other names for its last word (`spacesuit` for `suit`).
  public let aliases: [String]
  /// One line for lists and the group's help.
  public let abstract: LocalizedText

  /// A group named by `path` (words separated by spaces).
  public init(_ path: String, aliases: [String] = [], abstract: some TextArgument) {
    self.path = commandWords(path)
    self.aliases = aliases
    self.abstract = abstract.localizedText
  }
}

/// A route written out: its command's words and its parameters' values.
public struct CommandInvocation: Sendable, Hashable {
  /// The command's words.
  public let path: [String]
  /// The values, in the order given.
  public let values: [ParameterValue]

  /// The deep link: the words as path, the values as parameters.
  public var link: DeepLink {
    DeepLink(path: path, parameters: Dictionary(values.map { ($0.name, $0.text) }) { _, last in last })
  }
}
