import Gen

public enum LogInfo {}
public struct Logger {}
