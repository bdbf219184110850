import Foundation
import Synchronization
import TestHarness

@testable import URLSessionBridge

/// What one call of a completion delivered.
struct Delivered: Sendable {
  var outcome: BridgeOutcome?
  var status: Int
  var headers: [String: String]
  var body: [UInt8]
  var message: String?

  func header(_ name: String) -> String? {
    headers.first { $0.key.lowercased() == name.lowercased() }?.value
  }
}

/// The completions one `issURLSessionSend` delivered (it must be exactly one).
final class Completions: Sendable {
  private let calls = Mutex<[Delivered]>([])

  func record(_ call: Delivered) {
    calls.withLock { $0.append(call) }
  }

  /// The first completion, waited for (polling, never holding a thread) at most `seconds`.
  func first(within seconds: Double = 10) async -> Delivered? {
    try? await until("a completion", within: .milliseconds(Int(seconds * 1000))) { count > 0 }
    return calls.withLock { $0.first }
  }

  /// How many completions arrived so far.
  var count: Int { calls.withLock { $0.count } }
}

/// Records a completion in the `Completions` its context holds (and releases it: one call only).
let recordCompletion: BridgeCompletion = { context, outcome, status, names, values, count, body, length, message in
  let completions = Unmanaged<Completions>.fromOpaque(context!).takeRetainedValue()
  var headers: [String: String] = [:]
  for index in 0..<Int(count) {
    headers[String(cString: names![index]!)] = String(cString: values![index]!)
  }
  let bytes = body.map { Array(UnsafeRawBufferPointer(start: $0, count: Int(length))) } ?? []
  completions.record(
    Delivered(
      outcome: BridgeOutcome(rawValue: outcome), status: Int(status), headers: headers, body: bytes,
      message: message.map { String(cString: $0) }))
}

/// Sends one request through the C entry points; answers what its completion hears and the task handle.
func send(
  _ session: UnsafeMutableRawPointer, _ url: String, method: String = "GET", headers: [(String, String)] = [],
  body: [UInt8]? = nil, timeout: Double = 10
) -> (Completions, UnsafeMutableRawPointer?) {
  let completions = Completions()
  let context = Unmanaged.passRetained(completions).toOpaque()
  let names = headers.map { strdup($0.0) }
  let values = headers.map { strdup($0.1) }
  defer { (names + values).forEach { free($0) } }
  let constNames: [UnsafePointer<CChar>?] = names.map { UnsafePointer($0) }
  let constValues: [UnsafePointer<CChar>?] = values.map { UnsafePointer($0) }
  let task = constNames.withUnsafeBufferPointer { names in
    constValues.withUnsafeBufferPointer { values in
      (body ?? []).withUnsafeBytes { bytes in
        issURLSessionSend(
          session, url, method, names.baseAddress, values.baseAddress, Int32(headers.count), bytes.baseAddress,
          body == nil ? -1 : Int64(bytes.count), timeout, context, recordCompletion)
      }
    }
  }
  return (completions, task)
}
