import AppAnalytics
import Foundation
import Localization
import Testing

@testable import DeviceServiceInterface

/// A device of the tests: a lamp whose service words its errors in English and Russian.
enum Lamp: DeviceKind {
  static let table = StringTable(
    module: "LampService",
    texts: [
      .english: [
        "device.name": "the lamp", "device.unreachable-hint": "check its socket",
        "error.rejected": "the lamp refused: {reason}", "error.protocol-violation": "the lamp said nonsense: {reason}",
        "burnt": "it is burnt out",
      ],
      .russian: [
        "device.name": "лампа", "device.unreachable-hint": "проверьте патрон",
        "error.rejected": "лампа отказала: {reason}",
        "error.protocol-violation": "лампа сказала чушь: {reason}", "burnt": "она перегорела",
      ],
    ])
  static let contract = DeviceContract(
    status: Bool.self, command: String.self, refusal: LampRefusal.self, result: Int.self, words: table)
}

enum LampRefusal: DeviceRefusal {
  case burntOut
  var text: LocalizedText { LocalizedText("burnt", in: Lamp.table) }
}

@Suite("The device kit: errors, answers, news and alerts written once for every device")
struct DeviceKitTests {
  @Test func anErrorIsTheDevicesOwnLineOfItsKindInEveryLanguage() {
    let refused = DeviceError<Lamp>.rejected(LampRefusal.burntOut.text)
    #expect(refused.kind == .rejected && refused.userMessage == "the lamp refused: it is burnt out")
    #expect(refused.translatedMessage.resolved(in: .russian) == "лампа отказала: она перегорела")
    let unreadable = Lamp.protocolViolation(.verbatim("0x8F"))
    #expect(unreadable.kind == .internal && unreadable.userMessage == "the lamp said nonsense: 0x8F")
    let unreachable = Lamp.unreachable(.verbatim("cannot reach the lamp"))
    #expect(unreachable == .unreachable(.verbatim("cannot reach the lamp")))
    #expect(unreachable.kind == .unavailable && unreachable.userMessage == "cannot reach the lamp")
    #expect(Lamp.name.resolved(in: .russian) == "лампа" && Lamp.unreachableHint.description == "check its socket")
  }

  @Test func anAnswerSaysWhatWasDoneOrWhyNotAndKeepsItsWireForm() throws {
    let done = Lamp.Acknowledgement(answering: "on", refusal: nil, outcome: .verbatim("the lamp is on"), result: 7)
    #expect(done == Lamp.Acknowledgement(command: "on", accepted: true, message: "the lamp is on", result: 7))
    #expect(Lamp.verdict(on: done) == ("on", nil))
    let refused = Lamp.Acknowledgement(answering: "on", refusal: .burntOut, outcome: .verbatim("never said"), result: 7)
    #expect(!refused.accepted && refused.message == "it is burnt out" && refused.result == nil)
    #expect(refused.reason.resolved(in: .russian) == "она перегорела")
    #expect(Lamp.verdict(on: refused).refusal == LampRefusal.burntOut.text)
    let silent = Lamp.Acknowledgement(command: "off", accepted: false, message: "no")
    #expect(silent.reason == .verbatim("no"), "a device that gives no reason is quoted")

    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    #expect(
      String(decoding: try encoder.encode(done), as: UTF8.self)
        == #"{"accepted":true,"command":"on","message":"the lamp is on","result":7}"#)
    let wire = #"{"command":"on","accepted":false,"message":"it is burnt out","refusal":{"burntOut":{}}}"#
    #expect(try JSONDecoder().decode(Lamp.Acknowledgement.self, from: Data(wire.utf8)) == refused)
    let noResult = DeviceAcknowledgement<LampRefusal, Never>(command: "on", accepted: true, message: "on")
    #expect(
      String(decoding: try encoder.encode(noResult), as: UTF8.self)
        == #"{"accepted":true,"command":"on","message":"on"}"#, "a device without results writes none")
  }

  @Test func theLinkNewsAndTheAlertsAreTheSameForEveryDevice() {
    #expect(Lamp.reconnecting(attempt: 2, of: 10) == .reconnecting(attempt: 2, maximumAttempts: 10))
    #expect(Lamp.reconnected == .reconnected)
    let alert = DeviceAlert(severity: .critical, label: .verbatim("lamp 1"), text: LampRefusal.burntOut.text)
    #expect(alert.subject == "lamp 1" && alert.message == "it is burnt out")
    #expect(alert.text.resolved(in: .russian) == "она перегорела", "the line reads in Russian")
    #expect(alert.severity.rawValue == "critical" && DeviceAlert.Severity(rawValue: "warning") == .warning)
  }
}
