#if NEVER_DEFINED
  let dead = "Dead code text"
#elseif os(Linux)
  let linux = "Linux only text"  // finding
#else
  let other = "Other platform text"  // finding
#endif
