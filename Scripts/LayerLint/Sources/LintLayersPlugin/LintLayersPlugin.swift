import Foundation
import PackagePlugin

/// `swift package lint-layers [options]`: the layering lint as a SwiftPM command plugin, for any
/// package that depends on this one. The plugin is compiled from the lint's own sources (the root
/// manifest's `LintLayers` target lists `LayerLintCore` and this folder), so a package's `swift build`
/// builds nothing of it; SwiftPM compiles it the first time the command runs.
///
/// It lints the package the command runs in, as `Scripts/lint-layers` does, with the same options and
/// output formats. SwiftPM holds the package's build folder while a plugin runs, so the lint's own
/// `swift package describe` and `dump-package` use a scratch folder of their own; the modules of the
/// products of other packages come from the plugin's context. `--fix` prints the edits to
/// `Package.swift` instead of making them: the plugin asks for no permission to write the package.
@main
struct LintLayersPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    if let swift = try? context.tool(named: "swift") {
      setenv("SWIFT_EXEC_FOR_LINT", swift.url.path, 0)
    }
    let command = LintCommand(
      console: .standard, pluginMode: LintCommand.PluginMode(productModules: Self.productModules(of: context.package)))
    let packagePath = context.package.directoryURL.path
    let status = command.run(["--package-path", packagePath] + arguments)
    if status != ExitCode.success {
      // SwiftPM reports "Plugin ended with exit code N" and exits 1.
      exit(status)
    }
  }

  /// For every product of another package a target depends on: the modules it brings (its targets and
  /// the targets of its package they depend on) with their Swift sources.
  static func productModules(of package: Package) -> [String: [ProductModule]] {
    var result: [String: [ProductModule]] = [:]
    for target in package.targets {
      for case .product(let product) in target.dependencies where result[product.name] == nil {
        var modules: [ProductModule] = []
        var seen: Set<String> = []
        var queue: [any Target] = product.targets
        while !queue.isEmpty {
          let next = queue.removeFirst()
          guard seen.insert(next.id).inserted else { continue }
          for case .target(let dependency) in next.dependencies { queue.append(dependency) }
          guard let module = next as? SourceModuleTarget else { continue }
          let sources = module.sourceFiles.filter { $0.type == .source && $0.url.pathExtension == "swift" }
          modules.append(ProductModule(module: module.moduleName, sources: sources.map(\.url.path)))
        }
        result[product.name] = modules
      }
    }
    return result
  }
}
