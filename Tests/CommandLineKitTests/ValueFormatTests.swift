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
