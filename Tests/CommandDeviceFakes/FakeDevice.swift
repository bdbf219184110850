import FoundationEssentials
import Radio
import Synchronization

/// A command device for tests and previews that runs the device's real model (its simulator) in
/// this process, so a test sees what the device would do and there is one model per device.
///
/// Deterministic: the model's clock stands still unless the test moves it (``advance(by:)``).
/// Scripted: the model starts from the scenario the test gives it; ``setFailure(_:)`` makes every
/// call throw until it is cleared; ``tell(_:)`` sends news of the link to whoever watches it. It
/// refuses what the model refuses (as the live client does, with the device's own error) and
/// records the commands it gets. A device's `…ServiceFakes` module makes it that device's client:
/// `extension FakeDevice: SolarArrayClient where Model == SolarArraySimulator {}`.
public actor FakeDevice<Model: CommandDeviceModel & SteppedModel> {
  /// The device the model models.
  public typealias Device = Model.Device

  /// Where fakes start when a test does not say: 2027-01-15T08:00:00Z.
  public static var referenceDate: Date { Date(timeIntervalSince1970: 1_800_000_000) }

  /// Every command sent, in order (refused ones included).
  public private(set) var sentCommands: [Device.Command] = []
  /// When set, every call throws it.
  public private(set) var failure: Device.Failure?
  private var model: Model
  /// Who watches the link, and the news told while nobody did (the next watcher hears it first).
  private let link = Mutex<(watchers: [AsyncStream<Device.LinkNews>.Continuation], untold: [Device.LinkNews])>(([], []))

  /// A device running `model`, from its time and state.
  public init(_ model: Model) {
    self.model = model
  }

  deinit {
    for watcher in link.withLock({ $0.watchers }) { watcher.finish() }
  }

  /// Makes every further call throw `failure` (nil: succeed again).
  public func setFailure(_ failure: Device.Failure?) { self.failure = failure }

  /// Moves the model's clock on by `seconds`: it runs its steps as the real device would.
  public func advance(by seconds: Double) { model.advance(by: seconds) }

  /// Tells everyone watching the link `news` (a reconnect attempt, the return); when nobody watches
  /// yet, the next one to watch hears it first (so a test can script the news before the watch).
  public nonisolated func tell(_ news: Device.LinkNews) {
    let watchers = link.withLock { link in
      if link.watchers.isEmpty { link.untold.append(news) }
      return link.watchers
    }
    for watcher in watchers { watcher.yield(news) }
  }

  /// The device now.
  public func status() async throws -> Device.Status {
    if let failure { throw failure }
    return model.status
  }

  /// Carries out `command` on the model; throws the device's `rejected` error when it refuses.
  public func send(_ command: Device.Command) async throws -> Device.Acknowledgement {
    sentCommands.append(command)
    if let failure { throw failure }
    let answer = model.apply(command)
    if let refusal = Device.verdict(on: answer).refusal { throw Device.rejected(refusal) }
    return answer
  }

  /// The news ``tell(_:)`` sends from now on (after what was told while nobody watched).
  public nonisolated func linkNews() -> AsyncStream<Device.LinkNews> {
    let (stream, continuation) = AsyncStream<Device.LinkNews>.makeStream()
    link.withLock { link in
      for news in link.untold { continuation.yield(news) }
      link.untold.removeAll()
      link.watchers.append(continuation)
    }
    return stream
  }
}
