import AppAnalytics
import CommandLineKit
import FoundationEssentials
import Localization
import Logging
import PartnerConfiguration
import UIComponents

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What an app's composition root gets to build its live services from, once the command line is
/// read: the options, the environment, the data directory, the app's logger and analytics, and the
/// partner it runs with (whose toggles the root hands to the domains, each reading its own).
@MainActor public struct Launch {
  /// The program name, e.g. `cosmonaut`.
  public let appName: String
  /// The global options, standard and the app's own.
  public let options: ParsedValues
  /// The process environment.
  public let environment: [String: String]
  /// The mission control stage the app runs against (`--stage`, `$ISS_STAGE`, the stored choice,
  /// else development).
  public let stage: Stage
  /// The stage's data directory, created: the root data directory for development,
  /// `ROOT/stages/<stage>` for the others. It may be read-only (a read-only mount, permissions):
  /// reads work there, the stores refuse writes with their own line, and the log and analytics
  /// files are left out.
  public let dataDirectory: URL
  /// The root data directory (`--data-dir`, …), which holds the stored stage choice.
  public let rootDirectory: URL
  /// The app's logger (module = the app's name); it writes to `DIR/<app>.log`.
  public let logger: Logger
  /// The app's analytics, through the partner's providers (by default `DIR/analytics.jsonl`).
  public let analytics: Analytics
  /// Where the app reads and writes, styled with the partner's theme.
  public let terminal: Terminal
  /// The language (and time zone) the app speaks: `--language`, the environment, or the app's default.
  public let translator: Translator
  /// The agency whose configuration the app runs with.
  public let partner: PartnerConfiguration
  /// Where notes for the person go (standard error).
  private let notes: any TerminalOutput
  /// The log and analytics files (those that could be opened).
  private let lineFiles: [RotatingLineFile]

  /// What the partner switches on or off: `features[.someToggle]` is the partner's value, or the
  /// toggle's declared default.
  public var features: FeatureToggles { partner.features }

  /// Reads the partner (`--partner`, `$ISS_PARTNER`, else `defaultPartner`, one of `partners`) before anything is
  /// created — a wrong configuration changes nothing on disk —, resolves the stage (`stage`, else the
  /// option, the environment or the stored choice) and creates its data directory, then opens the
  /// log and analytics files in it. The terminal is the process's, or one over `streams` (plain
  /// unless `--color always`, for tests), unless `terminal` is given (a stage switch keeps the
  /// terminal, and whatever it has read ahead). The partner is read against `vocabulary` (what the
  /// app's modules declare; Scaffold's own by default) and its theme resolved over the screens there;
  /// a partner file's unknown keys are warned about on standard error and in the log. With
  /// `holdingLines` (one command, which ends soon), the log and analytics files keep their lines
  /// for one write each at the end (``flushLines()``); warnings and errors still go out at once.
  init(
    appName: String, options: ParsedValues, environment: [String: String], translator: Translator,
    stage: Stage? = nil, terminal: Terminal? = nil, streams: LaunchStreams?, defaultPartner: String,
    partners: PartnerCatalogue = .none, vocabulary: PartnerVocabulary = .module, holdingLines: Bool = false
  ) throws {
    self.appName = appName
    self.translator = translator
    self.options = options
    self.environment = environment
    let decoded = try PartnerChoice.load(
      options[StandardOptions.partner], appDefault: defaultPartner, among: partners, vocabulary: vocabulary)
    partner = decoded.configuration
    let home = environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
    rootDirectory = DataDirectory.resolve(
      option: options[StandardOptions.dataDirectory], environment: environment, home: home)
    try DataDirectory.create(rootDirectory)
    self.stage = try StageChoice.stage(given: stage ?? options[StageChoice.option], root: rootDirectory)
    dataDirectory = StageChoice.directory(for: self.stage, root: rootDirectory)
    if dataDirectory != rootDirectory { try DataDirectory.create(dataDirectory) }
    let colors = options[StandardOptions.color] ?? .auto
    let noColor = options[StandardOptions.noColor]
    // Made only for a stream that draws in colour (`Theme.detect`).
    let partner = partner
    func styles() -> StyleSheet { partner.theme.sheet(schema: vocabulary.schema) }
    if let terminal {
      self.terminal = terminal
      notes = streams?.errors ?? StandardError()
    } else if let streams {
      let theme = Theme.detect(isTTY: false, environment: [:], noColor: noColor, choice: colors, styles: styles())
      self.terminal = Terminal(
        input: streams.input, output: streams.output, errors: streams.errors, theme: theme, translator: translator)
      notes = streams.errors
    } else {
      self.terminal = Terminal.standard(
        noColor: noColor, colors: colors, styles: styles(), environment: environment, translator: translator)
      notes = StandardError()
    }
    // Logs and analytics go through Logging's whole-line, size-rotated writer (1 MiB, 3 old files each);
    // a file that cannot be opened (a read-only data directory) is left out, never stopping the app;
    // something other than a plain file in its place is refused (DataDirectory.lineFile).
    // AppAnalytics takes it as a closure, so the two Shared modules never link each other; likewise
    // Logging's timestamps, which spare every process ICU's time-zone data, and Localization's rule
    // for showing text inert, which Logging's lines use (SharedWiring.swift).
    var sinks: [any LogSink] = []
    var lineFiles: [RotatingLineFile] = []
    if let file = try DataDirectory.lineFile("\(appName).log", in: dataDirectory) {
      sinks.append(FileLogSink(file: file, format: .inertText))
      lineFiles.append(file)
    }
    if environment["ISS_LOG_STDERR"] == "1" { sinks.append(StandardErrorLogSink(format: .inertText)) }
    logger = Logger(module: appName, level: options[StandardOptions.logLevel] ?? .info, sinks: sinks)
    let directory = dataDirectory
    analytics = Analytics(
      providers: try PartnerChoice.analyticsProviders(partner.analytics) {
        let file = try DataDirectory.lineFile("analytics.jsonl", in: directory)
        if let file { lineFiles.append(file) }
        return file
      })
    if holdingLines { for file in lineFiles { file.hold() } }
    self.lineFiles = lineFiles
    logger.info("partner \(partner.id) (\(decoded.file))")
    // A few warnings say what is wrong; thousands would bury it (and the line after them).
    for key in decoded.unknownKeys.prefix(Self.shownUnknownKeys) { warn(PartnerText.warning(key)) }
    if decoded.unknownKeys.count > Self.shownUnknownKeys {
      warn(
        Strings.partnerMoreUnknownKeys(
          file: InertText(decoded.file), count: decoded.unknownKeys.count - Self.shownUnknownKeys))
    }
  }

  /// How many of a partner file's unknown keys are each said on a line of their own.
  static let shownUnknownKeys = 5

  /// Tells the person `line` on standard error, once, as `note: <line>`, and logs it: something
  /// they should know that is no error (e.g. that the partner keeps the app offline).
  public func note(_ line: some TextArgument) {
    notes.writeInertLine(Strings.noteLine(message: line).resolvedLine(by: translator))
    logger.notice(line.localizedText.description)
  }

  private func warn(_ line: LocalizedText) {
    notes.writeInertLine(Strings.warningLine(message: line).resolvedLine(by: translator))
    logger.warning(line.description)
  }

  /// The file `name` in the data directory.
  public func file(_ name: String) -> URL {
    dataDirectory.appendingPathComponent(name)
  }

  /// Writes what the log and analytics files hold (one write each), when they hold their lines,
  /// and any line after at once.
  func flushLines() {
    for file in lineFiles { file.release() }
  }
}

/// Where a launched app reads and writes when it is not the process's own terminal (tests).
public struct LaunchStreams {
  /// Where answers come from.
  public let input: any TerminalInput
  /// Where output goes.
  public let output: any TerminalOutput
  /// Where error lines go.
  public let errors: any TerminalOutput

  /// Streams over the given input and outputs.
  public init(input: any TerminalInput, output: any TerminalOutput, errors: any TerminalOutput) {
    self.input = input
    self.output = output
    self.errors = errors
  }
}
