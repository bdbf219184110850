import Foundation
import TestHarness
import Testing

/// Whether this package has the URLSession helper (`App/URLSessionHelper`), which sends every request.
/// A package exported without the App layer (`Scripts/export --layers Core,Shared`) has not: the tests
/// that send a request through it skip there, saying why; in the workspace they always run.
enum HelperPresence {
  /// The helper's folder is part of this package.
  static let isPartOfThisPackage = FileManager.default.fileExists(
    atPath: TestProducts.packageRoot.appendingPathComponent("App/URLSessionHelper").path)

  /// Why a test that needs the helper skips.
  static let missing: Comment = "the URLSession helper (App/URLSessionHelper) is not part of this package"
}
