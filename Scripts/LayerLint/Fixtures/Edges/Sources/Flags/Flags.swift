import Other
#if FLAG_ON
  import my_lib
#endif
#if FLAG_OFF
  import Sys
#elseif ONLY_LINUX
  import sqlite_shim
#endif
#if false
  import Consumer
#endif

public let flags = other
