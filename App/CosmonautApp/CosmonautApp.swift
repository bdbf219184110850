import AppAnalytics
import Cosmonaut
import CosmonautService
import Foundation
import Logging
import Network
import Persistence
import Scaffold
import Spacesuit
import SpacesuitService
import UIComponents

/// The composition root of `cosmonaut`: parses the command line, builds the live dependencies and a
/// Scaffold configuration, and hands the work to the `AppCoordinator`.
@main
enum CosmonautApp {
  static func main() async {
    // A reader that goes away (`cosmonaut supplies list | head -1`) must not kill the app mid-write.
    signal(SIGPIPE, SIG_IGN)
    let code = await run(
      arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
    exit(code)
  }

  @MainActor
  static func run(arguments: [String], environment: [String: String]) async -> Int32 {
    let invocation: Invocation
    do {
      invocation = try InvocationParser.parse(arguments)
    } catch {
      return fail("error: \(error.message)", code: ExitCode.usage)
    }
    switch invocation {
    case .help(let text):
      print(text)
      return ExitCode.success
    case .version:
      print("cosmonaut \(version)")
      return ExitCode.success
    case .interactive(let options, let start):
      var link: DeepLink?
      if let start {
        guard let parsed = DeepLink(string: start) else {
          return fail("error: \"\(start)\" is not a deep link; try e.g. 'spacesuit/telemetry'", code: ExitCode.usage)
        }
        link = parsed
      }
      return await withApp(options, environment: environment) { await $0.runInteractive(startingAt: link) }
    case .command(let options, let path, let parameters, let json):
      guard let parsed = DeepLink(string: path) else { return ExitCode.internalError }
      let link = DeepLink(path: parsed.path, parameters: parameters)
      return await withApp(options, environment: environment, presentation: .once(json: json)) {
        await $0.runOnce(link, json: json)
      }
    }
  }

  static let version = "0.1.0"

  @MainActor
  private static func withApp(
    _ options: GlobalOptions, environment: [String: String], presentation: Presentation = .interactive,
    _ body: (AppCoordinator) async -> Int32
  ) async -> Int32 {
    let composition: AppComposition
    do {
      composition = try AppComposition(options: options, environment: environment)
    } catch let error as CompositionError {
      return fail("error: \(error.message)", code: error.exitCode)
    } catch {
      return fail("error: internal error: \(error)", code: ExitCode.internalError)
    }
    return await body(composition.makeCoordinator())
  }

  private static func fail(_ line: String, code: Int32) -> Int32 {
    FileHandle.standardError.write(Data((line + "\n").utf8))
    return code
  }
}
