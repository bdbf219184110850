import CommandLineKit
import Localization
import Navigation
import UIComponents

/// Every destination of the TemplateDesk domain, declared once: its command-line words, deep link, help
/// and main-menu entry. A new command is a case here, its `Command` below and a flow of its own.
public enum TemplateDeskRoute: Hashable, Sendable {
  /// What the service answers (the domain's screen when interactive).
  case overview
}

// MARK: - Command line and deep links

extension TemplateDeskRoute: CommandRoute {
  public static let commands: [Command<TemplateDeskRoute>] = [overviewCommand]

  public var invocation: CommandInvocation {
    switch self {
    case .overview: Self.overviewCommand.invocation()
    }
  }

  static let overviewCommand = Command(
    // untranslated: command words
    "template-desk", abstract: Strings.commandOverview, json: true
  ) { _ in TemplateDeskRoute.overview }
}

// MARK: - Interactive app

extension TemplateDeskRoute: DomainRoute {
  public static let mainMenu = [
    MenuEntry(Strings.domainTitle, key: "a", choice: TemplateDeskRoute.overview)
  ]

  public init?(destination: Destination) {
    switch destination {
    case .templateDesk: self = .overview
    default: return nil
    }
  }

  public var change: LocalizedText? {
    switch self {
    case .overview: nil
    }
  }
}
