import Dial
import UnitsInterface

print(Dial().text(freezing))
