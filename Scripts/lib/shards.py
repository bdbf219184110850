"""Test shards: which test targets `Scripts/check --shard I/N` runs, the recorded durations that
balance them, each shard's result file, and the merge of the results (python3 standard library).

Used by Scripts/check, Scripts/merge-shards and Scripts/test-workflows; also a command line for
Scripts/check (bash):

  shards.py plan I/N             the test targets of shard I of N, one a line
  shards.py describe I/N         one line: how many targets shard I of N runs, and its recorded seconds
  shards.py record XUNIT…        updates Scripts/test-durations.json from a full run's xunit files
  shards.py result FILE SHARD STATUS PASSED FAILED TARGETS_FILE [XUNIT…]
                                 writes a shard's result file (atomically)

The test targets are the `test` targets of the root Package.swift (`swift package dump-package`, in
a scratch folder of its own so that it never waits for a build's lock on .build).

The plan (deterministic): every test target weighs its recorded seconds; a target the durations file
does not know weighs the median of the recorded targets (1 s when none is recorded), so a new test
target is always run. Targets go, heaviest first (ties by name), each to the shard with the least
weight so far (ties to the lowest index): greedy longest-processing-time bin packing. Every target
lands in exactly one shard.

Balance: the load of a shard is the sum of its targets' weights; the plan is balanced when the
heaviest shard's load is at most 1.25 times the mean load (the sum of all weights divided by N).
A single target heavier than that bound makes every plan for that N unbalanced: split the target or
pick a smaller N.
"""
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ElementTree

SCRIPTS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROOT = os.path.dirname(SCRIPTS)
DURATIONS = os.path.join(SCRIPTS, "test-durations.json")
BALANCE_LIMIT = 1.25
# A full run rewrites a recorded value only when it moved by more than both of these (see record()).
RECORD_MIN_SECONDS = 1.0
RECORD_MIN_FRACTION = 0.2
GUARDRAILS = "guardrails"


class ShardError(Exception):
    """Bad input, with the exit code to leave with (64 usage, 65 data, 69 unavailable)."""

    def __init__(self, message, code):
        super().__init__(message)
        self.code = code


def parse_shard(text):
    """(I, N) from "I/N" with 1 <= I <= N, or GUARDRAILS; ShardError(64) otherwise."""
    if text == GUARDRAILS:
        return GUARDRAILS
    match = re.fullmatch(r"([0-9]{1,6})/([0-9]{1,6})", text)
    if not match:
        raise ShardError(f"--shard {text!r}: expected I/N (whole numbers, 1 <= I <= N) or {GUARDRAILS}", 64)
    index, count = int(match.group(1)), int(match.group(2))
    if count < 1 or not 1 <= index <= count:
        raise ShardError(f"--shard {text}: expected 1 <= I <= N", 64)
    return index, count


def swift():
    for folder in os.environ.get("PATH", "").split(os.pathsep):
        if os.access(os.path.join(folder, "swift"), os.X_OK):
            return "swift"
    return "/opt/swift/usr/bin/swift"


def test_targets(root=ROOT):
    """The names of the test targets of root's Package.swift, sorted."""
    scratch = os.path.join(root, ".build", "shards-manifest")
    try:
        result = subprocess.run(
            [swift(), "package", "--package-path", root, "--scratch-path", scratch, "dump-package"],
            capture_output=True, text=True)
    except OSError as error:
        raise ShardError(f"cannot run swift package dump-package: {error}", 69)
    if result.returncode != 0:
        last = (result.stderr.strip().splitlines() or ["no output"])[-1]
        raise ShardError(f"Package.swift does not load: {last}", 65)
    text = result.stdout
    try:
        manifest = json.loads(text[text.index("{"):])
    except ValueError:
        raise ShardError("swift package dump-package printed no JSON", 70)
    return sorted(t["name"] for t in manifest.get("targets", []) if t.get("type") == "test")


def load_durations(path=DURATIONS):
    """{target: seconds} from the durations file; {} when there is none."""
    try:
        with open(path, encoding="utf-8") as handle:
            document = json.load(handle)
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as error:
        raise ShardError(f"{os.path.relpath(path, ROOT)}: cannot read: {error}", 65)
    seconds = document.get("seconds") if isinstance(document, dict) else None
    if not isinstance(seconds, dict) or not all(
            isinstance(v, (int, float)) and not isinstance(v, bool) and v >= 0 for v in seconds.values()):
        raise ShardError(f"{os.path.relpath(path, ROOT)}: expected {{\"seconds\": {{target: seconds ≥ 0}}}}", 65)
    return {str(k): float(v) for k, v in seconds.items()}


def weights(targets, durations):
    """{target: weight} for the plan: recorded seconds, or the default for a target not recorded."""
    known = [durations[t] for t in targets if t in durations]
    default = statistics.median(known) if known else 1.0
    return {t: durations.get(t, default) for t in targets}


def plan(targets, durations, count):
    """The N shards (lists of target names, each sorted) of the greedy plan described above."""
    weight = weights(targets, durations)
    shards = [[] for _ in range(count)]
    loads = [0.0] * count
    for target in sorted(targets, key=lambda t: (-weight[t], t)):
        lightest = min(range(count), key=lambda i: (loads[i], i))
        shards[lightest].append(target)
        loads[lightest] += weight[target]
    return [sorted(s) for s in shards]


def loads(shards, weight):
    return [sum(weight[t] for t in shard) for shard in shards]


def balance(shards, weight):
    """(heaviest load, mean load): balanced when heaviest <= BALANCE_LIMIT * mean."""
    shard_loads = loads(shards, weight)
    return max(shard_loads), sum(shard_loads) / len(shard_loads)


def measured(xunit_files):
    """{target: seconds} summed over the test cases of Swift Testing / XCTest xunit files: a test
    case's classname starts with its target's module name ("EndToEndTests.StationTests")."""
    seconds = {}
    for path in xunit_files:
        if not os.path.exists(path):
            continue
        try:
            root = ElementTree.parse(path).getroot()
        except (OSError, ElementTree.ParseError) as error:
            raise ShardError(f"{path}: not an xunit file: {error}", 65)
        for case in root.iter("testcase"):
            module = (case.get("classname") or "").split(".")[0]
            if not module:
                continue
            try:
                time = float(case.get("time") or 0)  # a skipped test has no time
            except ValueError:
                raise ShardError(f"{path}: test case {case.get('name')!r} has time {case.get('time')!r}", 65)
            seconds[module] = seconds.get(module, 0.0) + time
    return seconds


def write_json(path, document):
    """Writes path whole or not at all."""
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=".shards-")
    try:
        # The mode an ordinary file gets (mkstemp's is 0600), or the one the file has.
        umask = os.umask(0)
        os.umask(umask)
        mode = os.stat(path).st_mode & 0o777 if os.path.exists(path) else 0o666 & ~umask
        os.fchmod(handle, mode)
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump(document, out, indent=2, sort_keys=True)
            out.write("\n")
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


ABOUT = ("Seconds each test target's tests take in Scripts/check (the sum of its test cases' times in "
         "Swift Testing's xunit output, one test at a time). Scripts/check --shard I/N balances its shards "
         "by them; a full Scripts/check rewrites a value that moved by more than 1 s and 20 %, adds new "
         "targets and drops gone ones (Scripts/README.md, Shards).")


def record(xunit_files, targets, path=DURATIONS):
    """Updates the durations file from a full, passed run: a target's value is replaced when the
    measured one differs by more than RECORD_MIN_SECONDS and RECORD_MIN_FRACTION of it (so that the
    checked-in file does not change on every run), new targets are added, gone ones dropped; a target
    the xunit files do not name keeps its value. Returns the lines that say what changed, or None (and
    writes nothing) when the files hold no test case at all."""
    old = load_durations(path)
    now = measured(xunit_files)
    if not now:
        # No xunit file was read: nothing was measured, and zeros would spoil every shard plan.
        return None
    new, changes = {}, []
    for target in targets:
        before = old.get(target)
        if target not in now:
            # A target the xunit files do not name (it ran no test case) keeps what was recorded.
            new[target] = before if before is not None else 0.0
            if before is None:
                changes.append(f"{target} added (0 s)")
            continue
        seconds = round(now[target], 2)
        if before is None:
            new[target] = seconds
            changes.append(f"{target} added ({seconds:g} s)")
        elif abs(seconds - before) > max(RECORD_MIN_SECONDS, RECORD_MIN_FRACTION * before):
            new[target] = seconds
            changes.append(f"{target} {before:g} s -> {seconds:g} s")
        else:
            new[target] = before
    changes += [f"{target} dropped (no longer a test target)" for target in sorted(set(old) - set(targets))]
    if changes or not os.path.exists(path):
        write_json(path, {"about": ABOUT, "seconds": new})
    return changes


def shard_name(shard):
    return shard if shard == GUARDRAILS else f"{shard[0]}/{shard[1]}"


def result_file_name(shard):
    return f"{GUARDRAILS}.json" if shard == GUARDRAILS else f"shard-{shard[0]}-of-{shard[1]}.json"


def write_result(path, shard, status, passed, failed, targets, xunit_files):
    """A shard's result, for Scripts/merge-shards: its name, status, test counts, the test targets it
    ran and the seconds each took."""
    write_json(path, {
        "shard": shard_name(shard),
        "status": "passed" if status == 0 else "failed",
        "exitStatus": status,
        "passed": passed,
        "failed": failed,
        "targets": sorted(targets),
        "seconds": {k: round(v, 2) for k, v in sorted(measured(xunit_files).items())},
    })


def main(arguments):
    if not arguments:
        raise ShardError("usage: shards.py plan|describe I/N | record XUNIT… | result …", 64)
    command, rest = arguments[0], arguments[1:]
    if command in ("plan", "describe") and len(rest) == 1:
        shard = parse_shard(rest[0])
        if shard == GUARDRAILS:
            raise ShardError(f"{command}: the guard rails run no test target", 64)
        index, count = shard
        targets = test_targets()
        durations = load_durations()
        shards = plan(targets, durations, count)
        mine = shards[index - 1]
        if command == "plan":
            print("\n".join(mine))
        else:
            weight = weights(targets, durations)
            load = sum(weight[t] for t in mine)
            total = sum(weight.values())
            unknown = [t for t in mine if t not in durations]
            print(f"shard {index}/{count}: {len(mine)} of {len(targets)} test targets, {load:.0f} s of "
                  f"{total:.0f} s recorded" + (f" ({len(unknown)} not recorded yet)" if unknown else ""))
        return 0
    if command == "record" and rest:
        changes = record(rest, test_targets())
        name = os.path.relpath(DURATIONS, ROOT)
        if changes is None:
            print(f"{name}: not updated (the run's xunit files hold no test case)")
        elif changes:
            shown = changes if len(changes) <= 6 else changes[:5] + [f"and {len(changes) - 5} more"]
            print(f"{name}: {'; '.join(shown)} (commit it)")
        else:
            print(f"{name}: unchanged (no target moved by more than 1 s and 20 %)")
        return 0
    if command == "result" and len(rest) >= 6:
        path, shard, status, passed, failed, targets_file = rest[:6]
        with open(targets_file, encoding="utf-8") as handle:
            targets = [line.strip() for line in handle if line.strip()]
        write_result(path, parse_shard(shard), int(status), int(passed), int(failed), targets, rest[6:])
        return 0
    raise ShardError(f"usage: shards.py plan|describe I/N | record XUNIT… | result … (not {' '.join(arguments)})", 64)


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except ShardError as error:
        print(f"shards: {error}", file=sys.stderr)
        sys.exit(error.code)
