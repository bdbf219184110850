// The entry point of the `ISSOverviewApp` executable.
print(ISSOverviewAppInfo.current.summary)
