import CosmonautServiceInterface
import Localization
import MissionControlInterface
import Network
import Testing
import URLSessionBridgeInterface

@testable import CosmonautService

/// A centre out of reach is one line within 300 bytes, whatever the cause and in every language: the
/// templates nest (the service's error, Network's reason, the cause's words), so their sum is held
/// here, with the longest name a centre has and a detail the HTTP library made up at any length.
@Suite struct LineBoundTests {
  static let prefixBytes = "ошибка: ".utf8.count

  static var reasons: [String] {
    UnreachableCause.allCases.map { $0.tagged(String(repeating: "detail ", count: 700)) }
      + [String(repeating: "no cause named ", count: 400)]
  }

  @Test func anUnreachableCentreIsOneLineWithinTheBoundInEveryLanguage() {
    for reason in Self.reasons {
      let failure = MissionControlFailure(NetworkError.unreachable(reason), redacting: { $0 })
      let message = CosmonautServiceError(failure, center: .houston).translatedMessage
      for language in [Language.english, .russian] {
        let line = message.resolvedLine(by: Translator(language: language))
        #expect(line.utf8.count + Self.prefixBytes <= 300, "\(language): \(line)")
        #expect(!line.contains("\n"))
        #expect(!line.contains("detail"), "the library's words stay in the log: \(line)")
      }
    }
  }

  @Test func aRetryNoticeSaysWhatFailedWithoutTheAdviceOfTheLastError() {
    let failure = MissionControlFailure(
      NetworkError.unreachable(UnreachableCause.couldNotConnect.tagged("Could not connect to the server.")),
      redacting: { $0 })
    #expect(failure.reason.resolved(in: .english) == "server unreachable: could not connect")
    #expect(failure.reason.resolved(in: .russian) == "сервер недоступен: не удалось подключиться")
  }
}
