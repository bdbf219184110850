#if os(macOS) && os(Linux)
  import DepA
#endif

public let never = 1
