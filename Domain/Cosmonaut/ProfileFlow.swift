import CosmonautService
import UIComponents

/// Shows and edits the cosmonaut's profile.
@MainActor
final class ProfileFlow {
  private let environment: FlowEnvironment
  private let client: any CosmonautClient

  init(environment: FlowEnvironment, client: any CosmonautClient) {
    self.environment = environment
    self.client = client
  }

  /// `profile`, `profile/show`, `profile/set?name=…`.
  func open(_ link: DeepLink) async throws -> Bool {
    switch (link.head, environment.context.presentation) {
    case (nil, .interactive), ("show", .interactive), ("edit", .interactive):
      await runInteractive()
    case (nil, .once), ("show", .once):
      try show(try await client.profile())
    case ("set", _):
      let update = ProfileUpdate(
        name: link.parameters["name"], agency: link.parameters["agency"], role: link.parameters["role"],
        mission: link.parameters["mission"])
      guard !update.isEmpty else { throw CosmonautFlowError.nothingToChange }
      let saved = try await save(update)
      try show(saved)
      if !environment.json {
        environment.terminal.print(
          environment.theme.apply(.ok, to: "Profile saved; Houston will be told on the next sync."))
      }
    default:
      return false
    }
    return true
  }

  private func show(_ profile: CosmonautProfile) throws {
    if environment.json {
      try environment.context.printJSON(profile)
    } else {
      environment.terminal.print(ProfileScreen.render(profile, theme: environment.theme))
    }
  }

  private func save(_ update: ProfileUpdate) async throws -> CosmonautProfile {
    let saved = try await client.updateProfile(update)
    environment.analytics.track("profile.updated", ["fields": update.changedFields.joined(separator: ",")])
    return saved
  }

  /// Shows the profile, then lets the user edit it field by field until they go back.
  func runInteractive() async {
    let client = client
    let theme = environment.theme
    let screen = InteractiveScreen(
      menu: Menu(title: "Profile", items: [.init(key: "e", title: "Edit profile"), .init(key: "b", title: "Back")]),
      load: { try await client.profile() },
      render: { ProfileScreen.render($0, theme: theme) })
    await screen.run(in: environment.context, module: FlowEnvironment.module) { choice, profile in
      guard choice.key == "e" else { return .leave }
      await edit(profile)
      return .stay
    }
  }

  /// Asks for each field, keeping the current value when the answer is empty.
  func edit(_ current: CosmonautProfile) async {
    var update = ProfileUpdate()
    let fields: [(String, String, WritableKeyPath<ProfileUpdate, String?>)] = [
      ("Name", current.name, \.name), ("Agency", current.agency, \.agency),
      ("Role", current.role, \.role), ("Mission", current.mission, \.mission),
    ]
    for (label, value, keyPath) in fields {
      let shown = value.isEmpty ? "" : " [\(value)]"
      let prompt = Prompt<String?>("\(label)\(shown): ") { answer in
        let trimmed = answer.trimmingWhitespace()
        if trimmed.count > ProfileRules.maximumLength {
          return .failure(ValidationError("at most \(ProfileRules.maximumLength) characters, please"))
        }
        return .success(trimmed.isEmpty ? nil : trimmed)
      }
      guard let answer = prompt.ask(on: environment.terminal) else { return }
      update[keyPath: keyPath] = answer
    }
    guard !update.isEmpty else {
      environment.terminal.print(environment.theme.apply(.dim, to: "Nothing changed."))
      return
    }
    await environment.context.presentingErrors(in: FlowEnvironment.module) {
      _ = try await save(update)
      environment.terminal.print(environment.theme.apply(.ok, to: "Profile saved."))
    }
  }
}

/// Limits the editor enforces before the service sees the value.
enum ProfileRules {
  static let maximumLength = 80
}

extension ProfileUpdate {
  /// The names of the fields this update changes, for analytics.
  var changedFields: [String] {
    [("name", name), ("agency", agency), ("role", role), ("mission", mission)].compactMap { $0.1 == nil ? nil : $0.0 }
  }
}

/// Renders a profile as a key–value panel.
enum ProfileScreen {
  static func render(_ profile: CosmonautProfile, theme: Theme) -> String {
    func row(_ key: String, _ value: String) -> KeyValuePanel.Row {
      value.isEmpty ? .init(key, "(not set)", style: .dim) : .init(key, value)
    }
    return KeyValuePanel(
      title: "Cosmonaut",
      rows: [
        row("Name", profile.name), row("Agency", profile.agency), row("Role", profile.role),
        row("Mission", profile.mission),
      ]
    ).render(theme)
  }
}
