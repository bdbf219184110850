import Feature
import Log
import Other

print(FeatureInfo.name)
