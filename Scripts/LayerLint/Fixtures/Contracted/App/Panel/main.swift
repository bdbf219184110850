import Dial
import Units

print(Dial().text(freezing))
