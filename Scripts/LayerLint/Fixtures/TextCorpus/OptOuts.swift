let station = "Mission Control"  // untranslated: a proper name
// untranslated: the module's call sign
let module = "Zvezda Service Module"
// finding below
let bare = "Bare opt out"  // untranslated:
let plain = "Not covered"  // finding
let block = """
  Multi-line text
  """  // untranslated: the closing line covers it
