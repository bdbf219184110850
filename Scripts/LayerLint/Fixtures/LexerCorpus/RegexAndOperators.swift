// `/` after a postfix `!`, a subscript or a call is division; a bare `/…/` elsewhere is a regex.
let x: Int? = 4
let half = (x!/2)
import AfterPostfixBang
let quarter = [8][0]/2/2
import AfterSubscript
func f() -> Int { 6 }
let third = f()/3
import AfterCall
let regex = /import NotARealImport/
import AfterRegex
let spaced = 6 / 2 / 3
import AfterSpacedDivision
let tricky = /"""/
import AfterRegexWithQuotes
let slashes = /\/*/
import AfterRegexWithSlashStar
let extended = #/ import AlsoNot /#
import AfterExtendedRegex
let negated = (!/a/.wholeMatch(in: "a").isEmpty)
import AfterPrefixOperatorRegex
let chain = (x!/2) + (x!/2)
import AfterTwoDivisions
