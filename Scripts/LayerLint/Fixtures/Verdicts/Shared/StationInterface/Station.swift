/// A crew member's personal data.
public struct PersonalData: Equatable, Sendable {
  /// The values.
  public var values: [String]

  /// Data of `values`.
  public init(values: [String]) { self.values = values }

  /// No personal data known.
  public static let none = PersonalData(values: [])
}

/// One supply on board.
public struct SupplyItem: Sendable {
  /// Its identifier.
  public var id: String
  /// How many are on board.
  public var quantity: Int

  /// An item.
  public init(id: String, quantity: Int) {
    self.id = id
    self.quantity = quantity
  }

  /// Where `itemID` is in `items`.
  public static func index(of itemID: String, in items: [SupplyItem]) -> Int? {
    items.firstIndex { $0.id == itemID }
  }
}

/// When the status report is due.
public struct ReportSchedule: Sendable {
  /// A schedule.
  public init() {}

  /// Whether a report is due `elapsed` after the last one.
  public func isDue(after elapsed: Duration) -> Bool { elapsed > .seconds(60) }
}

/// Something that reads from mission control.
public protocol Reader: Sendable {
  /// The next line.
  func read() async throws -> String
}

/// A reader of one fixed line.
public struct FixedReader: Reader {
  /// The line.
  public var line: String

  /// A reader of `line`.
  public init(line: String) { self.line = line }

  /// The line.
  public func read() async throws -> String { line }
}

/// How times are shown.
public enum DisplayClock: Sendable {
  /// Station time.
  case station
  /// Coordinated universal time.
  case utc
}

/// A mission control address.
public struct Address: Sendable {
  /// As typed.
  public var text: String

  /// An address.
  public init(text: String) { self.text = text }

  /// Whether it is a token.
  public func isToken() -> Bool { text.hasPrefix("tok") }
}

/// A control center.
public struct Center: Sendable {
  /// How it shows times.
  public let clock: DisplayClock

  /// A center.
  public init(clock: DisplayClock) { self.clock = clock }
}

/// What may be spent.
public struct Budget: Equatable, Sendable {
  /// Where it stands.
  public var position: Int

  /// A budget.
  public init(position: Int) { self.position = position }
}

/// Why a report was set aside.
public struct ReportReason: Sendable {
  /// The code.
  public var code: String
  /// The values it names.
  public var values: [String]

  /// A reason.
  public init(code: String, values: [String] = []) {
    self.code = code
    self.values = values
  }
}

/// Reports by state.
public struct ReportCounts: Sendable {
  /// Waiting to be sent.
  public var pending: Int
  /// Set aside.
  public var setAside: Int

  /// Counts.
  public init(pending: Int, setAside: Int) {
    self.pending = pending
    self.setAside = setAside
  }

  /// Every report counted.
  public func total() -> Int { pending + setAside }

  /// Counts with nothing in them.
  public func emptied() -> ReportCounts { ReportCounts(pending: 0, setAside: 0) }
}

/// A laboratory module.
public enum LabModule: String, Sendable {
  /// The American laboratory.
  case destiny
  /// The Japanese laboratory.
  case kibo
}

/// Why a label is refused.
public struct LabelError: Error, Equatable {
  /// The reason.
  public var reason: String

  /// An error.
  public init(reason: String) { self.reason = reason }
}

/// The rules of cold stowage labels.
public enum StowageRules {
  /// The longest label of the first release; kept for old callers.
  @available(*, deprecated, renamed: "maximumLabelLength")
  public static let legacyLabelLength = 40

  /// The longest label.
  public static let maximumLabelLength = 40

  /// `raw` as a label, or why it cannot be one.
  public static func validatedLabel(_ raw: String) throws(LabelError) -> String {
    guard raw.count <= maximumLabelLength else { throw LabelError(reason: "too long") }
    return raw
  }

  /// `raw` as a label, or why it cannot be one (`validatedLabel(_:)` under another name).
  public static func checkedLabel(_ raw: String) throws(LabelError) -> String {
    try validatedLabel(raw)
  }

  /// The first of `items` that `isWanted` accepts.
  public static func first<Item>(of items: [Item], where isWanted: (Item) -> Bool) -> Item? {
    items.first(where: isWanted)
  }
}

/// A rack of a laboratory.
public struct Rack: Sendable {
  /// Its name.
  public var name: String

  /// A rack.
  public init(name: String) { self.name = name }
}

/// A spacewalk.
public struct Excursion: Sendable {
  /// Its start, in minutes.
  public var start: Int
  /// Its end, in minutes.
  public var end: Int

  /// An excursion.
  public init(start: Int, end: Int) {
    self.start = start
    self.end = end
  }

  /// Whether it overlaps the minutes from `from` to `to`.
  public func overlaps(from: Int, to: Int) -> Bool { start < to && from < end }
}

/// Where results go.
public protocol ResultsChannel {
  /// Sends `text`.
  func send(_ text: String)
}

/// Entities by collection.
public struct EntityStore: Sendable {
  /// A store.
  public init() {}

  /// Deletes every entity of `collection`.
  public func deleteAll(in collection: String) {}
}

/// The destinations of the crew domain.
public enum Destinations {
  /// Every destination.
  public static let all: [String] = ["profile", "supplies"]
}

/// The station's call sign.
public func callSign() -> String { "ISS" }
