import Foundation
import Logging
import Testing

@testable import Radio

/// A socket served by a peer that says what it is — here the "lab" of these tests, serving band 0x50
/// and answering everything else with its failure type — as a bench simulator serves its socket.
private final class PeerFixture: @unchecked Sendable {
  let scratch: ScratchDirectory
  let path: String
  let listener: UnixSocketListener
  private let serving: Task<Void, Never>

  static let lab = RadioPeer(program: "lab-bench", serves: "the test labs", bands: [0x50])

  init(peer: RadioPeer? = PeerFixture.lab) throws {
    scratch = try ScratchDirectory()
    path = scratch.file("peer.sock")
    listener = try UnixSocketListener(path: path, peer: peer)
    let server = RadioServer(logger: quiet) { frame in
      frame.type & 0xF0 == 0x50
        ? Frame(type: frame.type | 0x80, sequence: frame.sequence, payload: frame.payload)
        : Frame(type: 0xDF, sequence: frame.sequence, payload: Array(#"{"message":"unknown lab message"}"#.utf8))
    }
    let listener = listener
    serving = Task { await server.serve(listener: listener) }
  }

  func link() async throws -> RadioLink {
    let link = RadioLink(
      connector: .unixSocket(path: path), configuration: .init(requestTimeout: patience, reconnect: .never),
      logger: quiet)
    try await link.start()
    return link
  }

  deinit {
    listener.close()
    serving.cancel()
  }
}

@Suite struct RadioPeerTests {
  @Test func aRequestTheSocketsPeerDoesNotServeNamesWhatAnswers() async throws {
    let fixture = try PeerFixture()
    let link = try await fixture.link()
    // The lab's own band is answered as ever, at no extra cost.
    #expect(try await link.request(type: 0x50, payload: [1]).type == 0xD0)
    // A station's request (band 0x10) on the lab's socket: not "unexpected answer type 0xDF".
    await #expect(throws: RadioError.wrongPeer(PeerFixture.lab)) { try await link.request(type: 0x10) }
    #expect(RadioError.wrongPeer(PeerFixture.lab).description == "lab-bench answers there, serving the test labs")
    await link.close()
  }

  @Test func aPeerThatSaysNothingKeepsItsAnswerForTheCallerToJudge() async throws {
    let fixture = try PeerFixture(peer: nil)
    let link = try await fixture.link()
    #expect(try await link.request(type: 0x10).type == 0xDF)
    await link.close()
  }

  @Test func aDeviceLinkToTheWrongPeerIsUnreachableNotUnreadable() async throws {
    let fixture = try PeerFixture()
    let device = DeviceLink(
      name: .verbatim("the power system"), connector: .unixSocket(path: fixture.path),
      messages: DeviceMessages(failure: 0x9F), unreachableHint: .verbatim("check that station-sim listens there"),
      configuration: .init(requestTimeout: patience, reconnect: .never), logger: quiet)
    do {
      _ = try await device.exchange(0x10, body: [String: String](), expecting: 0x90, as: [String: String].self)
      Issue.record("the wrong peer answered")
    } catch {
      guard case .unreachable = error else {
        Issue.record("\(error)")
        return
      }
      #expect(
        error.description
          == "cannot reach the power system at unix:\(fixture.path) (lab-bench answers there, serving the test labs); "
          + "check that station-sim listens there")
    }
    await device.close()
  }

  @Test func aProbeSaysWhatHoldsASocket() async throws {
    let fixture = try PeerFixture()
    #expect(await RadioPeer.probe(path: fixture.path) == .peer(PeerFixture.lab))
    let silent = try PeerFixture(peer: nil)
    #expect(await RadioPeer.probe(path: silent.path) == .anonymous, "a Radio device that does not say what it is")
    let scratch = try ScratchDirectory()
    #expect(await RadioPeer.probe(path: scratch.file("nothing.sock")) == .nobody)
  }

  @Test func aProbeOfSomethingThatIsNotRadioSaysSo() async throws {
    // A listener that accepts and never answers a frame.
    let scratch = try ScratchDirectory()
    let listener = try UnixSocketListener(path: scratch.file("mute.sock"))
    let accepting = Task { try? await listener.accept() }
    #expect(await RadioPeer.probe(path: listener.path, timeout: .milliseconds(200)) == .stranger)
    listener.close()
    _ = await accepting.value
  }

  @Test func theIdentifyBandIsRadiosOwn() {
    #expect(RadioPeer.isOutOfBand(0xCF, for: 0x01))
    #expect(RadioPeer.isOutOfBand(0xFF, for: 0x01), "the suit's failure type is checked: who sent it is asked")
    #expect(!RadioPeer.isOutOfBand(0x81, for: 0x01))
    #expect(!RadioPeer.isOutOfBand(0x9F, for: 0x10))
    #expect(!RadioPeer.isOutOfBand(0xFF, for: RadioPeer.identifyRequest), "asking who answers never asks again")
    #expect(RadioPeer(program: "x", serves: "y", bands: [0x41]).bands == [0x40])
  }
}
