import LayerLintEngine
import LayerLintManifestReader

/// The one-line reason a command cannot run, for the errors the commands share (exit 2).
enum CannotRun {
  static func reason(for error: any Error) -> String {
    switch error {
    case let error as ConfigurationError: return error.description
    case let error as ManifestLoadError:
      switch error {
      case .failed(let reason): return reason
      case .manifestRejectedDependencies(let lines):
        return "the manifest refuses its dependencies: \(lines.joined(separator: " | "))"
      }
    case let error as GitError: return error.message
    case let error as ExportError: return error.message
    case let error as DocsError: return error.message
    default: return "\(error)"
    }
  }
}
