import Foundation
import Synchronization
import Testing

@testable import Persistence

private struct Note: Codable, Sendable, Equatable {
  var text: String
}

private struct Unreachable: Error {}

private let noon = Date(timeIntervalSince1970: 1_795_323_600)

private func queue(_ texts: [String], in outbox: Outbox<Note>) throws -> [OutboxMessage] {
  try texts.map { text in
    try outbox.store.transaction { try outbox.enqueue("note", Note(text: text), createdAt: noon, in: $0) }
  }
}

/// Waits until `condition` holds, polling, for at most a minute: a bound a loaded machine does not reach.
private func eventually(_ condition: () -> Bool) async throws -> Bool {
  let deadline = ContinuousClock.now + .seconds(60)
  while !condition() {
    guard ContinuousClock.now < deadline else { return false }
    try await Task.sleep(for: .milliseconds(2))
  }
  return true
}

@Test func theNextRequestIsPreparedWhileOneIsInFlightAndSentOnlyOnceItsVerdictsAreRecorded() async throws {
  let directory = TemporaryDirectory()
  let outbox = Outbox<Note>(store: try directory.store(), name: "lab")
  let messages = try queue(["a", "b", "c", "d", "e"], in: outbox)
  let prepared = Mutex<[String]>([])
  let pendingAtSend = Mutex<[Int]>([])
  let overlapped = Mutex<[Bool]>([])
  let round = try await outbox.deliver(
    window: 2,
    prepare: { items in
      prepared.withLock { $0.append(items.map(\.payload.text).joined()) }
      return OutboxRequest(items.map(\.payload.text), count: items.count)
    },
    send: { texts in
      pendingAtSend.withLock { $0.append(try! outbox.pendingCount()) }
      // While this request is in flight, the next one is prepared.
      let next = ["ab": "cd", "cd": "e"][texts.joined()]
      let seen = try await eventually { next.map { prepared.withLock(\.self).contains($0) } ?? true }
      overlapped.withLock { $0.append(seen) }
      return texts.map { _ in .delivered }
    })
  #expect(round.delivered.map(\.id) == messages.map(\.id))
  #expect(prepared.withLock(\.self) == ["ab", "cd", "e"])
  #expect(overlapped.withLock(\.self) == [true, true, true])
  // Each request went out only after the one before was recorded.
  #expect(pendingAtSend.withLock(\.self) == [5, 3, 1])
}

@Test func aRequestThatDeliversFewerThanItCarriedIsFollowedByOnePreparedFromWhereTheRoundStands() async throws {
  let directory = TemporaryDirectory()
  let outbox = Outbox<Note>(store: try directory.store(), name: "lab")
  let messages = try queue(["a", "b", "c"], in: outbox)
  let sent = Mutex<[String]>([])
  let round = try await outbox.deliver(
    window: 2, prepare: { OutboxRequest($0.map(\.payload.text), count: $0.count) },
    send: { texts in
      sent.withLock { $0.append(texts.joined()) }
      return [.delivered]  // the receiver took only the first
    })
  #expect(sent.withLock(\.self) == ["ab", "bc", "c"])
  #expect(round.delivered.map(\.id) == messages.map(\.id))
}

@Test func aRetriedMessageGoesOutAtItsPlaceInTheOrderNotWhereItWasStoredAgain() async throws {
  let directory = TemporaryDirectory()
  let outbox = Outbox<Note>(store: try directory.store(), name: "lab")
  _ = try queue(["a", "b", "c"], in: outbox)
  let first = try await outbox.deliver { item in
    switch item.payload.text {
    case "a": .refused(reason: "not now")
    case "b": .delivered
    default: .failed(Unreachable())
    }
  }
  #expect(first.setAside.count == 1)
  try outbox.retry(first.setAside[0].id)
  _ = try queue(["d"], in: outbox)
  let order = Mutex<[String]>([])
  _ = try await outbox.deliver(
    window: 2, prepare: { OutboxRequest($0.map(\.payload.text), count: $0.count) },
    send: { texts in
      order.withLock { $0 += texts }
      return texts.map { _ in .delivered }
    })
  #expect(order.withLock(\.self) == ["a", "c", "d"])
}

@Test func aQueuedRowThatDoesNotDecodeFailsTheRoundNamingItBeforeAnythingIsSent() async throws {
  let directory = TemporaryDirectory()
  let outbox = Outbox<Note>(store: try directory.store(), name: "lab")
  _ = try queue(["a", "b"], in: outbox)
  try outbox.store.put(["not": "an outbox item"], key: "broken", in: "lab.outbox")
  let sent = Mutex(0)
  await #expect {
    _ = try await outbox.deliver(
      window: 4, prepare: { OutboxRequest($0.count, count: $0.count) },
      send: { count in
        sent.withLock { $0 += count }
        return []
      })
  } throws: { error in
    guard case .decoding(let collection, let key, _) = error as? PersistenceError else { return false }
    return collection == "lab.outbox" && key == "broken"
  }
  #expect(sent.withLock(\.self) == 0)
  #expect(try outbox.pendingCount() == 3)
}
