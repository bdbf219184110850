import UIComponents

/// The TemplateBoard domain's entry point: its home is the TemplateBoard screen.
@MainActor
final class TemplateBoardCoordinator: Coordinator {
  private let context: FlowContext
  private let flow: TemplateBoardFlow

  /// The coordinator for one presentation.
  init(context: FlowContext) {
    self.context = context
    flow = TemplateBoardFlow(context: context)
  }

  /// The domain's home: the TemplateBoard screen.
  func start() async {
    await flow.runInteractive()
  }

  func start(at route: TemplateBoardRoute) async throws {
    switch route {
    case .overview:
      if context.presentation == .interactive { await flow.runInteractive() } else { try flow.printOnce() }
    }
  }
}
