# Sourced by the guard-rail scripts: puts the toolchain on PATH; builds Scripts/LayerLint once (release) and caches the binary.
# The build is redone only when a source file or the package manifest is newer than the binary.
# The path that finds a fresh binary forks no process (bash builtins only): it runs before every lint.

if ! command -v swift >/dev/null 2>&1 && [[ -x /opt/swift/usr/bin/swift ]]; then
  export PATH="/opt/swift/usr/bin:$PATH"
fi

# The folder this file is in, and the workspace root, as absolute paths (`cd` is a builtin: no subshell).
_layer_lint_lib_dir="${BASH_SOURCE[0]%/*}"
[[ "$_layer_lint_lib_dir" == "${BASH_SOURCE[0]}" ]] && _layer_lint_lib_dir="."
_layer_lint_here="$PWD"
# Each `cd` from where the script was started, since the folder may be given relative to it.
cd "$_layer_lint_lib_dir" && _layer_lint_lib_dir="$PWD" && cd "$_layer_lint_lib_dir/../.." && _layer_lint_root="$PWD"
cd "$_layer_lint_here" || return 2
unset _layer_lint_here

# Sets LAYER_LINT_FOUND to the built `layer-lint` binary ($LAYER_LINT_BINARY when set), building it
# when it is missing or older than a source; on a failed build prints the compiler's output on stderr
# and returns 2.
find_layer_lint_binary() {
  if [[ -n "${LAYER_LINT_BINARY:-}" && -x "${LAYER_LINT_BINARY}" ]]; then
    LAYER_LINT_FOUND="$LAYER_LINT_BINARY"
    return 0
  fi
  local package="${_layer_lint_lib_dir%/lib}/LayerLint" source log stale=""
  local binary="$package/.build/release/layer-lint"
  if [[ -x "$binary" ]]; then
    local globstar=-u nullglob=-u
    shopt -q globstar && globstar=-s
    shopt -q nullglob && nullglob=-s
    shopt -s globstar nullglob
    for source in "$package/Package.swift" "$package"/Sources/**; do
      if [[ -f "$source" && "$source" -nt "$binary" ]]; then
        stale=1
        break
      fi
    done
    shopt "$globstar" globstar
    shopt "$nullglob" nullglob
    if [[ -z "$stale" ]]; then
      LAYER_LINT_FOUND="$binary"
      return 0
    fi
  fi
  log="$(mktemp)"
  # A minute of silence would look like a hang: say once why this run waits.
  echo "lint: building Scripts/LayerLint (release, once; again only when its sources change)..." >&2
  if ! swift build -c release --package-path "$package" >"$log" 2>&1; then
    echo "error: building Scripts/LayerLint failed:" >&2
    grep -E 'error|warning: unre' "$log" >&2 || cat "$log" >&2
    rm -f "$log"
    return 2
  fi
  rm -f "$log"
  touch "$binary"
  LAYER_LINT_FOUND="$binary"
}

# Prints the path of the built `layer-lint` binary (see find_layer_lint_binary); returns 2 when it cannot be built.
layer_lint_binary() {
  find_layer_lint_binary || return 2
  printf '%s\n' "$LAYER_LINT_FOUND"
}

# Runs `layer-lint SUBCOMMAND --package-path <workspace root> ARGS…` in place of the calling script
# (lint-layers, module-graph, new-module); exits 2 when the lint cannot be built.
exec_layer_lint() {
  local subcommand="$1"
  shift
  find_layer_lint_binary || exit 2
  exec "$LAYER_LINT_FOUND" "$subcommand" --package-path "$_layer_lint_root" "$@"
}
