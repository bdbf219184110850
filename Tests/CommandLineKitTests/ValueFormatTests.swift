import Foundation
import Logging
import Testing

@testable import CommandLineKit

@Suite struct ValueFormatTests {
  @Test func textIsTrimmedBoundedAndPlain() {
    let format = ValueFormat<String>.text(maximumLength: 5)
    #expect(format.read("  abc ") == "abc")
    #expect(format.read("") == nil)
    #expect(format.read("   ") == nil)
    #expect(format.read("abcdef") == nil)
    #expect(format.read("a\tb") == nil)
    #expect(format.read("a\u{7}") == nil)
  }

  @Test func numbersStayInTheirRange() {
    #expect(ValueFormat<Int>.integer(in: 1...10).read("10") == 10)
    #expect(ValueFormat<Int>.integer(in: 1...10).read("11") == nil)
    #expect(ValueFormat<Int>.integer(in: 1...10).read("2.5") == nil)
    #expect(ValueFormat<Int>.integer(in: 1...10).read("9223372036854775808") == nil)
    #expect(ValueFormat<Double>.decimal(in: 0.5...8).read("0.5") == 0.5)
    #expect(ValueFormat<Double>.decimal(in: 0.5...8).read("nan") == nil)
    #expect(ValueFormat<Double>.decimal(in: 0.5...8).read("inf") == nil)
    #expect(ValueFormat<Double>.decimal(in: 16...30).expectation.description == "a number from 16 to 30")
    #expect(ValueFormat<UInt64>.unsigned.read("-1") == nil)
  }

  @Test(arguments: [
    "0x10", "0x1p4", "1e1", "1E1", "16e0", "nan", "NaN", "inf", "-inf", "infinity", "1_6", "1,6", " 16",
    "16 ", "+16", "+5", "+-16", "--16", "1.6.0", ".", "-", "+", "", "١٦", "１６", "16\u{0}", "0b10", "0o20",
  ])
  func numbersHaveOneGrammarAPersonWrites(text: String) {
    #expect(ValueFormat<Int>.integer(in: -1000...1000).read(text) == nil, "\(text)")
    #expect(ValueFormat<Double>.decimal(in: -1000...1000).read(text) == nil, "\(text)")
    #expect(ValueFormat<UInt64>.unsigned.read(text) == nil, "\(text)")
  }

  @Test func numbersAsAPersonWritesThem() {
    #expect(ValueFormat<Int>.integer(in: -100...100).read("-16") == -16)
    #expect(ValueFormat<Int>.integer(in: -100...100).read("016") == 16)
    #expect(ValueFormat<Double>.decimal(in: -100...100).read("-30.5") == -30.5)
    #expect(ValueFormat<Double>.decimal(in: -100...100).read(".5") == 0.5)
    #expect(ValueFormat<Double>.decimal(in: -100...100).read("5.") == 5)
    #expect(ValueFormat<Double>.decimal(in: -100...100).read("16") == 16)
    #expect(ValueFormat<UInt64>.unsigned.read("42") == 42)
  }

  @Test func choicesAndSwitchesReadAnyCase() {
    #expect(ValueFormat<String>.choice(["Soyuz", "Dragon"]).read("soyuz") == "Soyuz")
    #expect(ValueFormat<Bool>.onOff.read("YES") == true)
    #expect(ValueFormat<Bool>.onOff.read("0") == false)
    #expect(ValueFormat<Bool>.onOff.read("maybe") == nil)
    #expect(ValueFormat<LogLevel>.logLevel.read("WARN") == .warning)
  }

  @Test func urlsMustBeHTTPWithAHost() {
    #expect(ValueFormat<URL>.httpURL.read("http://127.0.0.1:8765")?.port == 8765)
    #expect(ValueFormat<URL>.httpURL.read("ftp://x") == nil)
    #expect(ValueFormat<URL>.httpURL.read("http://") == nil)
    #expect(ValueFormat<URL>.httpURL.read("localhost:80") == nil)
  }

  @Test func writingThenReadingGivesTheValueBack() {
    for value in [-80.0, 0.5, 22.0, 22.25] {
      #expect(
        ValueFormat<Double>.decimal(in: -100...100).read(ValueFormat<Double>.decimal(in: -100...100).write(value))
          == value)
    }
    #expect(ValueFormat<Bool>.onOff.write(true) == "on")
  }

  @Test func suggestionsCatchTyposNotStrangers() {
    #expect(Suggestion.closest(to: "supplise", among: ["supplies", "sync"]) == "supplies")
    #expect(Suggestion.closest(to: "syn", among: ["supplies", "sync"]) == "sync")
    #expect(Suggestion.closest(to: "weather", among: ["supplies", "sync"]) == nil)
    #expect(Suggestion.distance("kitten", "sitting") == 3)
  }

  @Test func exitCodesFollowSysexits() {
    #expect(ExitCode.forError(UsageError("x")) == 64)
    #expect(ExitCode.forError(CocoaError(.fileNoSuchFile)) == 70)
    #expect(ExitCode.summary.description.hasPrefix("0 success; 64 bad usage; 65 rejected data"))
    #expect(
      ExitCode.summary.description.contains("73 cannot create")
        && ExitCode.summary.description.contains("74 input/output error"))
  }
}
