import Foundation
import Localization
import Logging
import Testing

@testable import Radio

/// A device link's errors in parts: the caller names the device and the hint in its own words, Radio
/// words the line in the reader's language, and the system's reason and the path stay verbatim.
@Suite("DeviceLink errors in English and Russian")
struct DeviceLinkLanguageTests {
  let logger = Logger(module: "DeviceLinkLanguageTests", level: .error, sinks: [])
  /// The caller's words, as a service's table would give them.
  let device = LocalizedText.joined([.verbatim("the pump")])

  private func link(_ connector: RadioConnector) -> DeviceLink {
    DeviceLink(
      name: device, connector: connector, messages: DeviceMessages(failure: 0xFF),
      unreachableHint: .verbatim("check the pump"),
      configuration: RadioLinkConfiguration(requestTimeout: .seconds(2), reconnect: .never), logger: logger)
  }

  @Test func nothingListeningIsUnreachableInPartsAndReadsInRussian() async throws {
    let scratch = try ScratchDirectory()
    let path = scratch.file("nobody.sock")
    let device = link(.unixSocket(path: path))
    let error = try #require(
      await #expect(throws: DeviceLinkError.self) {
        try await device.exchange(0x01, body: [String: String](), expecting: 0x81, as: [String: String].self)
      })
    let reason = RadioError.system(call: "connect", reason: "No such file or directory", code: ENOENT)
    #expect(
      error
        == .unreachable(
          device: self.device, endpoint: "unix:\(path)", reason: reason.translatedMessage,
          hint: .verbatim("check the pump")))
    #expect(
      error.description
        == "cannot reach the pump at unix:\(path) (connect failed: No such file or directory); check the pump")
    #expect(
      error.translatedMessage.resolved(in: .russian)
        == "the pump не отвечает по адресу unix:\(path) (ошибка connect: нет такого файла или каталога); check the pump",
      "the system's reason in the reader's language, not English")
  }

  @Test func aFileWhereTheSocketShouldBeIsNamedAndTheHintAsksForAnotherPath() async throws {
    let scratch = try ScratchDirectory()
    let path = scratch.file("plain.sock")
    #expect(FileManager.default.createFile(atPath: path, contents: Data()))
    let device = link(.unixSocket(path: path))
    let error = try #require(
      await #expect(throws: DeviceLinkError.self) {
        try await device.exchange(0x01, body: [String: String](), expecting: 0x81, as: [String: String].self)
      })
    #expect(
      error.description
        == "cannot reach the pump at unix:\(path) (\(path) is a regular file, not a socket); give the path of the "
        + "socket where it listens, not of a file or folder")
    #expect(!error.translatedMessage.resolved(in: .russian).contains("check the pump"))
  }

  @Test func aDeviceThatCannotServeTheRequestIsAProtocolViolationInItsOwnWords() async throws {
    let server = RadioServer(logger: logger) { request in
      request.type == 0x01
        ? DeviceFailure(message: "pump busy").frame(type: 0xFF, answering: request)
        : Frame(type: 0x8F, sequence: request.sequence)
    }
    let device = link(.inProcess(endpoint: "in-process:pump", server: server))
    let refused = try #require(
      await #expect(throws: DeviceLinkError.self) {
        try await device.exchange(0x01, body: [String: String](), expecting: 0x81, as: [String: String].self)
      })
    #expect(refused == .protocolViolation(device: self.device, .refused(message: "pump busy")))
    #expect(refused.description == "the pump sent an answer this app cannot read: pump busy")
    let unexpected = try #require(
      await #expect(throws: DeviceLinkError.self) {
        try await device.exchange(0x02, body: [String: String](), expecting: 0x82, as: [String: String].self)
      })
    #expect(unexpected == .protocolViolation(device: self.device, .unexpectedAnswer(type: 0x8F)))
    #expect(
      unexpected.translatedMessage.resolved(in: .russian)
        == "the pump: программа не может прочитать ответ (неожиданный тип ответа 0x8F)")
    await device.close()
  }

  @Test func radioErrorsReadInRussianAndStayEnglishForLogs() {
    #expect(RadioError.timeout(sequence: 1200).description == "no response to request #1200 in time")
    #expect(
      RadioError.timeout(sequence: 1200).translatedMessage.resolved(in: .russian)
        == "нет ответа на запрос №1200 за отведённое время")
    #expect(
      RadioError.reconnectFailed(attempts: 1).description == "the connection dropped and 1 reconnect attempt failed")
    #expect(
      RadioError.reconnectFailed(attempts: 10).description == "the connection dropped and 10 reconnect attempts failed")
    #expect(
      DeviceLinkError.lost(
        device: .verbatim("насос"), endpoint: "unix:/tmp/p.sock", reason: RadioError.connectionLost.translatedMessage,
        hint: .verbatim("проверьте насос")
      ).translatedMessage.resolved(in: .russian)
        == "пропала связь: насос, адрес unix:/tmp/p.sock (соединение оборвалось до прихода ответа); проверьте насос")
  }
}
