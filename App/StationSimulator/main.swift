// The entry point of the `StationSimulator` executable.
print(StationSimulatorInfo.current.summary)
