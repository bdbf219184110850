import TestHarness
import Testing

@testable import Radio

/// Clients that send requests and never read the answers: the server's write to them cannot finish.
@Suite struct StuckReaderTests {
  @Test(arguments: Answering.allCases) func dropsAClientThatNeverTakesItsAnswersAndServesOthersMeanwhile(
    answering: Answering
  )
    async throws
  {
    // One client thread: with an immediate handler the stuck client holds it, and the others are
    // served on the poll thread until it is released.
    var configuration = RadioServerConfiguration(idleTimeout: .seconds(1), partialFrameTimeout: .milliseconds(100))
    configuration.clientThreads = 1
    let fixture = try ServerFixture(configuration, answering: answering)
    let stuck = try RawClient(path: fixture.path)
    // Blocking socket calls, on a thread of their own: on the cooperative pool they would hold one of
    // its few threads, which the server's tasks (and the other tests') need meanwhile.
    #expect(try await onOwnThread { try stuck.sendRequestsUntilTheServerStopsReading() } > 0)

    let link = try await fixture.client()
    #expect(try await link.request(type: 1, payload: [1]).payload == [1])
    await link.close()

    #expect(await stuck.isHungUpWithoutReading(within: 60))
    #expect(fixture.logged("did not take its answer for"), "\(fixture.log.messages)")
    // Its reads were cut by the server's write, not by the client: no half frame is blamed on it.
    #expect(!fixture.logged("sent part of a frame"))
    // Its thread (for an immediate handler) has ended: only that thread forgets a client it serves.
    #expect(await eventually { fixture.server.connectionCount == 0 })

    let next = try await fixture.client()
    #expect(try await next.request(type: 1, payload: [2]).payload == [2])
    await next.close()
    await fixture.stop()
  }
}
