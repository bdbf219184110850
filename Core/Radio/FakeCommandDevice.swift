import Foundation

/// The command device `P` in memory for domain tests and previews: the real model, its clock
/// stopped unless advanced; records the commands it gets.
public actor FakeCommandDevice<P: CommandDeviceProtocol>: CommandDeviceClient {
  public typealias Device = P

  /// The model answering.
  public private(set) var simulator: P.Model
  /// Every command sent, in order (refused ones included).
  public private(set) var sentCommands: [P.Model.Command] = []
  /// When set, every call throws it.
  public private(set) var failure: P.Failure?

  /// A fake over `simulator` (by default a nominal device at a fixed date).
  public init(simulator: P.Model = .nominal(at: Date(timeIntervalSince1970: 1_800_000_000))) {
    self.simulator = simulator
  }

  /// Makes every further call throw `failure` (nil: succeed again).
  public func setFailure(_ failure: P.Failure?) { self.failure = failure }

  /// Moves the model's time on by `seconds`.
  public func advance(by seconds: Double) { simulator.advance(by: seconds) }

  /// The model now.
  public func status() async throws -> P.Model.Status {
    if let failure { throw failure }
    return simulator.status
  }

  /// Carries out `command` on the model; throws `P.Failure.rejected` when it refuses.
  public func send(_ command: P.Model.Command) async throws -> P.Model.Acknowledgement {
    sentCommands.append(command)
    if let failure { throw failure }
    let answer = simulator.apply(command)
    guard answer.accepted else { throw P.Failure.rejected(answer.reason) }
    return answer
  }
}
