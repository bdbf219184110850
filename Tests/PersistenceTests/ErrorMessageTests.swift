import Localization
import Testing

@testable import Persistence

/// What a store error says, in English (logs, analytics, `userMessage`) and in Russian.
@Suite struct ErrorMessageTests {
  @Test func storeErrorsSpeakEveryLanguage() {
    let full = PersistenceError.diskFull(path: "/data/cosmonaut.sqlite")
    #expect(
      full.userMessage
        == "the disk holding /data/cosmonaut.sqlite is full; nothing was changed. Free some space on it, then try again"
    )
    #expect(full.description == full.userMessage)
    #expect(
      full.translatedMessage.resolved(in: .russian)
        == "диск с /data/cosmonaut.sqlite заполнен; ничего не изменено. Освободите на нём место и повторите")
    #expect(PersistenceError.busy(path: "x").translatedMessage.resolved(in: .russian).contains("занята"))
  }

  @Test func outboxErrorsSpeakEveryLanguage() {
    let ambiguous = OutboxError.ambiguous("a1", matches: ["a1b", "a1c"])
    #expect(ambiguous.userMessage == "the key \"a1\" matches 2 set-aside reports (a1b, a1c); give more of it")
    #expect(
      ambiguous.translatedMessage.resolved(in: .russian)
        == "ключ «a1» подходит к 2 отложенным отчётам (a1b, a1c); укажите его полнее")
    #expect(
      OutboxError.notSetAside("zz").translatedMessage.resolved(in: .russian) == "нет отложенного отчёта с ключом «zz»")
  }
}
