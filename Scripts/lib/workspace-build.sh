# Sourced by the scripts that build the workspace (Scripts/check, test-secrets, test-new-module): one
# build command and one environment for every build of a run, and a view of the checkout with some of
# its paths replaced that no other process sees. Bash only.
#
#   workspace_build ARGS...   `swift build ARGS...` in the environment every build shares (below).
#                             SwiftPM compiles its plugins again and plans the whole build again when
#                             the environment differs in any variable (SHLVL, a temporary GNUPGHOME),
#                             and a new plan relinks the plugins' tools and reruns every plugin
#                             command: a minute of work for nothing on two cores.
#   retrying_signal COMMAND…  COMMAND, and once more when it dies of a signal (SwiftPM crashes now and
#                             then with signal 11 in `_dispatch_event_loop_drain`, a known defect of
#                             swift-build on Linux), saying so on one line on standard error.
#   WORKSPACE_BUILD_ARGUMENTS the arguments of Scripts/check's build (every target and the tests, the
#                             explicit import check); a later build with the same ones compiles only
#                             what changed since.
#   private_mounts_available  whether this machine lets a command see a folder in place of another
#                             (a private mount namespace: root, or unprivileged user namespaces).
#   with_mounts SOURCE TARGET [SOURCE TARGET …] -- COMMAND…
#                             runs COMMAND in a private mount namespace in which each TARGET (a file or
#                             folder that exists) shows SOURCE; every other process, and everything
#                             after COMMAND, still sees TARGET as it is: a failure or kill -9 leaves
#                             nothing mounted and TARGET untouched. COMMAND starts in the current folder
#                             looked up again (so under a mounted TARGET, in SOURCE). Returns 70 when a
#                             mount does not take (no command run).

WORKSPACE_BUILD_ARGUMENTS=(--build-tests --explicit-target-dependency-import-check=error)

# The variables a build keeps (when set); everything else is left out.
_workspace_build_variables=(PATH HOME TMPDIR LANG LC_ALL XDG_CACHE_HOME XDG_CONFIG_HOME ISS_SECRETS_EXPORT)

retrying_signal() {
  local status=0
  "$@" || status=$?
  if ((status > 128 && status < 160)); then
    echo "workspace-build: ${1##*/} died of signal $((status - 128)) (a known SwiftPM defect on Linux); running it once more" >&2
    status=0
    "$@" || status=$?
  fi
  return "$status"
}

workspace_build() {
  local kept=() name
  for name in "${_workspace_build_variables[@]}"; do
    [[ -n "${!name+set}" ]] && kept+=("$name=${!name}")
  done
  retrying_signal env -i "${kept[@]}" swift build "$@"
}

_private_mounts_command() {
  _private_mounts=(unshare --mount --propagation private)
  [[ "$(id -u)" == 0 ]] || _private_mounts+=(--map-root-user)
}

private_mounts_available() {
  command -v unshare >/dev/null 2>&1 || return 1
  local probe
  probe="$(mktemp -d)" || return 1
  mkdir "$probe/source" "$probe/target" && touch "$probe/source/seen"
  _private_mounts_command
  "${_private_mounts[@]}" -- sh -c 'mount --bind "$1/source" "$1/target" && test -e "$1/target/seen"' sh "$probe" \
    >/dev/null 2>&1
  local status=$?
  [[ ! -e "$probe/target/seen" ]] || status=1 # the mount must not be seen outside
  rm -rf "$probe"
  return "$status"
}

with_mounts() {
  local pairs=()
  while [[ $# -gt 0 && "$1" != "--" ]]; do
    pairs+=("$1" "$2")
    shift 2
  done
  shift
  _private_mounts_command
  "${_private_mounts[@]}" -- bash -c '
    count=$1
    shift
    for ((i = 0; i < count; i += 2)); do
      source=$1 target=$2
      shift 2
      mount --bind "$source" "$target" || exit 70
      # The mount took: the target is the source now (same device and inode).
      [[ "$(stat -L -c %d:%i "$target")" == "$(stat -L -c %d:%i "$source")" ]] || exit 70
    done
    cd "$PWD" || exit 70
    exec "$@"' bash "${#pairs[@]}" "${pairs[@]}" "$@"
}
