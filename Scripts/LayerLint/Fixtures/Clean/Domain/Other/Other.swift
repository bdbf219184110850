import FeatureInterface

public enum OtherInfo {}
