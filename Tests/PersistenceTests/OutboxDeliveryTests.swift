import AppAnalytics
import AppAnalyticsTestSupport
import Foundation
import Logging
import LoggingTestSupport
import Synchronization
import Testing

@testable import Persistence

private struct Unreachable: Error, CustomStringConvertible {
  var description: String { "receiver unreachable" }
}

/// An outbox of texts in a directory of its own, with its delivery, logs and analytics.
private struct Desk: ~Copyable {
  let directory = TemporaryDirectory()
  let analytics = InMemoryAnalyticsProvider()
  let logs = InMemoryLogSink()
  let delivery: OutboxDelivery<String>

  init(events: String? = "sync") throws {
    delivery = OutboxDelivery(
      outbox: Outbox(store: try directory.store(), name: "lab"),
      logger: Logger(module: "Tests", sinks: [logs]), analytics: Analytics(providers: [analytics]), events: events)
  }

  @discardableResult
  func queue(_ texts: [String]) throws -> [OutboxMessage] {
    let outbox = delivery.outbox
    return try texts.map { text in
      try outbox.store.transaction { try outbox.enqueue("note", text, createdAt: Date(), in: $0) }
    }
  }
}

/// The owner's side of an outbox: rounds in requests of the sender's size, what waits, refusals.
@Suite struct OutboxDeliveryTests {
  @Test func aRoundGoesOutInRequestsAndSaysWhereItStands() async throws {
    let desk = try Desk()
    let messages = try desk.queue(["a", "b", "c", "d", "e"])
    let progress = Mutex<[OutboxProgress]>([])
    let report = try await desk.delivery.deliver(
      window: 2, progress: { event in progress.withLock { $0.append(event) } }
    ) { items in items.map { _ in .delivered } }
    #expect(report.round.delivered.map(\.id) == messages.map(\.id))
    #expect(report.after == OutboxContents(pending: [], setAside: []))
    #expect(report.failure == nil)
    #expect(
      progress.withLock { $0 } == [
        .sending(1, of: 5), .delivered(2, of: 5), .sending(3, of: 5), .delivered(4, of: 5), .sending(5, of: 5),
        .delivered(5, of: 5),
      ])
    #expect(try await desk.delivery.history().map(\.id) == messages.map(\.id))
  }

  @Test func aRefusalIsSetAsideCountedAndLoggedAndTheRestGoOn() async throws {
    let desk = try Desk()
    let messages = try desk.queue(["a", "bad", "c"])
    let report = try await desk.delivery.deliver(window: 3) { items in
      items.map { $0.payload == "bad" ? .refused(reason: "not this one") : .delivered }
    }
    #expect(report.round.delivered.map(\.id) == [messages[0].id, messages[2].id])
    #expect(report.after.setAside.map(\.id) == [messages[1].id])
    #expect(report.failure == nil)
    #expect(try await desk.delivery.counts() == OutboxCounts(pending: 0, setAside: 1))
    #expect(desk.analytics.events.contains { $0.name == "sync.setAside" && $0.properties["count"] == "1" })
    #expect(desk.logs.messages.contains { $0.contains("not this one") })
  }

  @Test func aRoundThatDeliversNothingIsAFailureAndOneThatDidIsNot() async throws {
    let desk = try Desk()
    let messages = try desk.queue(["a", "b"])
    let failed = try await desk.delivery.deliver(window: 1) { _ in [.failed(Unreachable())] }
    #expect(failed.failure is Unreachable)
    #expect(failed.after.pending.map(\.attempts) == [1, 0])
    #expect(failed.after.pending.first?.lastError == "receiver unreachable")

    let partial = try await desk.delivery.deliver(window: 1) { items in
      [items[0].entry.id == messages[0].id ? .delivered : .failed(Unreachable())]
    }
    #expect(partial.round.delivered.map(\.id) == [messages[0].id])
    #expect(partial.round.stopped?.message.id == messages[1].id)
    #expect(partial.failure == nil, "it made progress: the error goes with the report")
  }

  @Test func aSetAsideMessageIsRetriedWithANudgeOrDiscardedWithAnEvent() async throws {
    let desk = try Desk()
    let messages = try desk.queue(["a", "b"])
    _ = try await desk.delivery.deliver(window: 2) { items in items.map { _ in .refused(reason: "no") } }
    #expect(try await desk.delivery.setAside().map(\.id) == messages.map(\.id))

    let rounds = Mutex(0)
    let (ran, continuation) = AsyncStream.makeStream(of: Int.self)
    let syncer = desk.delivery.startRounds(every: .seconds(3600)) {
      continuation.yield(
        rounds.withLock { rounds in
          rounds += 1
          return rounds
        })
    }
    var next = ran.makeAsyncIterator()
    #expect(await next.next() == 1, "a round at once")
    #expect(try await desk.delivery.retry(String(messages[0].id.prefix(8))).id == messages[0].id)
    #expect(await next.next() == 2, "the retry asked for a round")
    await syncer.stop()

    #expect(try await desk.delivery.discard(messages[1].id).id == messages[1].id)
    let contents = try await desk.delivery.contents()
    #expect(contents.pending.map(\.id) == [messages[0].id] && contents.setAside.isEmpty)
    #expect(desk.analytics.events.contains { $0.name == "sync.discarded" && $0.properties["kind"] == "note" })
    await #expect(throws: OutboxError.notSetAside(messages[1].id)) { try await desk.delivery.discard(messages[1].id) }
  }

  @Test func withoutEventsNothingIsTracked() async throws {
    let desk = try Desk(events: nil)
    let messages = try desk.queue(["a"])
    _ = try await desk.delivery.deliver(window: 1) { _ in [.refused(reason: "no")] }
    _ = try await desk.delivery.discard(messages[0].id)
    #expect(desk.analytics.events.isEmpty)
  }
}
