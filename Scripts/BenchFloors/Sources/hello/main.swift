// The floor of a process's start-up: a program that encodes one JSON value with FoundationEssentials
// and prints it, linked as the apps are (the Swift runtime and FoundationEssentials statically in a
// release build, see Package.swift).
import FoundationEssentials

struct Greeting: Encodable {
  let text: String
  let count: Int
}

let json = try JSONEncoder().encode(Greeting(text: "hello, world", count: CommandLine.arguments.count))
print(String(decoding: json, as: UTF8.self))
