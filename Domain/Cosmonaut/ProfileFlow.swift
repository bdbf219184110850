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
    try context.show(profile, as: ProfileScreen.render)
  }

  /// Shows the profile, then lets the user edit it field by field until they go back.
  func runInteractive() async {
    let client = client
    let (theme, translator) = (context.theme, context.translator)
    let screen = InteractiveScreen(
      menu: Menu<ProfileChoice>(Strings.profileTitle),
      load: { try await client.profile() },
      render: { ProfileScreen.render($0, theme: theme, translator: translator) })
    await screen.run(in: context) { choice, profile in
      switch choice {
      case .edit: await edit(profile)
      case .back: return .leave
      }
      return .stay
    }
  }

  /// Asks for each field, keeping the current value when the answer is empty (as a line above the
  /// fields says); Ctrl-D or Ctrl-C goes back with nothing changed.
  func edit(_ current: CosmonautProfile) async {
    context.terminal.print(context.theme.apply(.dim, to: context.translator(Strings.profileEditHint)))
    var update = ProfileUpdate()
    let fields: [(LocalizedText, String, WritableKeyPath<ProfileUpdate, String?>)] = [
      (Strings.profileName, current.name, \.name), (Strings.profileAgency, current.agency, \.agency),
      (Strings.profileRole, current.role, \.role), (Strings.commonMission, current.mission, \.mission),
    ]
    for (label, value, keyPath) in fields {
      let shown = value.isEmpty ? "" : " [\(value)]"
      let prompt = Prompt<String?>(label + .verbatim("\(shown): "), emptyAnswer: nil) { answer in
        if answer.unicodeScalars.count > ProfileUpdate.maximumFieldLength {
          return .failure(ValidationError(Strings.profileTooLong(maximum: ProfileUpdate.maximumFieldLength)))
        }
        return .success(answer)
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
