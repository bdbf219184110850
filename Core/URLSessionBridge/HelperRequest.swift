import URLSessionBridgeInterface

/// A request frame from the app: send one request, or cancel one.
enum HelperRequest {
  /// One HTTP request.
  struct Send {
    var method: String
    var url: String
    var headers: [(name: String, value: String)]
    var body: [UInt8]?
    var timeoutSeconds: Double
  }

  case send(id: UInt64, Send)
  case cancel(id: UInt64)

  /// The request in `payload`: kind 1 (send) or 2 (cancel), the request's number, then for a send
  /// the idle timeout (a Double's bits), method, URL, header count and pairs, and whether a body
  /// follows and the body; nil for anything else.
  init?(_ payload: [UInt8]) {
    var reader = HelperFrame.Reader(bytes: payload)
    guard let kind = reader.integer(UInt8.self), let id = reader.integer(UInt64.self) else { return nil }
    switch kind {
    case 2:
      self = .cancel(id: id)
    case 1:
      guard let timeout = reader.integer(UInt64.self), let method = reader.text(), let url = reader.text(),
        let count = reader.integer(UInt32.self)
      else { return nil }
      var headers: [(name: String, value: String)] = []
      for _ in 0..<count {
        guard let name = reader.text(), let value = reader.text() else { return nil }
        headers.append((name, value))
      }
      guard let hasBody = reader.integer(UInt8.self) else { return nil }
      var body: [UInt8]?
      if hasBody == 1 {
        guard let bytes = reader.byteString() else { return nil }
        body = bytes
      }
      self = .send(
        id: id,
        Send(
          method: method, url: url, headers: headers, body: body, timeoutSeconds: Double(bitPattern: timeout)))
    default:
      return nil
    }
  }
}
