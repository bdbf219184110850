// untranslated-file: the sample catalogue is Houston's data, in the language Houston writes it
import FoundationEssentials

extension ExperimentCatalogue {
  /// Two experiments for previews and tests: one that draws supplies and produces samples, one that does neither.
  public static let sample = ExperimentCatalogue(
    generatedAt: Date(timeIntervalSince1970: 1_800_000_000),
    experiments: [
      Experiment(
        id: "plant-habitat", title: "Plant Habitat: leaf harvest", module: .destiny, rack: "express-1",
        summary: "Harvests leaves grown in the Advanced Plant Habitat and freezes them for the ground.",
        steps: [
          ProcedureStep(
            title: "Prepare the glovebox", instruction: "Wipe the work volume and don gloves.",
            consumes: [Consumable(item: "hygiene", quantity: 1, purpose: "gloves and wipes")]),
          ProcedureStep(
            title: "Harvest leaves", instruction: "Cut two leaves and bag each one.",
            consumes: [Consumable(item: "medical", quantity: 1, purpose: "sample bags")],
            samples: [SampleSpec(label: "leaf-1", storage: .minus80), SampleSpec(label: "leaf-2", storage: .minus80)]),
          ProcedureStep(title: "Photograph the plants", instruction: "Take the standard four views."),
          ProcedureStep(title: "Stow the habitat", instruction: "Close the habitat door and clean up."),
        ]),
      Experiment(
        id: "capillary-flow", title: "Capillary Flow", module: .destiny, rack: "msg",
        summary: "Watches fluids creep along corners without gravity.",
        steps: [
          ProcedureStep(title: "Set up the vessel", instruction: "Mount the vessel in the glovebox."),
          ProcedureStep(title: "Run the flow", instruction: "Release the fluid and record the video."),
        ]),
    ])
}
