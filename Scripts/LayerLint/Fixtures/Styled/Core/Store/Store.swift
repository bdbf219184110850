import Feature
public let store = 1
