#if os(macOS)
  import DepA
#endif

public let macOnly = 1
