import Log

/// Provides features.
public protocol FeatureProviding {}
