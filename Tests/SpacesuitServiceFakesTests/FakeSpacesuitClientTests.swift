import SpacesuitServiceFakes
import SpacesuitServiceInterface
import Testing

/// The fake suit domains test with: it answers what it is given and applies the suit's rules.
@Suite("The fake suit")
struct FakeSpacesuitClientTests {
  @Test func fakeRecordsCommandsAndRejectsOutOfRange() async throws {
    let fake = FakeSpacesuitClient()
    #expect(try await fake.telemetry() == .nominal)
    let ack = try await fake.send(.setTemperature(celsius: 24))
    #expect(ack.accepted)
    #expect(try await fake.telemetry().targetTemperatureC == 24)
    await #expect(throws: SpacesuitError.rejected(SuitRefusal.temperatureOutOfRange(minimum: 16, maximum: 30).text)) {
      try await fake.send(.setTemperature(celsius: 40))
    }
    #expect(await fake.sentCommands == [.setTemperature(celsius: 24), .setTemperature(celsius: 40)])
    await fake.setFailure(.timeout)
    await #expect(throws: SpacesuitError.timeout) { try await fake.vitals() }
  }

  @Test func itAnswersWhatItIsGiven() async throws {
    let fake = FakeSpacesuitClient(telemetry: .nominal, vitals: .nominal)
    var troubled = SuitTelemetry.nominal
    troubled.carbonDioxideMmHg = 9
    await fake.setTelemetry(troubled)
    #expect(try await fake.telemetry().carbonDioxideMmHg == 9)
    #expect(try await fake.vitals() == .nominal)
    var samples: [SuitTelemetry] = []
    for try await sample in fake.watch(count: 2, interval: .milliseconds(1)) { samples.append(sample) }
    #expect(samples == [troubled, troubled])
  }
}
