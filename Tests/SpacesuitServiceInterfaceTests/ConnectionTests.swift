import Foundation
import SpacesuitServiceInterface
import Testing

@Suite struct ConnectionParsingTests {
  @Test func readsEveryForm() throws {
    #expect(try SuitConnection.parse("simulated") == .simulated(seed: SuitConnection.defaultSeed))
    #expect(try SuitConnection.parse("simulated:7") == .simulated(seed: 7))
    #expect(
      try SuitConnection.parse("simulated:scenario=co2-buildup,time-factor=60")
        == .simulated(seed: SuitConnection.defaultSeed, scenario: .co2Buildup, timeFactor: 60))
    #expect(
      try SuitConnection.parse("simulated:time-factor=0.5,seed=3")
        == .simulated(seed: 3, scenario: nil, timeFactor: 0.5))
    #expect(try SuitConnection.parse("unix:/tmp/s.sock") == .unixSocket(path: "/tmp/s.sock"))
    #expect(
      SuitConnection.simulated(seed: 3, scenario: .pressureLeak, timeFactor: 60).description
        == "simulated:seed=3,scenario=pressure-leak,time-factor=60.0")
  }

  @Test func saysWhatIsWrongInOneLine() {
    let cases: [(String, String)] = [
      ("tcp:1.2.3.4", "unknown suit \"tcp:1.2.3.4\"; use simulated, simulated:SEED"),
      ("simulated:scenario=meteor", "unknown suit scenario \"meteor\"; use one of: nominal, co2-buildup"),
      ("simulated:time-factor=0", "the suit's time factor must be a number in 0.01...3600.0, not \"0\""),
      ("simulated:seed=-1", "the suit's seed must be a whole number, not \"-1\""),
      ("simulated:colour=red", "unknown suit option \"colour\"; use seed, scenario or time-factor"),
    ]
    for (argument, start) in cases {
      let error = #expect(throws: SpacesuitError.self) { try SuitConnection.parse(argument) }
      #expect(error?.kind == .usage)
      #expect(error?.userMessage.hasPrefix(start) == true, "\(argument): \(error?.userMessage ?? "")")
    }
  }

  @Test func keepsStateOnlyForTheSimulatedSuit() {
    let file = URL(fileURLWithPath: "/tmp/state.json")
    #expect(SuitConnection.simulated(seed: 1).keepingState(in: file) == .simulated(seed: 1, stateFile: file))
    #expect(SuitConnection.unixSocket(path: "/tmp/s").keepingState(in: file) == .unixSocket(path: "/tmp/s"))
  }
}

@Suite struct CommandMessageTests {
  @Test func anOutOfRangeValueIsShownAsGiven() {
    #expect(
      invalidCommandReason { try SuitCommand.parse(setting: "temperature", value: "15.99") }
        == "temperature 15.99 °C is out of range; use 16.0–30.0 °C")
    #expect(
      invalidCommandReason { try SuitCommand.parse(setting: "temperature", value: "30.04") }
        == "temperature 30.04 °C is out of range; use 16.0–30.0 °C")
    #expect(
      invalidCommandReason { try SuitCommand.parse(setting: "oxygen-flow", value: "0.499") }
        == "oxygen-flow 0.499 L/min is out of range; use 0.5–8.0 L/min")
    #expect(SuitCommand.setTemperature(celsius: 22.46).description == "temperature 22.46 °C")
    #expect(SuitCommand.setTemperature(celsius: 22).description == "temperature 22.0 °C")
  }
}
