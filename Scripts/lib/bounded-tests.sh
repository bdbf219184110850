# Runs a test command so that a hang fails fast and nothing it started is left running.
# Sourced by Scripts/check; bash only (no python: a fresh machine may not have it).
#
#   bounded_tests LOG COMMAND...   runs COMMAND (`swift test …`) in a session of its own, shows and
#                                  appends its output to LOG, and returns its status. It is stopped
#                                  (every process of the session killed, status 124) when it
#                                  - runs longer than CHECK_TEST_TIME_LIMIT seconds (default 2700),
#                                  - prints nothing for CHECK_TEST_SILENCE_LIMIT seconds (default 600),
#                                  - has not exited CHECK_TEST_EXIT_GRACE seconds (default 120) after
#                                    Swift Testing said the run ended (a test process hung at exit);
#                                  the tests that started but never finished are named.
#   sweep_test_leftovers ROOT      names and kills processes the test harness started for the
#                                  checkout at ROOT (their environment carries TEST_HARNESS_RUN=ROOT#…)
#                                  that are still running after CHECK_LEFTOVER_GRACE seconds (default
#                                  10: the test process's watchdog kills them as it exits); returns 1
#                                  when there were any.

# "PID PPID SESSION" for every process (from /proc: a fresh machine may lack ps).
process_table() {
  local stat line rest
  for stat in /proc/[0-9]*/stat; do
    { read -r line <"$stat"; } 2>/dev/null || continue
    rest=${line##*) }
    # shellcheck disable=SC2086
    set -- $rest
    echo "${stat//[^0-9]/} $2 $4"
  done
}

# Kills (SIGKILL) every process of session SID, the leader last.
kill_session() {
  local sid=$1 pid ppid session
  while read -r pid ppid session; do
    if [[ "$session" == "$sid" && "$pid" != "$sid" ]]; then kill -KILL "$pid" 2>/dev/null; fi
  done < <(process_table)
  kill -KILL "$sid" 2>/dev/null
  return 0
}

# The tests a Swift Testing (or XCTest) log shows as started and not finished, one per line.
unfinished_tests() {
  LC_ALL=C awk '
    /^◇ Test .* started\.$/ && !/^◇ Test run started\.$/ {
      name = $0; sub(/^◇ Test /, "", name); sub(/ started\.$/, "", name); open[name]++
    }
    /^(✔|✘) Test .* (passed|failed) after / {
      name = $0; sub(/^[^ ]+ Test /, "", name); sub(/ (passed|failed) after .*$/, "", name); open[name]--
    }
    /^Test Case .* started/ { name = $0; sub(/^Test Case /, "", name); sub(/ started.*$/, "", name); open[name]++ }
    /^Test Case .* (passed|failed) \(/ {
      name = $0; sub(/^Test Case /, "", name); sub(/ (passed|failed) \(.*$/, "", name); open[name]--
    }
    END { for (name in open) if (open[name] > 0) print name }' "$1" | sort
}

bounded_tests() {
  local log=$1
  shift
  local limit=${CHECK_TEST_TIME_LIMIT:-2700} silence=${CHECK_TEST_SILENCE_LIMIT:-600}
  local grace=${CHECK_TEST_EXIT_GRACE:-120}
  local out pid shower status reason="" start=$SECONDS ended=""
  out="$(mktemp)"
  setsid "$@" >"$out" 2>&1 </dev/null &
  pid=$!
  tail -n +1 -f --pid="$pid" "$out" &
  shower=$!
  trap 'kill_session "$pid"; kill "$shower" 2>/dev/null; rm -f "$out"; exit 130' INT TERM
  while kill -0 "$pid" 2>/dev/null; do
    sleep 1
    local quiet=$(($(date +%s) - $(stat -c %Y "$out")))
    if [[ -z "$ended" ]] && grep -qE '^(✔|✘) Test run with [0-9]+ tests? .*(passed|failed) after' "$out"; then
      ended=$SECONDS
    fi
    if ((SECONDS - start > limit)); then
      reason="it ran longer than $limit s (CHECK_TEST_TIME_LIMIT)"
    elif ((quiet > silence)); then
      reason="it printed nothing for $quiet s (CHECK_TEST_SILENCE_LIMIT: $silence)"
    elif [[ -n "$ended" ]] && ((SECONDS - ended > grace)); then
      reason="the test process did not exit $grace s after its last test (CHECK_TEST_EXIT_GRACE)"
    fi
    if [[ -n "$reason" ]]; then
      kill_session "$pid"
      break
    fi
  done
  wait "$pid"
  status=$?
  wait "$shower" 2>/dev/null
  trap - INT TERM
  if [[ -n "$reason" ]]; then
    status=124
    {
      echo
      echo "check: stopped the test run: $reason; every process it started was killed."
      local running
      running="$(unfinished_tests "$out")"
      if [[ -n "$running" ]]; then
        echo "check: still running when it was stopped:"
        sed 's/^/  /' <<<"$running"
      else
        echo "check: no test was running when it was stopped."
      fi
    } | tee -a "$out"
  elif ((status != 0)) && ! grep -qE '^(✔|✘) Test run with [0-9]+ tests? ' "$out"; then
    # The test process ended without its result line: it crashed or was killed. Say so, and where.
    {
      echo
      echo "check: the test run ended without a result (exit status $status): the test process crashed or was killed."
      local running
      running="$(unfinished_tests "$out")"
      [[ -z "$running" ]] || { echo "check: running when it ended:"; sed 's/^/  /' <<<"$running"; }
    } | tee -a "$out"
  fi
  cat "$out" >>"$log"
  rm -f "$out"
  return "$status"
}

sweep_test_leftovers() {
  local root=$1 found=() environ pid variables waited
  for ((waited = 0; waited <= ${CHECK_LEFTOVER_GRACE:-10}; waited++)); do
    found=()
    for environ in /proc/[0-9]*/environ; do
      pid=${environ//[^0-9]/}
      [[ "$pid" == "$$" ]] && continue
      variables="$(tr '\0' '\n' 2>/dev/null <"$environ")" || continue
      if [[ $'\n'"$variables" == *$'\n'"TEST_HARNESS_RUN=$root#"* ]]; then found+=("$pid"); fi
    done
    ((${#found[@]} == 0)) && return 0
    # The test process's watchdog kills what it started as it exits: give it a moment.
    sleep 1
  done
  echo "check: ${#found[@]} process(es) the tests started were still running after the run (killed now):"
  for pid in "${found[@]}"; do
    echo "  $pid $(tr '\0' ' ' 2>/dev/null </proc/"$pid"/cmdline)"
    kill -KILL "$pid" 2>/dev/null
  done
  return 1
}
