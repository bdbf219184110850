#!/usr/bin/env python3
"""The injected API changes of Scripts/test-api, run in a scratch copy of the workspace (a git repository
whose HEAD is the baseline: the workspace with the table's seeds).

  api-verdicts.py seed TABLE              applies the seeds to the working tree (before the baseline commit)
  api-verdicts.py ours TABLE RESULTS      each change alone: `swift build --target M`, `Scripts/api check
                                          --no-build M`; our verdict against the recorded SwiftPM verdict
  api-verdicts.py baseline TABLE RESULTS DIR
                                          SwiftPM's baseline of every module (built once, kept in DIR)
  api-verdicts.py swiftpm TABLE RESULTS DIR
                                          each change alone: `swift package diagnose-api-breaking-changes
                                          HEAD --targets M --baseline-dir DIR`, its verdict and time to RESULTS
  api-verdicts.py record TABLE RESULTS    writes SwiftPM's verdicts from RESULTS into TABLE
  api-verdicts.py summary TABLE RESULTS   prints both tools' verdicts and times, one row per change

Every change is reverted (`git checkout`) before the next one. Exit 0 all match, 1 a mismatch or a
change that no longer applies, 2 a tool could not run.
"""
import json
import os
import re
import subprocess
import sys
import time

BUILD_ENV_KEEP = ["PATH", "HOME", "TMPDIR", "LANG", "LC_ALL", "XDG_CACHE_HOME", "XDG_CONFIG_HOME", "ISS_SECRETS_EXPORT"]


def build_env():
    """The environment Scripts/lib/workspace-build.sh gives every build (so SwiftPM replans nothing)."""
    return {name: os.environ[name] for name in BUILD_ENV_KEEP if name in os.environ}


def apply(edits):
    """Applies find/replace edits; each find must occur exactly once. Returns the files touched."""
    touched = []
    for edit in edits:
        with open(edit["file"], encoding="utf-8") as handle:
            text = handle.read()
        count = text.count(edit["find"])
        if count != 1:
            raise LookupError(f"{edit['file']}: the text to replace occurs {count} times, not once: {edit['find'][:80]!r}")
        with open(edit["file"], "w", encoding="utf-8") as handle:
            handle.write(text.replace(edit["find"], edit["replace"]))
        touched.append(edit["file"])
    return touched


def revert():
    subprocess.run(["git", "checkout", "-q", "--", "."], check=True)


def run(command, env=None, retries_on_signal=1):
    """Runs a command, returns (status, output, seconds); a SwiftPM crash by a signal is retried once."""
    start = time.monotonic()
    while True:
        result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
        if result.returncode < 0 or 128 < result.returncode < 160:
            if retries_on_signal > 0:
                retries_on_signal -= 1
                print(f"  ({command[0]} died of a signal: running it once more)", flush=True)
                continue
        return result.returncode, result.stdout, time.monotonic() - start


def our_verdict(change):
    """Builds the changed module and runs the check; returns (breaking, output, build s, check s)."""
    module = change["module"]
    status, output, build_seconds = run(["swift", "build", "--target", module], env=build_env())
    if status != 0:
        errors = "\n".join(line for line in output.splitlines() if "error:" in line)[:2000]
        raise RuntimeError(f"swift build --target {module} failed:\n{errors}")
    status, output, check_seconds = run(["Scripts/api", "check", "--no-build", module])
    if status not in (0, 1):
        raise RuntimeError(f"Scripts/api check exited {status}:\n{output}")
    if status == 0:
        raise RuntimeError(f"Scripts/api check found no difference for {change['id']}")
    match = re.search(r"\((\d+) with breaking changes\)", output)
    if not match:
        raise RuntimeError(f"Scripts/api check printed no summary:\n{output}")
    return int(match.group(1)) > 0, output, build_seconds, check_seconds


def swiftpm_verdict(change, baselines):
    """SwiftPM's verdict on the change: (breaking, breakage lines, seconds)."""
    command = ["swift", "package", "diagnose-api-breaking-changes", "HEAD", "--targets", change["module"],
               "--baseline-dir", baselines]
    status, output, seconds = run(command, env=build_env())
    breakages = [line.strip() for line in output.splitlines() if "API breakage" in line]
    if status != 0 and not breakages:
        tail = "\n".join(output.splitlines()[-15:])
        raise RuntimeError(f"diagnose-api-breaking-changes exited {status} without a verdict:\n{tail}")
    return status != 0, breakages, seconds


def main():
    if len(sys.argv) < 3 or sys.argv[1] not in ("seed", "ours", "swiftpm", "baseline", "record", "summary"):
        print(__doc__, file=sys.stderr)
        return 64
    action, table_path = sys.argv[1], sys.argv[2]
    with open(table_path, encoding="utf-8") as handle:
        table = json.load(handle)
    if action == "seed":
        apply(table["seeds"])
        return 0
    results_path = sys.argv[3]
    only = set(filter(None, os.environ.get("API_TEST_ONLY", "").split(",")))
    changes = [change for change in table["changes"] if not only or change["id"] in only]
    results = {}
    if os.path.exists(results_path):
        with open(results_path, encoding="utf-8") as handle:
            results = json.load(handle)
    if action == "record":
        for change in table["changes"]:
            if change["id"] in results:
                change["swiftpm"] = results[change["id"]]
        if "baseline" in results:
            table["swiftpmBaselineSeconds"] = results["baseline"]["seconds"]
        with open(table_path, "w", encoding="utf-8") as handle:
            json.dump(table, handle, indent=2, ensure_ascii=False)
            handle.write("\n")
        return 0
    if action == "summary":
        print("| change | module | SwiftPM | ours | SwiftPM s | ours s (build + check) | ours / SwiftPM |")
        print("|---|---|---|---|---|---|---|")
        for change in changes:
            ours, theirs = results.get(change["id"]), change.get("swiftpm")
            if not ours or not theirs:
                continue
            total = ours["build"] + ours["check"]
            word = lambda breaking: "breaking" if breaking else "not breaking"
            print(f"| {change['id']} | {change['module']} | {word(theirs['breaking'])} | {word(ours['breaking'])} | "
                  f"{theirs['seconds']:.0f} | {total:.1f} ({ours['build']:.1f} + {ours['check']:.1f}) | "
                  f"{total / theirs['seconds']:.2f} |")
        return 0
    if action == "baseline":
        # Every module's baseline at once: SwiftPM builds the baseline revision in a clone, from cold.
        baselines = sys.argv[4]
        status, output, seconds = run(["swift", "package", "diagnose-api-breaking-changes", "HEAD",
                                       "--baseline-dir", baselines], env=build_env())
        if status != 0:
            print("\n".join(output.splitlines()[-20:]), file=sys.stderr)
            return 2
        results["baseline"] = {"seconds": round(seconds, 1)}
        with open(results_path, "w", encoding="utf-8") as handle:
            json.dump(results, handle, indent=2)
        print(f"test-api: SwiftPM built the baseline and dumped every module's API in {seconds:.0f} s", flush=True)
        return 0
    failures = 0
    errors = 0  # a tool that could not run on a change: the others still run
    for number, change in enumerate(changes, 1):
        label = f"[{number}/{len(changes)}] {change['id']} ({change['module']})"
        try:
            apply(change["edits"])
            if action == "swiftpm":
                breaking, breakages, seconds = swiftpm_verdict(change, sys.argv[4])
                results[change["id"]] = {"breaking": breaking, "seconds": round(seconds, 1), "messages": breakages}
                print(f"test-api: {label}: SwiftPM: {'breaking' if breaking else 'not breaking'} "
                      f"({seconds:.0f} s){''.join(chr(10) + '    ' + line for line in breakages)}", flush=True)
            else:
                expected = change.get("swiftpm")
                breaking, output, build_seconds, check_seconds = our_verdict(change)
                results[change["id"]] = {"breaking": breaking, "build": round(build_seconds, 1),
                                         "check": round(check_seconds, 1), "output": output}
                verdict = "breaking" if breaking else "not breaking"
                if expected is None:
                    print(f"test-api: {label}: ours {verdict}; no SwiftPM verdict recorded (--against-swiftpm)")
                    failures += 1
                elif expected["breaking"] != breaking:
                    print(f"test-api: {label}: MISMATCH: ours {verdict}, SwiftPM "
                          f"{'breaking' if expected['breaking'] else 'not breaking'}\n{output}")
                    failures += 1
                else:
                    print(f"test-api: {label}: {verdict}, as SwiftPM "
                          f"(ours {build_seconds:.0f} s build + {check_seconds:.1f} s check; SwiftPM {expected['seconds']:.0f} s)",
                          flush=True)
                for needle in change.get("expectInOutput", []):
                    if needle not in output:
                        print(f"test-api: {label}: the check's output does not name {needle!r}:\n{output}")
                        failures += 1
        except LookupError as error:
            print(f"test-api: {label}: the change no longer applies to the workspace: {error}")
            failures += 1
        except RuntimeError as error:
            print(f"test-api: {label}: {error}")
            errors += 1
        finally:
            revert()
        with open(results_path, "w", encoding="utf-8") as handle:
            json.dump(results, handle, indent=2)
    return 2 if errors else 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
