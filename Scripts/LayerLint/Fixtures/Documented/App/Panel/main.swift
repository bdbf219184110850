import Gauge
import Units

print(Gauge(reading: Reading(value: 50)).needleAngle())
