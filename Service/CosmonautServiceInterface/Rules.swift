import FoundationEssentials
import Localization

// The models' own rules: every implementation of `CosmonautClient` (and its fake) applies these,
// so a profile or a stock count means the same whichever mission control the app reports to.

extension ProfileUpdate {
  /// Longest accepted field, in Unicode scalars (a character a reader sees may be several).
  public static let maximumFieldLength = 80

  /// The names of the fields the update sets ("name", "agency", …), never their values: for logs,
  /// analytics and confirmations.
  public var fieldNames: [String] {
    [("name", name), ("agency", agency), ("role", role), ("mission", mission)].compactMap { $1 == nil ? nil : $0 }
  }
}

extension CosmonautProfile {
  /// This profile with the update's fields applied, each trimmed and validated; throws
  /// `invalidProfile` with a fix-it message for an empty update or an empty, too long or multi-line field.
  public func applying(_ update: ProfileUpdate) throws -> CosmonautProfile {
    guard !update.isEmpty else {
      throw CosmonautServiceError.invalidProfile(Strings.profileNothingGiven)
    }
    var result = self
    if let name = update.name { result.name = try Self.validated(name, field: Strings.fieldName) }
    if let agency = update.agency { result.agency = try Self.validated(agency, field: Strings.fieldAgency) }
    if let role = update.role { result.role = try Self.validated(role, field: Strings.fieldRole) }
    if let mission = update.mission { result.mission = try Self.validated(mission, field: Strings.fieldMission) }
    return result
  }

  /// The trimmed value, or `invalidProfile` with a fix-it message.
  static func validated(_ raw: String, field: LocalizedText) throws -> String {
    let value = raw.trimmingWhitespace()
    let limit = ProfileUpdate.maximumFieldLength
    if value.isEmpty {
      throw CosmonautServiceError.invalidProfile(Strings.profileEmpty(field: field))
    }
    // Counted in Unicode scalars, so a field is bounded in bytes too ("x" with 3,000 combining marks
    // is one character a reader sees, and 3,001 scalars).
    let length = value.unicodeScalars.count
    if length > limit {
      throw CosmonautServiceError.invalidProfile(
        Strings.profileTooLong(field: field, length: String(length), limit: String(limit)))
    }
    if value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      throw CosmonautServiceError.invalidProfile(Strings.profileControlCharacter(field: field))
    }
    return value
  }
}

/// One consume or restock: what a report about it says.
public struct SupplyChange: Codable, Sendable, Equatable {
  /// Which way the stock moved.
  public enum Action: String, Codable, Sendable {
    /// Taken from the inventory.
    case consume
    /// Added to the inventory.
    case restock
  }

  /// The item's id, e.g. "water".
  public var itemID: String
  /// Consume or restock.
  public var action: Action
  /// How much was taken or added.
  public var quantity: Int
  /// The stock afterwards.
  public var quantityAfter: Int
  /// The unit of both quantities.
  public var unit: String

  /// Creates a change.
  public init(itemID: String, action: Action, quantity: Int, quantityAfter: Int, unit: String) {
    self.itemID = itemID
    self.action = action
    self.quantity = quantity
    self.quantityAfter = quantityAfter
    self.unit = unit
  }
}

extension SupplyItem {
  /// The index of the item whose id matches `itemID` case-insensitively (surrounding spaces
  /// ignored); throws `unknownItem`.
  public static func index(of itemID: String, in items: [SupplyItem]) throws -> Int {
    let wanted = itemID.trimmingWhitespace().lowercased()
    guard let index = items.firstIndex(where: { $0.id.lowercased() == wanted }) else {
      throw CosmonautServiceError.unknownItem(itemID)
    }
    return index
  }

  /// Applies one change to `items` (unchanged when it throws: an unknown item, a quantity of zero
  /// or less, more than is in stock, a count that would overflow) and returns the item and the change.
  public static func apply(
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
public enum StatusReportSchedule {
  /// Due when none was queued yet, when `interval` has passed, or when the clock went backwards.
  public static func isDue(lastQueuedAt: Date?, now: Date, interval: Duration) -> Bool {
    guard let lastQueuedAt else { return true }
    let elapsed = now.timeIntervalSince(lastQueuedAt)
    let seconds = Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18
    return elapsed < 0 || elapsed >= seconds
  }
}

/// The profile's values, kept out of texts that reach the log and analytics: an answer mission
/// control (or a server that is not mission control) sends back may quote a report, and reports
/// carry the profile.
public struct PersonalData: Sendable {
  /// Texts replaced, longest first: each non-empty field, and each word of the name of 3 or more letters.
  public let values: [String]

  /// No personal data known.
  public static let none = PersonalData(values: [])

  /// Exactly these values.
  public init(values: [String]) { self.values = values }

  /// The values of `profile`.
  public init(_ profile: CosmonautProfile) {
    let fields = [profile.name, profile.agency, profile.role, profile.mission]
    let words = profile.name.split(whereSeparator: \.isWhitespace).map(String.init).filter { $0.count >= 3 }
    values = Set((fields + words).filter { !$0.isEmpty }).sorted { $0.count > $1.count }
  }

  /// `text` with every personal value (any case) replaced by "[personal data]".
  public func redact(_ text: String) -> String {
    values.reduce(text) { result, value in
      // untranslated: logs and analytics are English
      result.replacing(Regex<AnyRegexOutput>(verbatim: value).ignoresCase(), with: "[personal data]")
    }
  }
}
