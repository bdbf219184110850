#!/usr/bin/env python3
"""Scripts/test-api-verdicts: each injected API change of TABLE (Scripts/lib/api-changes.json), applied alone
to the contract module of a small fixture package in a temporary git repository whose one commit is the
baseline, judged by `Scripts/api check` (ours) and by `swift package diagnose-api-breaking-changes HEAD`
(SwiftPM); the verdicts (breaking or not) must be the same, except where the change's "divergence" says
why ours is stricter (a break SwiftPM's digester misses): there ours must say breaking and SwiftPM not.

  api-verdicts.py TABLE [--recorded] [--record] [--only ID,...]

  --recorded   no SwiftPM: compare with the verdicts TABLE recorded (seconds instead of minutes)
  --record     write this run's verdicts, messages and times into TABLE ("results", "times")
  --only IDS   only these changes

Environment: LAYER_LINT_BINARY (the lint, built), API_TEST_KEEP=1 keeps the temporary folder.
Exit 0 every verdict matches, 1 a mismatch (or a change that no longer applies), 2 a tool could not run,
64 bad usage.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time


def run(command, cwd, retries_on_signal=1):
    """Runs a command; returns (status, output, seconds). A SwiftPM crash by a signal is retried once."""
    start = time.monotonic()
    while True:
        result = subprocess.run(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if (result.returncode < 0 or 128 < result.returncode < 160) and retries_on_signal > 0:
            retries_on_signal -= 1
            print(f"  ({command[0]} died of a signal: running it once more)", flush=True)
            continue
        return result.returncode, result.stdout, time.monotonic() - start


def git(package, *arguments):
    # Fixed author and dates: the baseline commit depends only on the tree.
    environment = dict(os.environ, GIT_AUTHOR_DATE="2000-01-01T00:00:00Z", GIT_COMMITTER_DATE="2000-01-01T00:00:00Z")
    subprocess.run(["git", "-c", "user.name=test-api", "-c", "user.email=test-api@test.invalid",
                    "-c", "commit.gpgsign=false", *arguments], cwd=package, check=True, env=environment,
                   stdout=subprocess.DEVNULL)


def apply(path, edits):
    """Applies find/replace edits to the file at path; each find must occur exactly once."""
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    for edit in edits:
        count = text.count(edit["find"])
        if count != 1:
            raise LookupError(f"the change no longer applies to the fixture: the text to replace occurs {count} "
                              f"times, not once: {edit['find'][:60]!r}")
        text = text.replace(edit["find"], edit["replace"])
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)


class CannotRun(Exception):
    pass


def ours(package, lint, module):
    """Builds the module and runs the check: (breaking, output, build seconds, check seconds)."""
    status, output, build_seconds = run(["swift", "build", "--target", module], package)
    if status != 0:
        raise CannotRun("swift build failed:\n" + "\n".join(l for l in output.splitlines() if "error:" in l)[:1500])
    status, output, check_seconds = run([lint, "api", "check", "--no-build", module], package)
    if status not in (0, 1):
        raise CannotRun(f"api check exited {status}:\n{output}")
    if status == 0:
        raise LookupError("Scripts/api check found no difference: the change leaves the API file as it was")
    match = re.search(r"\((\d+) with breaking changes\)", output)
    if not match:
        raise CannotRun(f"api check printed no summary:\n{output}")
    return int(match.group(1)) > 0, output, build_seconds, check_seconds


def swiftpm(package, module, baselines):
    """SwiftPM's verdict: (breaking, its breakage lines, seconds)."""
    status, output, seconds = run(["swift", "package", "diagnose-api-breaking-changes", "HEAD", "--targets", module,
                                   "--baseline-dir", baselines], package)
    breakages = [line.strip() for line in output.splitlines() if "API breakage" in line]
    if status != 0 and not breakages:
        raise CannotRun(f"diagnose-api-breaking-changes exited {status} without a verdict:\n"
                        + "\n".join(output.splitlines()[-12:]))
    return status != 0, breakages, seconds


def word(breaking):
    return "breaking" if breaking else "not breaking"


def main(arguments):
    if not arguments or arguments[0].startswith("-"):
        print(__doc__, file=sys.stderr)
        return 64
    table_path, recorded, record, only = arguments[0], False, False, set()
    rest = arguments[1:]
    while rest:
        option = rest.pop(0)
        if option == "--recorded":
            recorded = True
        elif option == "--record":
            record = True
        elif option == "--only" and rest:
            only = set(filter(None, rest.pop(0).split(",")))
        else:
            print(f"test-api-verdicts: unknown argument {option} (see --help)", file=sys.stderr)
            return 64
    if recorded and record:
        print("test-api-verdicts: --record needs SwiftPM's verdicts: not with --recorded", file=sys.stderr)
        return 64
    lint = os.environ.get("LAYER_LINT_BINARY")
    if not lint:
        print("test-api-verdicts: LAYER_LINT_BINARY is not set (Scripts/test-api-verdicts sets it)", file=sys.stderr)
        return 2
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    with open(table_path, encoding="utf-8") as handle:
        table = json.load(handle)
    module, source = table["module"], table["file"]
    unknown = only - {change["id"] for change in table["changes"]}
    if unknown:
        print(f"test-api-verdicts: no change named {', '.join(sorted(unknown))}", file=sys.stderr)
        return 64
    changes = [change for change in table["changes"] if not only or change["id"] in only]
    previous = table.get("results", {})

    work = tempfile.mkdtemp(prefix="api-verdicts.")
    package = os.path.join(work, "package")
    started = time.monotonic()
    try:
        shutil.copytree(os.path.join(root, table["fixture"]), package, ignore=shutil.ignore_patterns(".build"))
        git(package, "init", "-q", "-b", "main")
        git(package, "add", "-A")
        git(package, "commit", "-qm", "the baseline")
        status, output, seconds = run(["swift", "build"], package)
        if status != 0:
            raise CannotRun("the fixture does not build:\n" + output[-1500:])
        print(f"test-api-verdicts: the baseline built ({seconds:.0f} s)", flush=True)
        status, output, _ = run([lint, "api", "check", "--no-build"], package)
        if status != 0:
            raise CannotRun(f"the fixture's API files do not match its build (Scripts/api dump --package-path "
                            f"{table['fixture']}):\n{output}")
        baselines = os.path.join(work, "baselines")
        times = {"ours": [], "swiftpm": []}
        # Ours on every change first, then SwiftPM's on every change: run in turns, each tool's build
        # settings would make the other plan and compile again.
        results, outputs, failures = {}, {}, 0
        for number, change in enumerate(changes, 1):
            try:
                apply(os.path.join(package, source), change["edits"])
                breaking, outputs[change["id"]], build_seconds, check_seconds = ours(package, lint, module)
                results[change["id"]] = {"ours": breaking, "oursSeconds": round(build_seconds + check_seconds, 1),
                                         "oursBuildSeconds": round(build_seconds, 1),
                                         "oursCheckSeconds": round(check_seconds, 1)}
                times["ours"].append(build_seconds + check_seconds)
                print(f"test-api-verdicts: [{number}/{len(changes)}] {change['id']}: ours {word(breaking)} "
                      f"({build_seconds:.1f} s build + {check_seconds:.1f} s check)", flush=True)
            except LookupError as error:
                print(f"test-api-verdicts: {change['id']}: {error}")
                failures += 1
            finally:
                git(package, "checkout", "-q", "--", ".")
        if not recorded:
            _, _, seconds = swiftpm(package, module, baselines)
            times["swiftpmBaseline"] = round(seconds, 1)
            print(f"test-api-verdicts: SwiftPM built and dumped the baseline ({seconds:.0f} s)", flush=True)
        for number, change in enumerate(changes, 1):
            result = results.get(change["id"])
            if result is None:
                continue
            if recorded:
                if change["id"] not in previous:
                    raise CannotRun(f"{change['id']}: no recorded SwiftPM verdict (run without --recorded, with --record)")
                result["swiftpm"] = previous[change["id"]]["swiftpm"]
                result["swiftpmMessages"] = previous[change["id"]].get("swiftpmMessages", [])
            else:
                try:
                    apply(os.path.join(package, source), change["edits"])
                    theirs, messages, seconds = swiftpm(package, module, baselines)
                finally:
                    git(package, "checkout", "-q", "--", ".")
                result.update(swiftpm=theirs, swiftpmSeconds=round(seconds, 1), swiftpmMessages=messages)
                times["swiftpm"].append(seconds)
            breaking, theirs, output = result["ours"], result["swiftpm"], outputs[change["id"]]
            note = ""
            if breaking:
                missing = [needle for needle in table["expectInBreakingOutput"] if needle not in output]
                if missing:
                    failures += 1
                    note = f"; the check does not name {missing}"
            divergence = change.get("divergence")
            if divergence:
                # A break SwiftPM's digester misses and ours reports, on purpose (the table says why).
                if breaking and not theirs:
                    verdict = "ours stricter than SwiftPM (not breaking), as the table records: " + divergence
                else:
                    verdict = (f"SwiftPM {word(theirs)}: the divergence the table records no longer holds "
                               "(update Scripts/lib/api-changes.json)")
                    failures += 1
            elif breaking == theirs:
                verdict = "as SwiftPM"
            else:
                verdict = f"MISMATCH: SwiftPM {word(theirs)}"
                failures += 1
            timing = f"ours {result['oursSeconds']:.1f} s"
            if "swiftpmSeconds" in result:
                timing += f", SwiftPM {result['swiftpmSeconds']:.1f} s"
            print(f"test-api-verdicts: [{number}/{len(changes)}] {change['id']}: {word(breaking)}, {verdict} "
                  f"({timing}){note}", flush=True)
            if (breaking != theirs and not divergence) or note:
                print("\n".join("    " + line for line in output.splitlines()))
                for line in result.get("swiftpmMessages", []):
                    print("    SwiftPM: " + line)
        matched = sum(1 for result in results.values() if result["ours"] == result.get("swiftpm"))
        stricter = sum(1 for change in changes if change.get("divergence"))
        print(f"test-api-verdicts: {matched} of {len(changes)} verdicts as SwiftPM's, {stricter} stricter on purpose "
              f"({sum(1 for r in results.values() if r.get('swiftpm'))} breaking, "
              f"{sum(1 for r in results.values() if not r.get('swiftpm'))} not breaking)")
        if times["ours"]:
            mean_ours = sum(times["ours"]) / len(times["ours"])
            line = f"test-api-verdicts: mean time a change: ours {mean_ours:.1f} s (build + check)"
            if times["swiftpm"]:
                mean_theirs = sum(times["swiftpm"]) / len(times["swiftpm"])
                line += (f", SwiftPM {mean_theirs:.1f} s with its baseline kept (+ {times['swiftpmBaseline']:.0f} s"
                         f" to build the baseline once): ours / SwiftPM = {mean_ours / mean_theirs:.2f}")
            print(line)
        print(f"test-api-verdicts: {time.monotonic() - started:.0f} s in all")
        if record:
            table["results"] = results
            table["times"] = {"oursMeanSeconds": round(sum(times["ours"]) / len(times["ours"]), 1),
                              "swiftpmMeanSeconds": round(sum(times["swiftpm"]) / len(times["swiftpm"]), 1),
                              "swiftpmBaselineSeconds": times["swiftpmBaseline"]}
            with open(table_path, "w", encoding="utf-8") as handle:
                json.dump(table, handle, indent=2, ensure_ascii=False)
                handle.write("\n")
            print(f"test-api-verdicts: recorded in {os.path.relpath(table_path, root)}")
        return 1 if failures else 0
    except CannotRun as error:
        print(f"test-api-verdicts: {error}", file=sys.stderr)
        return 2
    finally:
        if os.environ.get("API_TEST_KEEP"):
            print(f"test-api-verdicts: kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
