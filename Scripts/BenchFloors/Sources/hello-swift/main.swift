// The limit beneath the start-up floor: a hello-world in plain Swift (the standard library, no
// Foundation), linked as the apps are (the Swift runtime statically in a release build). It prints
// the floor's JSON line by hand. A reference row of Scripts/bench, no goal.
print("{\"count\":\(CommandLine.arguments.count),\"text\":\"hello, world\"}")
