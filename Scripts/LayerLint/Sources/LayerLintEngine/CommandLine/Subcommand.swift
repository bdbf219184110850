import Foundation

/// One subcommand of the `layer-lint` executable: the word that selects it, one line of help, and
/// its run. The executable finds the subcommand by name in a list of these types (`CommandLineTool`).
public protocol Subcommand: Sendable {
  /// The word that selects the subcommand (`lint`).
  static var name: String { get }
  /// What it does, in one line of the tool's help.
  static var summary: String { get }
  /// The subcommand, writing to the process's standard output and standard error.
  init()
  /// Runs with the arguments after the subcommand's name; returns the exit code.
  func run(_ arguments: [String]) -> Int32
}

/// An executable made of subcommands: `tool <subcommand> [options]`, dispatched by the subcommands'
/// own names; `tool --help` lists them.
public struct CommandLineTool: Sendable {
  /// The executable's name, in its help.
  let name: String
  /// Its subcommands, in the order its help lists them.
  let subcommands: [any Subcommand.Type]
  let console: Console

  /// A tool named `name` made of `subcommands`, writing to the standard streams.
  public init(name: String, subcommands: [any Subcommand.Type]) {
    self.init(name: name, subcommands: subcommands, console: .standard)
  }

  package init(name: String, subcommands: [any Subcommand.Type], console: Console) {
    self.name = name
    self.subcommands = subcommands
    self.console = console
  }

  /// The usage line and one line per subcommand.
  var help: String {
    let width = subcommands.map { $0.name.count }.max() ?? 0
    let rows = subcommands.map { "  \($0.name.padding(toLength: width, withPad: " ", startingAt: 0))  \($0.summary)" }
    return
      (["usage: \(name) <subcommand> [options] (\(name) <subcommand> --help for its options)", "subcommands:"]
      + rows).joined(separator: "\n") + "\n"
  }

  /// Runs the subcommand `arguments` names (without the program name) and returns its exit code.
  public func run(_ arguments: [String]) -> Int32 {
    guard let word = arguments.first else {
      console.writeError(help)
      return ExitCode.usage
    }
    if word == "--help" || word == "-h" || word == "help" {
      console.writeOutput(help)
      return ExitCode.success
    }
    guard let subcommand = subcommands.first(where: { $0.name == word }) else {
      let names = subcommands.map { $0.name }.joined(separator: ", ")
      console.writeError("\(name): unknown subcommand \(word) (one of: \(names); see --help)\n")
      return ExitCode.usage
    }
    return Self.run(subcommand, Array(arguments.dropFirst()))
  }

  /// Makes and runs one subcommand (the existential metatype opened as a generic parameter).
  private static func run<Command: Subcommand>(_ command: Command.Type, _ arguments: [String]) -> Int32 {
    Command().run(arguments)
  }
}
