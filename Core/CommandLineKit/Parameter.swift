import Localization

/// One parameter of a command: a positional argument, an option with a value, or a flag.
///
/// Declared once (usually as a `static let` beside the route it feeds) and used three ways: the
/// parser reads it, help describes it, and a parsed command's ``ParsedValues`` hands out its value.
public protocol Parameter: Sendable {
  /// What the parser, help and completion need to know, whatever the value's type.
  var specification: ParameterSpecification { get }
}

/// The untyped description of a ``Parameter``.
public struct ParameterSpecification: Sendable {
  /// How the parameter is written on the command line.
  public enum Kind: Sendable, Equatable {
    /// A word in order: `<item>`.
    case argument
    /// `--name VALUE` or `--name=VALUE`.
    case option
    /// `--name`, on or off.
    case flag
  }

  /// How it is written.
  public let kind: Kind
  /// Its name: the deep-link parameter and the option's long name without `--` (e.g. `interval-ms`).
  public let name: String
  /// One sentence for help.
  public let help: LocalizedText
  /// What a good value is (nil for flags).
  public let expectation: LocalizedText?
  /// Whether help shows the expectation.
  let documentsValues: Bool
  /// Whether the parameter must be given (arguments always; options when declared so).
  public let isRequired: Bool
  /// What a shell may complete its value with.
  public let completion: Completion
  /// The environment variable that gives the value when the command line does not (options only).
  public let environment: String?
  /// The placeholder shown in usage lines (`<item>`, `<ms>`).
  public let placeholder: String
  /// Other names a person may write for it, without `--` (e.g. `houston` for `tsup`): never read,
  /// only suggested ("did you mean '--tsup'?") when one of them is given.
  public let alsoKnownAs: [String]
  /// Reads `text` into a typed value, or says why it is not valid.
  let read: @Sendable (String, Language) -> Result<any Sendable, ValueRejection>

  /// How it appears in a usage line: `<item>`, `--count <n>`, `--json`.
  var usage: String {
    switch kind {
    case .argument: "<\(placeholder)>"
    case .option: "--\(name) <\(placeholder)>"
    case .flag: "--\(name)"
    }
  }

  /// The part of an error line that names it: `<item>` or `--count`.
  var label: String {
    kind == .argument ? "<\(placeholder)>" : "--\(name)"
  }
}

/// A positional argument: `cosmonaut supplies consume <item> <quantity>`. Always required.
public struct Argument<Value: Sendable>: Parameter {
  /// Its name and deep-link parameter, e.g. `item`.
  public let name: String
  /// How its text is read and written.
  public let format: ValueFormat<Value>
  public let specification: ParameterSpecification

  /// An argument called `name` (shown as `<name>`, or `<placeholder>`), read with `format`.
  public init(_ name: String, _ format: ValueFormat<Value>, placeholder: String? = nil, help: some TextArgument) {
    self.name = name
    self.format = format
    specification = ParameterSpecification(
      kind: .argument, name: name, help: help.localizedText, expectation: format.expectation,
      documentsValues: format.documentsValues, isRequired: true, completion: format.completion,
      environment: nil, placeholder: placeholder ?? name, alsoKnownAs: [], read: { format.check($0, in: $1).map { $0 } }
    )
  }

  /// The argument with a value, for printing a route back to its command (`Self.item("water")`).
  public func callAsFunction(_ value: Value) -> ParameterValue {
    ParameterValue(name: name, text: format.write(value))
  }
}

/// An option with a value: `--count <n>`. Optional unless declared `required`; `ParsedValues`
/// gives `nil` when it is absent.
public struct Option<Value: Sendable>: Parameter {
  /// Its long name without `--`, and its deep-link parameter, e.g. `count`.
  public let name: String
  /// How its text is read and written.
  public let format: ValueFormat<Value>
  public let specification: ParameterSpecification

  /// An option `--name <placeholder>` read with `format`; `environment` names a variable that gives
  /// the value when the command line does not; a `required` option must be given one way or the other.
  /// `alsoKnownAs` are names a person may write for it by mistake (without `--`), for which the
  /// error suggests this one.
  public init(
    _ name: String, _ format: ValueFormat<Value>, placeholder: String, environment: String? = nil,
    required: Bool = false, alsoKnownAs: [String] = [], help: some TextArgument
  ) {
    self.name = name
    self.format = format
    specification = ParameterSpecification(
      kind: .option, name: name, help: help.localizedText, expectation: format.expectation,
      documentsValues: format.documentsValues, isRequired: required, completion: format.completion,
      environment: environment, placeholder: placeholder, alsoKnownAs: alsoKnownAs.map { $0.lowercased() },
      read: { format.check($0, in: $1).map { $0 } })
  }

  /// The option with a value, for printing a route back to its command; `nil` leaves it out.
  public func callAsFunction(_ value: Value?) -> ParameterValue? {
    value.map { ParameterValue(name: name, text: format.write($0)) }
  }
}

/// A flag: `--json`. Off unless given.
public struct Flag: Parameter {
  /// Its long name without `--`.
  public let name: String
  public let specification: ParameterSpecification

  /// A flag `--name`.
  public init(_ name: String, help: some TextArgument) {
    self.name = name
    specification = ParameterSpecification(
      kind: .flag, name: name, help: help.localizedText, expectation: nil, documentsValues: false, isRequired: false,
      completion: .none,
      environment: nil, placeholder: name, alsoKnownAs: [],
      read: { ValueFormat<Bool>.onOff.check($0, in: $1).map { $0 } })
  }

  /// The flag when `isOn`, for printing a route back to its command; `nil` when off.
  public func callAsFunction(_ isOn: Bool) -> ParameterValue? {
    isOn ? ParameterValue(name: name, text: "on") : nil
  }

  /// `--json`: print one JSON document instead of text.
  public static let json = Flag("json", help: Strings.helpJsonFlag)
}

/// One parameter with its value as text, as a route prints it.
public struct ParameterValue: Sendable, Hashable {
  /// The parameter's name.
  public let name: String
  /// The value as the parameter's format writes it.
  public let text: String
}

/// A global option as the parser checks a line against it: `--name` and the names it is also known by.
struct GlobalOption: Sendable {
  /// `--name`.
  let name: String
  /// `--other` names it is suggested for.
  let alsoKnownAs: [String]

  init(_ specification: ParameterSpecification) {
    name = "--\(specification.name)"
    alsoKnownAs = specification.alsoKnownAs.map { "--\($0)" }
  }
}
