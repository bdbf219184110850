import Testing

@testable import ISSOverviewApp

@Test func summaryNamesTheModuleAndItsLayer() {
  #expect(ISSOverviewAppInfo.current.summary == "ISSOverviewApp (App layer)")
}

@Test func summaryReflectsAnyModule() {
  #expect(ISSOverviewAppInfo(moduleName: "Other", layer: "Core").summary == "Other (Core layer)")
}
