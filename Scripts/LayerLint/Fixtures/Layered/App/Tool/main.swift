import Feature

print(FeatureInfo.name)
