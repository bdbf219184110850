import Log

public enum TestKitInfo {}
