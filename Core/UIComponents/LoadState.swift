/// What a view model has to show: still loading, failed with an error, or loaded with a value.
///
/// View models expose a `LoadState` instead of optionals, so a screen can always say which of the
/// three it is in.
public enum LoadState<Value> {
  /// The value is being fetched.
  case loading
  /// Fetching failed; the error says why.
  case failed(any Error)
  /// The value is here.
  case loaded(Value)

  /// The loaded value, if there is one.
  public var value: Value? {
    if case .loaded(let value) = self { return value }
    return nil
  }

  /// The error, if loading failed.
  public var error: (any Error)? {
    if case .failed(let error) = self { return error }
    return nil
  }

  /// Runs `load` on the caller's actor (e.g. the main actor of a flow) and captures its outcome as a state.
  public static func capture(
    isolation: isolated (any Actor)? = #isolation, _ load: () async throws -> Value
  ) async -> LoadState {
    do {
      return .loaded(try await load())
    } catch {
      return .failed(error)
    }
  }
}

extension LoadState: Sendable where Value: Sendable {}
