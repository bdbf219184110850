/// A place one domain may send the user without knowing which domain shows it: a value naming the
/// domain that owns the place and the place in it, like a notification's name.
///
/// The mechanism of cross-domain navigation, defined below every domain and listing none: the
/// domain that owns a place declares it as a constant — in its small `…Interface` module when other
/// domains name it, in the domain itself otherwise:
///
/// ```swift
/// extension Destination {
///   /// Where the owning domain shows something.
///   public static let somePlace = Destination(domain: "SomeDomain", place: "somePlace")
/// }
/// ```
///
/// A flow asks its navigator (UIComponents' `Navigator`) for a destination; the host asks each
/// domain's routes (UIComponents' `DomainRoute`) whether they show it. A new destination changes no other domain's code.
public struct Destination: Sendable, Hashable, CustomStringConvertible {
  /// The domain that owns the place (its module name).
  public let domain: String
  /// The place in that domain, as messages name it.
  public let place: String

  /// The place `place` of the domain `domain`.
  public init(domain: String, place: String) {
    self.domain = domain
    self.place = place
  }

  /// `domain.place`.
  public var description: String { "\(domain).\(place)" }
}
