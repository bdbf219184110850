// The floor of a process's start-up: a Foundation program that prints one line.
import Foundation

print("hello, world \(ProcessInfo.processInfo.processIdentifier > 0)")
