#if EXTRAS
  import DepA

  public let extra = a
#endif

public let traited = 1
