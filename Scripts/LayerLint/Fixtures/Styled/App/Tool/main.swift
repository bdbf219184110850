import Feature
print(feature)
