import Testing

@testable import DockingPortService

@Test func summaryNamesTheModuleAndItsLayer() {
  #expect(DockingPortServiceInfo.current.summary == "DockingPortService (Service layer)")
}

@Test func summaryReflectsAnyModule() {
  #expect(DockingPortServiceInfo(moduleName: "Other", layer: "Core").summary == "Other (Core layer)")
}
