// finding below
let help = """
  Usage: kit run
  let inner = "Not a literal of its own"
  // untranslated: not a comment either
  """
let raw = #"He said "Stop the pump" and left"#  // finding
let rawPath = #"\(not interpolated)"#
// finding below
let rawMultiLine = #"""
  A block with """ inside
  """#
let oneLineRaw = #"""#
let afterThem = "Found after them"  // finding
let code = """
  if x {
  """  // untranslated: a shell snippet
let keys = """
  menu.title
  """
