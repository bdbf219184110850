import CosmonautServiceInterface
import Localization
import UIComponents

/// Shows and edits the cosmonaut's profile.
@MainActor
final class ProfileFlow {
  private let context: FlowContext
  private let client: any CosmonautClient

  init(context: FlowContext, client: any CosmonautClient) {
    self.context = context
    self.client = client
  }

  /// Prints the profile (text or JSON).
  func show() async throws {
    try print(try await client.profile())
  }

  /// Saves `update` and prints the saved profile.
  func save(_ update: ProfileUpdate) async throws {
    try print(try await store(update))
    if !context.json {
      let center = CosmonautTexts.name(of: client.controlCenter)
      context.terminal.print(context.theme.apply(.ok, to: context.translator(Strings.profileSavedTell(center: center))))
    }
  }

  /// Stores `update` and records which fields changed.
  private func store(_ update: ProfileUpdate) async throws -> CosmonautProfile {
    let saved = try await client.updateProfile(update)
    context.analytics.track("profile.updated", ["fields": update.fieldNames.joined(separator: ",")])
    return saved
  }

  private func print(_ profile: CosmonautProfile) throws {
    if context.json {
      try context.printJSON(profile)
    } else {
      context.terminal.print(ProfileScreen.render(profile, theme: context.theme, translator: context.translator))
    }
  }

  /// Shows the profile, then lets the user edit it field by field until they go back.
  func runInteractive() async {
    let client = client
    let (theme, translator) = (context.theme, context.translator)
    let screen = InteractiveScreen(
      menu: Menu(
        title: translator(Strings.profileTitle),
        items: [
          .init(key: "e", title: translator(Strings.profileEdit)),
          .init(key: "b", title: translator(Strings.commonBack)),
        ]),
      load: { try await client.profile() },
      render: { ProfileScreen.render($0, theme: theme, translator: translator) })
    await screen.run(in: context) { choice, profile in
      guard choice.key == "e" else { return .leave }
      await edit(profile)
      return .stay
    }
  }

  /// Asks for each field, keeping the current value when the answer is empty.
  func edit(_ current: CosmonautProfile) async {
    var update = ProfileUpdate()
    let fields: [(LocalizedText, String, WritableKeyPath<ProfileUpdate, String?>)] = [
      (Strings.profileName, current.name, \.name), (Strings.profileAgency, current.agency, \.agency),
      (Strings.profileRole, current.role, \.role), (Strings.commonMission, current.mission, \.mission),
    ]
    for (label, value, keyPath) in fields {
      let shown = value.isEmpty ? "" : " [\(value)]"
      let prompt = Prompt<String?>(label + .verbatim("\(shown): ")) { answer in
        let trimmed = answer.trimmingWhitespace()
        if trimmed.count > ProfileUpdate.maximumFieldLength {
          return .failure(ValidationError(Strings.profileTooLong(maximum: ProfileUpdate.maximumFieldLength)))
        }
        return .success(trimmed.isEmpty ? nil : trimmed)
      }
      guard let answer = prompt.ask(on: context.terminal) else {
        context.terminal.print(context.theme.apply(.dim, to: context.translator(Strings.profileEditCancelled)))
        return
      }
      update[keyPath: keyPath] = answer
    }
    guard !update.isEmpty else {
      context.terminal.print(context.theme.apply(.dim, to: context.translator(Strings.profileNothingChanged)))
      return
    }
    await context.presentingErrors {
      _ = try await store(update)
      context.terminal.print(context.theme.apply(.ok, to: context.translator(Strings.profileSaved)))
    }
  }
}

/// Renders a profile as a key–value panel.
enum ProfileScreen {
  static func render(_ profile: CosmonautProfile, theme: Theme, translator: Translator) -> String {
    let theme = theme.screen(.profile)
    func row(_ key: LocalizedText, _ value: String) -> KeyValuePanel.Row {
      value.isEmpty
        ? .init(translator(key), translator(Strings.profileNotSet), style: .dim) : .init(translator(key), value)
    }
    return KeyValuePanel(
      title: translator(Strings.commonCosmonaut),
      rows: [
        row(Strings.profileName, profile.name), row(Strings.profileAgency, profile.agency),
        row(Strings.profileRole, profile.role), row(Strings.commonMission, profile.mission),
      ]
    ).render(theme)
  }
}
