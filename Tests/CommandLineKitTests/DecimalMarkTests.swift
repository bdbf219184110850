import Localization
import Testing

@testable import CommandLineKit

/// A decimal a person types is read with the decimal mark the screens show in their language: the
/// comma in Russian (`2,5`, as help shows `0,5–8,0`), the point everywhere; in English a comma is
/// no decimal mark and the error says what is expected.
@Suite struct DecimalMarkTests {
  @Test func aDecimalReadsWithTheLanguagesMark() {
    let format = ValueFormat<Double>.decimal(in: -80...40)
    #expect(format.read("2,5", in: .russian) == 2.5)
    #expect(format.read("-20,25", in: .russian) == -20.25)
    #expect(format.read("2.5", in: .russian) == 2.5, "the point is read in every language")
    #expect(format.read("2,5", in: .english) == nil)
    #expect(format.read("2,5") == nil)
    #expect(format.read("1,000", in: .english) == nil, "no grouping either")
    #expect(format.read("1,5,5", in: .russian) == nil && format.read("1,5.5", in: .russian) == nil)
  }

  @Test func theCommandLineAndLinksReadDecimalsInTheLanguageGiven() throws {
    #expect(try LabRoute(words: ["heat", "-20,5"], language: .russian) == .heat(celsius: -20.5))
    #expect(try LabRoute(link: DeepLink.parse("heat?celsius=12,5"), language: .russian) == .heat(celsius: 12.5))
    #expect(try LabRoute(words: ["heat", "12.5"], language: .russian) == .heat(celsius: 12.5))
  }

  @Test func inEnglishACommaIsAUsageErrorNamingTheExpectedForm() {
    let error = #expect(throws: UsageError.self) { try LabRoute(words: ["heat", "2,5"], language: .english) }
    #expect(
      error?.message.description == #"invalid value "2,5" for <celsius>: expected a number from -80 to 40"#,
      "\(error?.message.description ?? "")")
    #expect(ExitCode.forError(error ?? UsageError("")) == 64)
  }

  @Test func aProgramReadsItsCommandsValuesInItsLanguage() throws {
    let program = Program(
      name: "lab", version: "1", abstract: "the lab", commands: LabRoute.commands, groups: LabRoute.groups)
    guard case .run(let route?, _, let options) = try program.parse(["heat", "3,5"], language: .russian) else {
      Issue.record("not a run")
      return
    }
    #expect(route == .heat(celsius: 3.5))
    #expect(options.language == .russian)
    #expect(throws: UsageError.self) { try program.parse(["heat", "3,5"], language: .english) }
  }
}
