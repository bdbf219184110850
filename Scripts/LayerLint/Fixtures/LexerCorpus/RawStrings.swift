// One-line raw strings that hold quotes must not open a multi-line string.
let quote = #"""#
import AfterOneLineRawQuote
let twoHashes = ##"""##
import AfterTwoHashRawQuote
let mixed = #"""# + "import NotReal" + #""import Nope""#
import AfterMixedStrings
let multi = #"""
  she said "# and that is not the end
  import InsideMultiLineRaw
  """#
import AfterMultiLineRaw
let plainMulti = """
  import InsideMultiLine
  \(["import InInterpolation"].count)
  """
import AfterMultiLine
let interpolated = "\("import X" + "\("import Y")")"
import AfterNestedInterpolation
