/// What a screen does after the user's choice has been handled.
public enum ScreenStep: Sendable {
  /// Load and show the screen again.
  case stay
  /// Leave the screen, back to whoever opened it.
  case leave
}

/// The loop every interactive screen runs: load the value, show it, offer a menu, handle the
/// choice, repeat — until the user leaves, goes back (Ctrl-D, Ctrl-C at the menu), input ends (also
/// in a screen opened from here), or loading fails (the error is presented).
@MainActor public struct InteractiveScreen<Value: Sendable, Choice: Sendable> {
  private let menu: Menu<Choice>
  private let load: @MainActor @Sendable () async throws -> Value
  private let render: (Value) -> String

  /// A screen that shows `render(load())`, between blank lines, above `menu`. Ctrl-C while it
  /// loads leaves the screen.
  public init(
    menu: Menu<Choice>, load: @escaping @MainActor @Sendable () async throws -> Value,
    render: @escaping (Value) -> String
  ) {
    self.menu = menu
    self.load = load
    self.render = render
  }

  /// Runs the loop in `context`; errors are presented as coming from the context's module. `handle`
  /// gets the choice and the value shown with it.
  public func run(in context: FlowContext, handle: @MainActor (Choice, Value) async -> ScreenStep) async {
    while !context.terminal.inputEnded {
      let value: Value
      switch await LoadState.capture({ try await context.interruptible(load) }) {
      case .loading, .loaded(nil): return
      case .failed(let error):
        context.errors.present(error, in: context.module)
        return
      case .loaded(let loaded?): value = loaded
      }
      // Set apart from the answer above it and the menu below it by blank lines.
      context.terminal.print("\n" + render(value) + "\n")
      guard let choice = menu.choose(on: context.terminal) else { return }
      if await handle(choice, value) == .leave { return }
    }
  }
}
