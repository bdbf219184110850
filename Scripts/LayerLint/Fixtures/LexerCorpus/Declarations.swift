// Every spelling of an import declaration, and `import` where it is no declaration.
@testable import Testable
@_exported import Exported
@preconcurrency import Preconcurrency
@_implementationOnly import ImplementationOnly
@_spi(Internal) @testable import SPI
public import Public
internal import Internal
package import Package
import struct Kinds.Structure
import func Functions.run
import Submodule.Child.Grandchild
import `Escaped`
import A; import B
func load(import value: Int) {}
let labelled = load(import: 1)
/* import InBlockComment /* nested import Deeper */ still comment */
// import InLineComment
import Last // import InTrailingComment
