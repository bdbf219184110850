import CommandLineKit
import UIComponents

/// A route of any hosted domain: the domain's route type and its value, so one app can host domains
/// whose routes are different types. Only the domain that declared the route reads its value.
public struct HostedRoute: Sendable, Hashable, CustomStringConvertible {
  /// The domain's route type.
  let domain: ObjectIdentifier
  /// The route as the domain declared it.
  let value: any Hashable & Sendable
  /// The words of the command that reaches it, when its type is a command route (known where the
  /// route is wrapped, so naming it asks the runtime nothing).
  private let commandWords: (@Sendable () -> [String])?

  /// Wraps a domain's route.
  public init<Route: DomainRoute>(_ route: Route) {
    domain = ObjectIdentifier(Route.self)
    value = route
    commandWords = nil
  }

  /// Wraps a domain's route that a command reaches.
  init<Route: DomainRoute & CommandRoute>(command route: Route) {
    domain = ObjectIdentifier(Route.self)
    value = route
    commandWords = { route.invocation.path }
  }

  /// The route, when it is one of `type`.
  func route<Route: DomainRoute>(as type: Route.Type) -> Route? {
    value as? Route
  }

  public static func == (lhs: HostedRoute, rhs: HostedRoute) -> Bool {
    lhs.domain == rhs.domain && AnyHashable(lhs.value) == AnyHashable(rhs.value)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(domain)
    hasher.combine(AnyHashable(value))
  }

  public var description: String { String(describing: value) }

  /// The route without its values: what logs and analytics may record. A command's route is named
  /// by its command's words (`profile set`, not the name it sets); any other by its case
  /// (`updateProfile`). Reflection is the fallback only: it costs a start-up a millisecond or more.
  var name: String {
    if let commandWords { return commandWords().joined(separator: " ") }
    if let command = value as? any CommandRoute { return command.invocation.path.joined(separator: " ") }
    return Mirror(reflecting: value).children.first?.label ?? String(describing: value)
  }
}
