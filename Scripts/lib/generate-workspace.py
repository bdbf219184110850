#!/usr/bin/env python3
"""Generates a layered SwiftPM workspace for Scripts/bench-lint.

usage: generate-workspace.py DIR [MODULES]               (default 1000 modules, 200 per layer)
       generate-workspace.py --conditions DIR [MODULES]  (default 50 modules)
       generate-workspace.py --real DIR [MODULES]        (default 50 modules)

Each module has three source files and one test file (four files a module) with realistic imports:
Foundation plus the lower-layer modules it declares. The result lints clean.

With --conditions: an ordinary `Sources/` package (no layers) shaped like swift-nio, whose `#if`s need
the manifest's settings: each module's defines (`.define`), the package's traits (a default one and an
optional one), its language mode (`swift(…)`), besides the platform conditions of `canImport(…)`.
Each module has eight source files and a test file; it imports its dependencies under those
conditions, and its test imports a module it does not declare under a define only the module has.
The result lints clean (one note per test), and the lint must read `dump-package` to say so.

With --real: the --conditions package that also depends on another package (`Deps/Collections`, by path,
which Scripts/bench-lint resolves): every other module declares its products `DequeKit` and `HeapKit`
(which re-exports `DequeKit`) and imports them, so the lint reads the resolved graph too, as on a real
package. The result lints clean.
"""
import os
import random
import sys

LAYERS = ["App", "Domain", "Service", "Core", "Shared"]


def main() -> None:
    if sys.argv[1] == "--conditions":
        conditions(sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 50)
        return
    if sys.argv[1] == "--real":
        real(sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 50)
        return
    root = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    per_layer = count // len(LAYERS)
    rng = random.Random(42)
    modules = {layer: [f"{layer}Module{i:04d}" for i in range(per_layer)] for layer in LAYERS}
    targets, owners = [], ["# Generated benchmark workspace", "/Package.swift @bench/architecture"]
    for rank, layer in enumerate(LAYERS):
        lower = [m for below in LAYERS[rank + 1:] for m in modules[below]]
        owners.append(f"\n# {layer}")
        for name in modules[layer]:
            deps = sorted(rng.sample(lower, min(3, len(lower))))
            folder = os.path.join(root, layer, name)
            os.makedirs(folder)
            imports = "".join(f"import {d}\n" for d in deps)
            for index in range(2):
                write(os.path.join(folder, f"{name}Part{index}.swift"), source(name, index, imports))
            if layer == "App":
                write(os.path.join(folder, "main.swift"), f"import Foundation\n{imports}\nprint(\"{name}\")\n")
                kind = "executableTarget"
            else:
                write(os.path.join(folder, f"{name}Part2.swift"), source(name, 2, imports))
                kind = "target"
            tests = os.path.join(root, "Tests", f"{name}Tests")
            os.makedirs(tests)
            write(os.path.join(tests, f"{name}Tests.swift"),
                  f"import Testing\n@testable import {name}\n\n@Test func part0() {{ #expect({name}Part0().value == 0) }}\n")
            dep_list = ", ".join(f'"{d}"' for d in deps)
            targets.append(f'    .{kind}(name: "{name}", dependencies: [{dep_list}], path: "{layer}/{name}"),')
            targets.append(f'    .testTarget(name: "{name}Tests", dependencies: ["{name}"], path: "Tests/{name}Tests"),')
            owners.append(f"/{layer}/{name}/ @bench/team{rank}")
    write(os.path.join(root, "Package.swift"),
          "// swift-tools-version: 6.0\n// Generated: a layered workspace for Scripts/bench-lint.\n"
          "import PackageDescription\n\nlet package = Package(\n  name: \"Bench\",\n  targets: [\n"
          + "\n".join(targets) + "\n  ]\n)\n")
    write(os.path.join(root, "CODEOWNERS"), "\n".join(owners) + "\n")
    write(os.path.join(root, ".layering.json"), '{ "integrationTestTargets": [] }\n')


def conditions(root: str, count: int) -> None:
    rng = random.Random(7)
    names = [f"Kit{i:03d}" for i in range(count)]
    targets = []
    for index, name in enumerate(names):
        deps = sorted(rng.sample(names[:index], min(3, index)))
        folder = os.path.join(root, "Sources", name)
        os.makedirs(folder)
        for part in range(8):
            lines = ["#if canImport(Darwin)", "  import Darwin", "#elseif canImport(Glibc)", "  import Glibc", "#endif"]
            for number, dep in enumerate(deps):
                # Every dependency is imported in a branch a build compiles: its define, the default trait,
                # the language mode; the other branches import it too, so each condition is read.
                condition = [f"BENCH_{name.upper()}_ON", "BenchFast", "swift(>=5.9)"][(part + number) % 3]
                lines += [f"#if {condition}", f"  import {dep}", "#elseif BenchExperimental", f"  @_implementationOnly import {dep}",
                          "#endif"]
            lines += ["", f"/// Part {part} of {name}.", f"public struct {name}Part{part} {{", "  public init() {}", "}", ""]
            write(os.path.join(folder, f"{name}Part{part}.swift"), "\n".join(lines))
        tests = os.path.join(root, "Tests", f"{name}Tests")
        os.makedirs(tests)
        # An import no build compiles (the tests do not define the flag): a note, read with the manifest's settings.
        probe = f"#if BENCH_{name.upper()}_ON\n  import {names[-1]}\n#endif\n" if index + 1 < count else ""
        write(os.path.join(tests, f"{name}Tests.swift"),
              f"import Testing\n{probe}@testable import {name}\n\n@Test func part0() {{ _ = {name}Part0() }}\n")
        dep_list = ", ".join(f'"{d}"' for d in deps)
        targets.append(f'    .target(name: "{name}", dependencies: [{dep_list}], '
                       f'swiftSettings: [.define("BENCH_{name.upper()}_ON")]),')
        targets.append(f'    .testTarget(name: "{name}Tests", dependencies: ["{name}"]),')
    write(os.path.join(root, "Package.swift"),
          "// swift-tools-version: 6.1\n// Generated: a package whose #if conditions need its manifest's settings.\n"
          "import PackageDescription\n\nlet package = Package(\n  name: \"BenchConditions\",\n"
          "  traits: [.default(enabledTraits: [\"BenchFast\"]), .trait(name: \"BenchFast\"), "
          ".trait(name: \"BenchExperimental\")],\n  targets: [\n" + "\n".join(targets) + "\n  ],\n"
          "  swiftLanguageModes: [.v6]\n)\n")


def real(root: str, count: int) -> None:
    conditions(root, count)
    deps = os.path.join(root, "Deps", "Collections")
    for module, text in [
        ("DequeKit", "/// A deque.\npublic struct Deque {\n  public init() {}\n}\n"),
        ("HeapKit", "@_exported import DequeKit\nimport _Utilities\n\n/// A heap.\npublic struct Heap {\n  public init() {}\n}\n"),
        ("_Utilities", "/// Shared helpers.\npublic enum Utilities {}\n"),
    ]:
        os.makedirs(os.path.join(deps, "Sources", module))
        write(os.path.join(deps, "Sources", module, f"{module}.swift"), text)
    write(os.path.join(deps, "Package.swift"),
          "// swift-tools-version: 6.0\nimport PackageDescription\n\nlet package = Package(\n  name: \"Collections\",\n"
          "  products: [.library(name: \"DequeKit\", targets: [\"DequeKit\"]), "
          ".library(name: \"HeapKit\", targets: [\"HeapKit\"])],\n"
          "  targets: [.target(name: \"DequeKit\"), .target(name: \"HeapKit\", dependencies: [\"DequeKit\", \"_Utilities\"]), "
          ".target(name: \"_Utilities\")]\n)\n")
    manifest = os.path.join(root, "Package.swift")
    with open(manifest, encoding="utf-8") as handle:
        text = handle.read()
    lines = []
    for line in text.split("\n"):
        name = line.split('name: "')[1].split('"')[0] if '.target(name: "' in line else None
        if name and int(name[3:]) % 2 == 0:
            line = line.replace("dependencies: [", 'dependencies: [.product(name: "DequeKit", package: "Collections"), '
                                '.product(name: "HeapKit", package: "Collections"), ', 1)
            part = os.path.join(root, "Sources", name, f"{name}Part0.swift")
            with open(part, encoding="utf-8") as handle:
                source_text = handle.read()
            write(part, "import DequeKit\nimport HeapKit\n" + source_text)
        lines.append(line)
    text = "\n".join(lines).replace("\n  targets: [\n", '\n  dependencies: [.package(path: "Deps/Collections")],\n  targets: [\n', 1)
    text = text.replace('", ]', '"]').replace(", ]", "]")
    write(manifest, text)


def source(name: str, index: int, imports: str) -> str:
    return (f"import Foundation\n{imports}\n/// Part {index} of {name}; the string below is not an import.\n"
            f"public struct {name}Part{index} {{\n  public let value = {index}\n"
            f"  let note = \"import NotAModule\"\n  /* import AlsoNot */\n  public init() {{}}\n}}\n")


def write(path: str, text: str) -> None:
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)


if __name__ == "__main__":
    main()
