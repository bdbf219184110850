import Foundation

/// Validation of profile updates, shared by the live and the fake client.
enum ProfileRules {
  /// Longest accepted field, in characters.
  static let maximumLength = 80

  /// Returns `profile` with the update's fields applied, each trimmed and validated.
  static func apply(_ update: ProfileUpdate, to profile: CosmonautProfile) throws -> CosmonautProfile {
    guard !update.isEmpty else {
      throw CosmonautServiceError.invalidProfile(
        "no profile field given; set at least one of name, agency, role or mission")
    }
    var result = profile
    if let name = update.name { result.name = try validated(name, field: "name") }
    if let agency = update.agency { result.agency = try validated(agency, field: "agency") }
    if let role = update.role { result.role = try validated(role, field: "role") }
    if let mission = update.mission { result.mission = try validated(mission, field: "mission") }
    return result
  }

  /// The trimmed value, or `invalidProfile` with a fix-it message.
  static func validated(_ raw: String, field: String) throws -> String {
    let value = raw.trimmingCharacters(in: .whitespacesAndNewlines)
    if value.isEmpty {
      throw CosmonautServiceError.invalidProfile(
        "profile \(field) must not be empty; give a value or leave the \(field) out to keep it")
    }
    if value.count > maximumLength {
      throw CosmonautServiceError.invalidProfile(
        "profile \(field) is \(value.count) characters long; shorten it to at most \(maximumLength)")
    }
    if value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      throw CosmonautServiceError.invalidProfile(
        "profile \(field) contains a control character (such as a tab or line break); use plain text on one line")
    }
    return value
  }
}

/// One consume or restock, as reported to Houston.
struct SupplyChange: Codable, Sendable, Equatable {
  enum Action: String, Codable, Sendable { case consume, restock }
  var itemID: String
  var action: Action
  var quantity: Int
  var quantityAfter: Int
  var unit: String
}

/// Stock arithmetic, shared by the live and the fake client.
enum InventoryRules {
  /// Index of the item whose id matches `itemID` case-insensitively (surrounding spaces ignored).
  static func index(of itemID: String, in items: [SupplyItem]) throws -> Int {
    let wanted = itemID.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    guard let index = items.firstIndex(where: { $0.id.lowercased() == wanted }) else {
      throw CosmonautServiceError.unknownItem(itemID)
    }
    return index
  }

  /// Applies one change to `items` (unchanged when it throws) and returns what changed.
  static func apply(
    _ action: SupplyChange.Action, _ itemID: String, quantity: Int, to items: inout [SupplyItem]
  ) throws -> (item: SupplyItem, change: SupplyChange) {
    guard quantity > 0 else { throw CosmonautServiceError.invalidQuantity(quantity) }
    let index = try index(of: itemID, in: items)
    var item = items[index]
    switch action {
    case .consume:
      guard item.quantity >= quantity else {
        throw CosmonautServiceError.insufficientStock(
          item: item.id, requested: quantity, available: item.quantity, unit: item.unit)
      }
      item.quantity -= quantity
    case .restock:
      let (sum, overflow) = item.quantity.addingReportingOverflow(quantity)
      guard !overflow else { throw CosmonautServiceError.stockOverflow(item: item.id) }
      item.quantity = sum
    }
    items[index] = item
    let change = SupplyChange(
      itemID: item.id, action: action, quantity: quantity, quantityAfter: item.quantity, unit: item.unit)
    return (item, change)
  }
}

/// When the periodic status report is due.
enum StatusReportSchedule {
  /// Due when none was queued yet, when `interval` has passed, or when the clock went backwards.
  static func isDue(lastQueuedAt: Date?, now: Date, interval: Duration) -> Bool {
    guard let lastQueuedAt else { return true }
    let elapsed = now.timeIntervalSince(lastQueuedAt)
    return elapsed < 0 || elapsed >= interval.timeInterval
  }
}

extension Duration {
  /// The duration in seconds.
  var timeInterval: TimeInterval {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}

/// The `payload` of a report sent to Houston; absent fields are omitted from the JSON.
struct ReportPayload: Codable, Sendable, Equatable {
  var profile: CosmonautProfile?
  var change: SupplyChange?
  var supplies: [SupplyItem]?
  var lowStock: [String]?

  /// Payload of a "status.report": the whole picture.
  static func statusReport(profile: CosmonautProfile, supplies: [SupplyItem]) -> ReportPayload {
    ReportPayload(profile: profile, supplies: supplies, lowStock: supplies.filter(\.isLow).map(\.id))
  }
}

/// The JSON body of `POST /v1/reports`.
struct ReportEnvelope: Codable, Sendable, Equatable {
  var id: String
  var kind: String
  var createdAt: Date
  var payload: ReportPayload
}

extension ProfileUpdate {
  /// The names of the fields the update sets ("name", "agency", …), never their values.
  var fieldNames: [String] {
    [("name", name), ("agency", agency), ("role", role), ("mission", mission)].compactMap { $1 == nil ? nil : $0 }
  }
}

/// The profile's values, kept out of texts that reach the log and analytics: an answer Houston
/// (or a server that is not Houston) sends back may quote a report, and reports carry the profile.
struct PersonalData: Sendable {
  /// Texts replaced, longest first: each non-empty field, and each word of the name of 3 or more letters.
  let values: [String]

  /// No personal data known.
  static let none = PersonalData(values: [])

  init(values: [String]) { self.values = values }

  init(_ profile: CosmonautProfile) {
    let fields = [profile.name, profile.agency, profile.role, profile.mission]
    let words = profile.name.split(whereSeparator: \.isWhitespace).map(String.init).filter { $0.count >= 3 }
    values = Set((fields + words).filter { !$0.isEmpty }).sorted { $0.count > $1.count }
  }

  /// `text` with every personal value (any case) replaced by "[personal data]".
  func redact(_ text: String) -> String {
    values.reduce(text) { result, value in
      result.replacingOccurrences(of: value, with: "[personal data]", options: .caseInsensitive)
    }
  }
}
