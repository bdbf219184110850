import CommandLineKit
import Localization
import Navigation
import UIComponents

/// Every destination of the TemplateBoard domain, declared once: its command-line words, deep link, help
/// and main-menu entry. A new command is a case here, its `Command` below and a flow of its own.
public enum TemplateBoardRoute: Hashable, Sendable {
  /// The domain's status and commands (its screen when interactive).
  case overview
}

// MARK: - Command line and deep links

extension TemplateBoardRoute: CommandRoute {
  public static let commands: [Command<TemplateBoardRoute>] = [overviewCommand]

  public var invocation: CommandInvocation {
    switch self {
    case .overview: Self.overviewCommand.invocation()
    }
  }

  static let overviewCommand = Command(
    // untranslated: command words
    "template-board", abstract: Strings.commandOverview, json: true
  ) { _ in TemplateBoardRoute.overview }
}

// MARK: - Interactive app

extension TemplateBoardRoute: DomainRoute {
  public static let mainMenu = [
    MenuEntry(Strings.domainTitle, key: "b", choice: TemplateBoardRoute.overview)
  ]

  public init?(destination: Destination) {
    switch destination {
    case .templateBoard: self = .overview
    default: return nil
    }
  }

  public var change: LocalizedText? {
    switch self {
    case .overview: nil
    }
  }
}
