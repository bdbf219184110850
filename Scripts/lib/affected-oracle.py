#!/usr/bin/env python3
"""An independent reading of what a change affects, for Scripts/test-affected.

usage: affected-oracle.py DESCRIBE.json CODEOWNERS --pick KIND
       affected-oracle.py DESCRIBE.json CODEOWNERS --compare ACTUAL.json --checks KIND

--pick prints a file to change, chosen from the manifest (never a hard-coded module name):
  domain-leaf-source  a source of a Domain module that only apps (and tests) depend on
  core-source         a source of a Core module that a module outside Core depends on
  unit-test-source    a source of a <Module>Tests target of a Shared or Core module
  module-readme       a module's README.md (empty when none exists)
--compare reads Scripts/affected's JSON, recomputes every set from the changed files it lists, and
exits 1 naming each difference; --checks adds properties of the scenario (leaf, core, everything,
test-only, docs) that hold whatever the implementation.
"""
import json
import os
import sys

EVERYTHING = ["Package.swift", "Package.resolved", ".layering.json"]
EVERYTHING_FOLDERS = ["Scripts/", ".ci/", ".github/"]


def load(describe_path):
    with open(describe_path, encoding="utf-8") as handle:
        text = handle.read()
    targets = json.loads(text[text.index("{"):])["targets"]
    return {t["name"]: t for t in targets}


def layer(target):
    return target["path"].split("/")[0]


def is_test(target):
    return target["type"] == "test"


def users_of(targets):
    users = {name: set() for name in targets}
    for name, target in targets.items():
        for dependency in target.get("target_dependencies", []):
            users.setdefault(dependency, set()).add(name)
    return users


def dependents(targets, roots):
    users = users_of(targets)
    result, queue = set(roots), list(roots)
    while queue:
        for user in users.get(queue.pop(), ()):
            if user not in result:
                result.add(user)
                queue.append(user)
    return result


def closure(targets, name):
    result, queue = {name}, [name]
    while queue:
        for dependency in targets[queue.pop()].get("target_dependencies", []):
            if dependency not in result:
                result.add(dependency)
                queue.append(dependency)
    return result


def owners_of(codeowners_path, path):
    """Owners of a file with anchored, literal patterns (the workspace's style); last match wins."""
    owners = []
    with open(codeowners_path, encoding="utf-8") as handle:
        for line in handle:
            fields = line.split("#", 1)[0].split()
            if not fields:
                continue
            pattern = fields[0]
            if not pattern.startswith("/") or any(c in pattern for c in "*?["):
                raise SystemExit(f"affected-oracle: pattern {pattern} is not anchored and literal; extend the oracle")
            body = pattern[1:]
            if (body.endswith("/") and path.startswith(body)) or path == body or path.startswith(body + "/"):
                owners = fields[1:]
    return owners


def expected(targets, codeowners_path, files):
    tests = {n for n, t in targets.items() if is_test(t)}
    everything = [f for f in files if f in EVERYTHING or any(f.startswith(d) for d in EVERYTHING_FOLDERS)]
    changed = set()
    for f in files:
        if f.endswith(".md") or ".docc/" in f:
            continue
        owning = [n for n, t in targets.items() if f.startswith(t["path"] + "/")]
        if owning:
            changed.add(max(owning, key=lambda n: len(targets[n]["path"])))
    modules = {n for n in targets if n not in tests}
    if everything:
        affected, test_targets = modules, tests
    else:
        affected = dependents(targets, changed - tests) - tests
        test_targets = (changed & tests) | {t for t in tests if closure(targets, t) & affected}
    approvals = {}
    for f in files:
        for owner in owners_of(codeowners_path, f):
            approvals.setdefault(owner, []).append(f)
    return {
        "everything": bool(everything),
        "changedModules": sorted(changed - tests),
        "changedTestTargets": sorted(changed & tests),
        "affectedModules": sorted(affected),
        "testTargets": sorted(test_targets),
        "approvals": [{"owner": o, "files": sorted(fs)} for o, fs in sorted(approvals.items())],
    }


def sources(target):
    return [os.path.join(target["path"], s) for s in sorted(target.get("sources", [])) if s.endswith(".swift")]


def pick(targets, kind):
    users = users_of(targets)
    for name in sorted(targets):
        target = targets[name]
        if is_test(target) or target["type"] == "system-target":
            if kind == "unit-test-source" and is_test(target) and name.endswith("Tests"):
                tested = targets.get(name[: -len("Tests")])
                if tested and layer(tested) in ("Shared", "Core") and sources(target):
                    return sources(target)[0]
            continue
        non_test_users = {u for u in users.get(name, ()) if not is_test(targets[u])}
        if kind == "domain-leaf-source" and layer(target) == "Domain" and sources(target):
            if non_test_users and all(layer(targets[u]) == "App" for u in non_test_users):
                return sources(target)[0]
        if kind == "core-source" and layer(target) == "Core" and sources(target):
            if any(layer(targets[u]) != "Core" for u in non_test_users):
                return sources(target)[0]
        if kind == "module-readme" and os.path.exists(os.path.join(target["path"], "README.md")):
            return os.path.join(target["path"], "README.md")
    return ""


def check(targets, actual, kind):
    problems = []
    layers = {n: layer(t) for n, t in targets.items()}
    apps = {n for n in targets if layers[n] == "App" and not is_test(targets[n])}
    if kind == "leaf":
        (module,) = actual["changedModules"] or [None]
        if module is None:
            return ["no module changed"]
        users = {u for u in dependents(targets, {module}) if not is_test(targets[u])} - {module}
        if any(layers[u] != "App" for u in users):
            problems.append("a leaf domain module has a dependent outside App")
        if set(actual["affectedModules"]) != users | {module}:
            problems.append("affected modules are not the module and the apps that use it")
        if any(layers[m] in ("Shared", "Core", "Service") for m in actual["affectedModules"]):
            problems.append("a lower layer is affected by a domain change")
        if module + "Tests" in targets and module + "Tests" not in actual["testTargets"]:
            problems.append(f"{module}Tests does not run")
    if kind == "core":
        if not any(layers[m] in ("Service", "Domain", "App") for m in actual["affectedModules"]):
            problems.append("a Core change affects nothing above Core")
        if not set(actual["affectedModules"]) & apps:
            problems.append("a Core change affects no app")
    if kind == "everything":
        if not actual["everything"] or len(actual["testTargets"]) != sum(is_test(t) for t in targets.values()):
            problems.append("a manifest change does not affect everything")
    if kind == "test-only":
        if actual["affectedModules"] or len(actual["testTargets"]) != 1:
            problems.append("a test-only change affects more than its test target")
    if kind == "docs":
        if actual["affectedModules"] or actual["testTargets"] or not actual["documentationFiles"]:
            problems.append("a documentation-only change affects builds or tests")
    return problems


def main():
    describe_path, codeowners_path = sys.argv[1], sys.argv[2]
    targets = load(describe_path)
    arguments = sys.argv[3:]
    if arguments[:1] == ["--pick"]:
        print(pick(targets, arguments[1]))
        return
    with open(arguments[1], encoding="utf-8") as handle:
        actual = json.load(handle)
    want = expected(targets, codeowners_path, actual["changedFiles"])
    problems = [
        f"{key}: Scripts/affected says {actual.get(key)!r}, expected {value!r}"
        for key, value in want.items()
        if actual.get(key) != value
    ]
    if "--checks" in arguments:
        problems += check(targets, actual, arguments[arguments.index("--checks") + 1])
    for problem in problems:
        print(f"test-affected: {problem}", file=sys.stderr)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
