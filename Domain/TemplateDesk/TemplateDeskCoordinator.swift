import TemplateServiceInterface
import UIComponents

/// The Template Desk domain's entry point: its home is the Template Desk screen, which shows what the
/// service's client answers.
@MainActor
final class TemplateDeskCoordinator: Coordinator {
  private let context: FlowContext
  private let flow: TemplateDeskFlow

  /// The coordinator for one presentation, reading from `client`.
  init(context: FlowContext, client: any TemplateClient) {
    self.context = context
    flow = TemplateDeskFlow(context: context, client: client)
  }

  /// The domain's home: the Template Desk screen.
  func start() async {
    await flow.runInteractive()
  }

  func start(at route: TemplateDeskRoute) async throws {
    switch route {
    case .overview:
      if context.presentation == .interactive { await flow.runInteractive() } else { try await flow.printOnce() }
    }
  }
}
