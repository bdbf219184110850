import Foundation
import Synchronization
import Testing

@testable import Persistence

private struct Note: Codable, Sendable, Equatable {
  var text: String
}

private struct Refused: Error, CustomStringConvertible {
  var description: String { "receiver unreachable" }
}

private let noon = Date(timeIntervalSince1970: 1_795_323_600)

private func queue(_ texts: [String], in outbox: Outbox<Note>) throws -> [OutboxMessage] {
  try texts.map { text in
    try outbox.store.transaction { try outbox.enqueue("note", Note(text: text), createdAt: noon, in: $0) }
  }
}

@Test func messagesQueueInOrderWithUniqueKeysAndCommitWithTheCallersChange() throws {
  let directory = TemporaryDirectory()
  let outbox = Outbox<Note>(store: try directory.store(), name: "lab")
  let messages = try queue(["a", "b", "c"], in: outbox)
  #expect(Set(messages.map(\.id)).count == 3)
  #expect(messages.allSatisfy { UUID(uuidString: $0.id) != nil && $0.id == $0.id.lowercased() })
  #expect(try outbox.pending().map(\.payload.text) == ["a", "b", "c"])
  #expect(try outbox.pending().map(\.sequence) == [1, 2, 3])
  #expect(try outbox.pendingMessages() == messages)
  #expect(try outbox.pendingCount() == 3)
  // A change that fails takes its message with it.
  #expect(throws: Refused.self) {
    try outbox.store.transaction { transaction in
      try outbox.enqueue("note", Note(text: "lost"), createdAt: noon, in: transaction)
      throw Refused()
    }
  }
  #expect(try outbox.pendingCount() == 3)
}

@Test func deliveryGoesInOrderSetsAsideRefusalsAndStopsAtAFailure() async throws {
  let directory = TemporaryDirectory()
  let outbox = Outbox<Note>(store: try directory.store(), name: "lab")
  let messages = try queue(["a", "refuse", "b", "fail", "c"], in: outbox)
  var seen: [String] = []
  let round = try await outbox.deliver { item in
    seen.append(item.payload.text)
    switch item.payload.text {
    case "refuse": return .refused(reason: "not allowed")
    case "fail": return .failed(Refused())
    default: return .delivered
    }
  }
  #expect(seen == ["a", "refuse", "b", "fail"])
  #expect(round.delivered.map(\.id) == [messages[0].id, messages[2].id])
  #expect(round.delivered.allSatisfy { $0.attempts == 1 && $0.lastError == nil })
  #expect(round.setAside.map(\.id) == [messages[1].id])
  #expect(round.stopped?.message.id == messages[3].id)
  #expect(round.stopped?.message.lastError == "receiver unreachable")
  #expect(try outbox.pending().map(\.payload.text) == ["fail", "c"])
  #expect(try outbox.pendingMessages().first?.attempts == 1)
  let setAside = try outbox.setAside()
  #expect(setAside.map(\.payload.text) == ["refuse"])
  #expect(setAside.first?.entry.lastError == "not allowed")
  #expect(setAside.first?.setAsideAt != nil)
  #expect(try outbox.history().map(\.entry.id) == [messages[0].id, messages[2].id])
}

@Test func aSetAsideMessageIsRetriedAtItsPlaceOrDiscarded() async throws {
  let directory = TemporaryDirectory()
  let outbox = Outbox<Note>(store: try directory.store(), name: "lab")
  let messages = try queue(["a", "b", "c"], in: outbox)
  _ = try await outbox.deliver { $0.payload.text == "c" ? .delivered : .refused(reason: "no") }
  #expect(try outbox.setAsideCount() == 2)
  _ = try queue(["d"], in: outbox)

  #expect(try outbox.retry(String(messages[1].id.prefix(6))).id == messages[1].id)
  #expect(try outbox.pending().map(\.payload.text) == ["b", "d"], "b goes before the newer d")
  #expect(try outbox.discard(messages[0].id).id == messages[0].id)
  #expect(try outbox.setAsideCount() == 0)
  #expect(throws: OutboxError.notSetAside(messages[0].id)) { try outbox.discard(messages[0].id) }
}

@Test func anAmbiguousPrefixIsRefused() async throws {
  let directory = TemporaryDirectory()
  let outbox = Outbox<Note>(store: try directory.store(), name: "lab")
  _ = try queue(Array(repeating: "x", count: 40), in: outbox)
  _ = try await outbox.deliver { _ in .refused(reason: "no") }
  let keys = try outbox.setAside().map(\.entry.id)
  // With 40 random keys, some share their first character.
  let shared = Dictionary(grouping: keys, by: { $0.prefix(1) }).first { $0.value.count > 1 }
  let prefix = String(try #require(shared?.key))
  #expect(throws: OutboxError.self) { try outbox.retry(prefix) }
  #expect(try outbox.setAsideCount() == 40, "nothing moved")
}

@Test func eachRequestsVerdictsAreRecordedBeforeTheNextAndTheHistoryIsBounded() async throws {
  let directory = TemporaryDirectory()
  let store = try directory.store()
  let outbox = Outbox<Note>(store: store, name: "lab", historyLimit: 10)
  let messages = try queue((0..<9).map(String.init), in: outbox)
  let pendingWhileSending = Mutex<[Int]>([])
  let round = try await outbox.deliver(window: 4) { items in
    pendingWhileSending.withLock { $0.append(try! outbox.pendingCount()) }
    return items.map { _ in .delivered }
  }
  #expect(round.delivered.map(\.id) == messages.map(\.id))
  // Recorded after every request, before the next one goes out.
  #expect(pendingWhileSending.withLock { $0 } == [9, 5, 1])
  _ = try queue((0..<5).map(String.init), in: outbox)
  _ = try await outbox.deliver { _ in .delivered }
  #expect(try outbox.history().count == 10)
  #expect(try outbox.history().last?.entry.kind == "note")
}

@Test func whatWasAcknowledgedIsDurableForAnotherProcessBeforeTheNextRequest() async throws {
  let directory = TemporaryDirectory()
  let outbox = Outbox<Note>(store: try directory.store(), name: "lab")
  let messages = try queue(["a", "b", "c", "d"], in: outbox)
  // Another connection to the file, as a process started after a crash would open it.
  let afterCrash = Outbox<Note>(store: try directory.store(), name: "lab")
  let seenByTheOther = Mutex<[[String]]>([])
  _ = try await outbox.deliver(window: 2) { items in
    seenByTheOther.withLock { $0.append(try! afterCrash.pending().map(\.payload.text)) }
    return items.map { _ in .delivered }
  }
  #expect(seenByTheOther.withLock { $0 } == [["a", "b", "c", "d"], ["c", "d"]])
  #expect(try afterCrash.history().map(\.entry.id) == messages.map(\.id))
}

@Test func aMessageDeliveredByAnotherProcessMeanwhileIsNotRecordedTwice() async throws {
  let directory = TemporaryDirectory()
  let first = Outbox<Note>(store: try directory.store(), name: "lab")
  let second = Outbox<Note>(store: try directory.store(), name: "lab")
  _ = try queue(["a", "b"], in: first)
  let round = try await first.deliver { item in
    if item.payload.text == "a" { _ = try await second.deliver { _ in .delivered } }
    return .delivered
  }
  #expect(round.delivered.isEmpty, "the other outbox recorded both first")
  #expect(try first.history().count == 2)
}

@Test func cancellationStopsAfterTheRequestInFlightAndKeepsWhatWasDelivered() async throws {
  let directory = TemporaryDirectory()
  let outbox = Outbox<Note>(store: try directory.store(), name: "lab")
  _ = try queue(["a", "b", "c"], in: outbox)
  let task = Task {
    try await outbox.deliver { item in
      if item.payload.text == "b" { withUnsafeCurrentTask { $0?.cancel() } }
      return .delivered
    }
  }
  let round = try await task.value
  #expect(round.delivered.map(\.kind).count == 2)
  #expect(try outbox.pending().map(\.payload.text) == ["c"])
}

@Test func outboxesOfDifferentNamesShareAStoreWithoutMixing() throws {
  let directory = TemporaryDirectory()
  let store = try directory.store()
  let lab = Outbox<Note>(store: store, name: "lab")
  let crew = Outbox<[Int]>(store: store, name: "crew")
  _ = try queue(["a"], in: lab)
  try store.transaction { _ = try crew.enqueue("numbers", [1, 2], createdAt: noon, in: $0) }
  #expect(try lab.pending().map(\.payload) == [Note(text: "a")])
  #expect(try crew.pending().map(\.payload) == [[1, 2]])
}

@Test func groupsGoInOrderAndAFailureStopsTheRoundAfterItsRequest() async throws {
  let directory = TemporaryDirectory()
  let outbox = Outbox<Note>(store: try directory.store(), name: "lab")
  let messages = try queue(["a", "refuse", "b", "fail", "c", "refuse", "late", "d"], in: outbox)
  var groups: [[String]] = []
  let round = try await outbox.deliver(window: 3) { items in
    groups.append(items.map(\.payload.text))
    return items.map { item in
      switch item.payload.text {
      case "refuse": .refused(reason: "not allowed")
      case "fail", "late": .failed(Refused())
      default: .delivered  // "c" too: what the receiver acknowledged is kept, even after a failure
      }
    }
  }
  #expect(groups == [["a", "refuse", "b"], ["fail", "c", "refuse"]])
  #expect(round.delivered.map(\.id) == [messages[0].id, messages[2].id, messages[4].id])
  #expect(round.setAside.map(\.id) == [messages[1].id, messages[5].id])
  #expect(round.stopped?.message.id == messages[3].id)
  #expect(round.stopped?.message.lastError == "receiver unreachable")
  #expect(try outbox.pending().map(\.payload.text) == ["fail", "late", "d"])
  #expect(try outbox.pending().map(\.entry.attempts) == [1, 0, 0])
}

@Test func aSenderMayTakeFewerThanItIsOfferedAndTheRestAreOfferedAgain() async throws {
  let directory = TemporaryDirectory()
  let outbox = Outbox<Note>(store: try directory.store(), name: "lab")
  let messages = try queue(["a", "b", "c"], in: outbox)
  var offered: [[String]] = []
  let round = try await outbox.deliver(window: 3) { items in
    offered.append(items.map(\.payload.text))
    return [.delivered]  // one message per request, as to a receiver without batches
  }
  #expect(offered == [["a", "b", "c"], ["b", "c"], ["c"]])
  #expect(round.delivered.map(\.id) == messages.map(\.id))
}

@Test func noVerdictAtAllIsAFailureOfTheFirstMessage() async throws {
  let directory = TemporaryDirectory()
  let outbox = Outbox<Note>(store: try directory.store(), name: "lab")
  let messages = try queue(["a", "b", "c"], in: outbox)
  let round = try await outbox.deliver(window: 3) { _ in [] }
  #expect(round.delivered.isEmpty)
  #expect(round.stopped?.message.id == messages[0].id)
  #expect(round.stopped?.message.lastError == "the sender gave no verdict for this message")
  #expect(try outbox.pending().map(\.payload.text) == ["a", "b", "c"])
}
