import CosmonautServiceInterface
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
      let center = client.controlCenter.name
      context.terminal.print(context.theme.apply(.ok, to: "Profile saved; \(center) will be told on the next sync."))
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
      context.terminal.print(ProfileScreen.render(profile, theme: context.theme))
    }
  }

  /// Shows the profile, then lets the user edit it field by field until they go back.
  func runInteractive() async {
    let client = client
    let theme = context.theme
    let screen = InteractiveScreen(
      menu: Menu(title: "Profile", items: [.init(key: "e", title: "Edit profile"), .init(key: "b", title: "Back")]),
      load: { try await client.profile() },
      render: { ProfileScreen.render($0, theme: theme) })
    await screen.run(in: context) { choice, profile in
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
        if trimmed.count > ProfileUpdate.maximumFieldLength {
          return .failure(ValidationError("at most \(ProfileUpdate.maximumFieldLength) characters, please"))
        }
        return .success(trimmed.isEmpty ? nil : trimmed)
      }
      guard let answer = prompt.ask(on: context.terminal) else {
        context.terminal.print(context.theme.apply(.dim, to: "Edit cancelled; nothing changed."))
        return
      }
      update[keyPath: keyPath] = answer
    }
    guard !update.isEmpty else {
      context.terminal.print(context.theme.apply(.dim, to: "Nothing changed."))
      return
    }
    await context.presentingErrors {
      _ = try await store(update)
      context.terminal.print(context.theme.apply(.ok, to: "Profile saved."))
    }
  }
}

/// Renders a profile as a key–value panel.
enum ProfileScreen {
  static func render(_ profile: CosmonautProfile, theme: Theme) -> String {
    let theme = theme.screen(.profile)
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
