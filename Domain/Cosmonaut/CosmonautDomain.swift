import CosmonautService
import UIComponents

/// The Cosmonaut domain as an app hosts it: built with its service, it makes a coordinator per presentation.
public struct CosmonautDomain: HostedDomain {
  private let client: any CosmonautClient

  /// The domain over `client` (live or fake).
  public init(client: any CosmonautClient) {
    self.client = client
  }

  public var name: String { "Cosmonaut" }

  public func makeCoordinator(context: FlowContext) -> any Coordinator<CosmonautRoute> {
    CosmonautCoordinator(context: context, client: client)
  }
}
