import Other
import my_lib
import sqlite_shim

public let consumer = other + myLib
