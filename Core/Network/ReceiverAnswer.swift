import FoundationEssentials

/// What a receiver's JSON-object answer says about delivered messages, read leniently: a member
/// that is missing or not a string reads as nil, and only an answer that is no JSON object fails.
struct ReceiverAnswer: Decodable {
  /// The key a single delivery's answer acknowledges.
  let acknowledged: String?
  /// `applied`, `duplicate`, `refused`.
  let status: String?
  /// The receiver's reason for a refusal.
  let error: String?
  /// A batch answer's key.
  let key: String?
  /// The status a batch answer gives one refused message.
  let httpStatus: Int?

  private enum CodingKeys: String, CodingKey {
    case acknowledged, status, error, key, httpStatus
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    func text(_ key: CodingKeys) -> String? { (try? container.decodeIfPresent(String.self, forKey: key)) ?? nil }
    (acknowledged, status, error, key) = (text(.acknowledged), text(.status), text(.error), text(.key))
    httpStatus = (try? container.decodeIfPresent(Int.self, forKey: .httpStatus)) ?? nil
  }
}

/// A batch's answer: `{"results":[{"key":…,"status":…,"error":…},…]}`, each result an object.
struct BatchAnswer: Decodable {
  /// One answer per report of the batch (the wire's `results`).
  let answers: [ReceiverAnswer]

  private enum CodingKeys: String, CodingKey {
    case answers = "results"
  }
}
