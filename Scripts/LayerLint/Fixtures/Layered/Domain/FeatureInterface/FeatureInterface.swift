import Store

public protocol FeatureProviding {}
