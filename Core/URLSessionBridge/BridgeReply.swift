import Foundation
import URLSessionBridgeInterface

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// How a request ended, as `iss_urlsession_send`'s completion hears it (its `outcome` argument).
public enum BridgeOutcome: Int32, Sendable, CaseIterable {
  /// An HTTP response of any status arrived.
  case response = 0
  /// URLSession gave up waiting (its idle timeout).
  case timeout = 1
  /// The server could not be reached: refused, no route, DNS, TLS, connection lost.
  case unreachable = 2
  /// The URL is not one URLSession can send.
  case invalidURL = 3
  /// The request was cancelled.
  case cancelled = 4
  /// Anything else; the message says what.
  case failed = 5
}

/// What a data task ended with, in the completion's plain C terms.
struct BridgeReply {
  var outcome: BridgeOutcome
  var status = 0
  var headers: [(name: String, value: String)] = []
  var body = Data()
  var message: String?

  static func failure(_ outcome: BridgeOutcome, _ message: String) -> BridgeReply {
    BridgeReply(outcome: outcome, message: message)
  }

  init(outcome: BridgeOutcome, message: String?) {
    self.outcome = outcome
    self.message = message
  }

  /// The reply for a data task's completion.
  init(data: Data?, response: URLResponse?, error: (any Error)?) {
    if let error = error as? URLError {
      self.init(outcome: Self.outcome(of: error.code), message: Self.message(for: error))
    } else if let error {
      self.init(outcome: .failed, message: "\(error.localizedDescription)")
    } else if let http = response as? HTTPURLResponse {
      self.init(outcome: .response, message: nil)
      status = http.statusCode
      headers = http.allHeaderFields.map { (String(describing: $0.key), String(describing: $0.value)) }
      body = data ?? Data()
    } else {
      self.init(outcome: .failed, message: "not an HTTP response from \(response?.url?.absoluteString ?? "?")")
    }
  }

  /// The outcome for a URLError's code.
  static func outcome(of code: URLError.Code) -> BridgeOutcome {
    switch code {
    case .timedOut: .timeout
    case _ where cause(of: code) != nil: .unreachable
    case .badURL, .unsupportedURL: .invalidURL
    case .cancelled: .cancelled
    default: .failed
    }
  }

  /// One line for a URLError: its description, plus the code when it says nothing specific; for a
  /// server that cannot be reached, the cause in front (``UnreachableCause``), which the app says in
  /// the reader's language.
  static func message(for error: URLError) -> String {
    switch outcome(of: error.code) {
    case .invalidURL: error.failingURL?.absoluteString ?? error.localizedDescription
    case .failed: "\(error.localizedDescription) (URLError \(error.code.rawValue))"
    case .unreachable: cause(of: error.code).map { $0.tagged(error.localizedDescription) } ?? error.localizedDescription
    default: error.localizedDescription
    }
  }

  /// The cause of an unreachable server, by URLError's code.
  static func cause(of code: URLError.Code) -> UnreachableCause? {
    switch code {
    case .cannotConnectToHost: .couldNotConnect
    case .cannotFindHost, .dnsLookupFailed: .hostNotFound
    case .networkConnectionLost: .connectionLost
    case .notConnectedToInternet: .noNetwork
    case .secureConnectionFailed: .secureConnectionFailed
    default: nil
    }
  }

  /// Calls `completion` with this reply; every pointer stays valid for the length of the call.
  func deliver(to completion: BridgeCompletion, context: UnsafeMutableRawPointer?) {
    let names = headers.map { strdup($0.name) }
    let values = headers.map { strdup($0.value) }
    defer { (names + values).forEach { free($0) } }
    let constNames: [UnsafePointer<CChar>?] = names.map { UnsafePointer($0) }
    let constValues: [UnsafePointer<CChar>?] = values.map { UnsafePointer($0) }
    constNames.withUnsafeBufferPointer { namePointers in
      constValues.withUnsafeBufferPointer { valuePointers in
        body.withUnsafeBytes { bytes in
          if let message {
            message.withCString { text in
              completion(
                context, outcome.rawValue, Int32(status), namePointers.baseAddress, valuePointers.baseAddress,
                Int32(headers.count), bytes.baseAddress, Int64(bytes.count), text)
            }
          } else {
            completion(
              context, outcome.rawValue, Int32(status), namePointers.baseAddress, valuePointers.baseAddress,
              Int32(headers.count), bytes.baseAddress, Int64(bytes.count), nil)
          }
        }
      }
    }
  }
}
