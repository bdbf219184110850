import Testing

@testable import CosmonautRuApp

@Test func summaryNamesTheModuleAndItsLayer() {
  #expect(CosmonautRuAppInfo.current.summary == "CosmonautRuApp (App layer)")
}

@Test func summaryReflectsAnyModule() {
  #expect(CosmonautRuAppInfo(moduleName: "Other", layer: "Core").summary == "Other (Core layer)")
}
