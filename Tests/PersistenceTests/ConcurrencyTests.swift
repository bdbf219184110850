import Foundation
import Testing

@testable import Persistence

@Test func manyTasksShareOneStore() async throws {
  let directory = TemporaryDirectory()
  let store = try directory.store()
  try await withThrowingTaskGroup(of: Void.self) { group in
    for task in 0..<8 {
      group.addTask {
        for index in 0..<25 {
          try store.put(index, key: "t\(task)-\(index)", in: "load")
          _ = try store.get(Int.self, key: "t\(task)-\(index)", in: "load")
        }
        for _ in 0..<5 {
          try store.transaction { transaction in
            let value = try transaction.get(Int.self, key: "counter", in: "shared") ?? 0
            try transaction.put(value + 1, key: "counter", in: "shared")
          }
        }
      }
    }
    try await group.waitForAll()
  }
  #expect(try store.count(in: "load") == 200)
  #expect(try store.get(Int.self, key: "counter", in: "shared") == 40)
}

/// Two stores on one file are two SQLite connections, locking each other as two processes would.
@Test func twoConnectionsLoseNoIncrement() async throws {
  let directory = TemporaryDirectory()
  let first = try directory.store("shared.sqlite")
  let second = try directory.store("shared.sqlite")
  try first.put(0, key: "water", in: "supplies")

  let incrementsPerThread = 100
  let failures = await withCheckedContinuation { (continuation: CheckedContinuation<[String], Never>) in
    let group = DispatchGroup()
    let collected = FailureLog()
    for store in [first, second] {
      group.enter()
      Thread.detachNewThread {
        defer { group.leave() }
        for _ in 0..<incrementsPerThread {
          do {
            try store.transaction { transaction in
              let current = try transaction.get(Int.self, key: "water", in: "supplies") ?? 0
              try transaction.put(current + 1, key: "water", in: "supplies")
            }
          } catch {
            collected.append("\(error)")
          }
        }
      }
    }
    group.notify(queue: .global()) { continuation.resume(returning: collected.values) }
  }
  #expect(failures.isEmpty)
  #expect(try first.get(Int.self, key: "water", in: "supplies") == 2 * incrementsPerThread)
  #expect(try second.get(Int.self, key: "water", in: "supplies") == 2 * incrementsPerThread)
}

/// Collects failures from worker threads.
final class FailureLog: @unchecked Sendable {
  // Guarded by `lock`.
  private var storage: [String] = []
  private let lock = NSLock()

  func append(_ failure: String) { lock.withLock { storage.append(failure) } }
  var values: [String] { lock.withLock { storage } }
}

/// The thread the caller runs on.
private func currentThread() -> pthread_t { pthread_self() }

/// A flow on the main actor has its store work done at once, without suspending (a one-shot command
/// then starts no thread): main-actor work queued meanwhile runs only after it. Work from anywhere
/// else goes to the store's own queue, never holding a thread of the cooperative pool while SQLite
/// blocks.
@MainActor @Test func theMainActorsWorkIsDoneAtOnceAndOtherWorkOnTheStoresQueue() async throws {
  let directory = TemporaryDirectory()
  let store = try directory.store()
  var order: [String] = []
  let queued = Task { @MainActor in order.append("queued main-actor work") }
  try await store.perform { store in try store.put(1, key: "main", in: "where") }
  order.append("store work")
  await queued.value
  #expect(order == ["store work", "queued main-actor work"])

  let (poolThread, storeThread) = try await Task.detached {
    let poolThread = currentThread()
    let storeThread = try await store.perform { store in
      try store.put(2, key: "pool", in: "where")
      return currentThread()
    }
    return (poolThread, storeThread)
  }.value
  #expect(storeThread != poolThread)
  #expect(try store.count(in: "where") == 2)
}
