import Store
import Log

public enum ApiInfo {}
