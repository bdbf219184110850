# Sourced by the guard-rail scripts: puts the toolchain on PATH; builds Scripts/LayerLint once (release) and caches the binary.
# The build is redone only when a source file or the package manifest is newer than the binary.

if ! command -v swift >/dev/null 2>&1 && [[ -x /opt/swift/usr/bin/swift ]]; then
  export PATH="/opt/swift/usr/bin:$PATH"
fi

# Prints the path of the built `layer-lint` binary (or $LAYER_LINT_BINARY when set); on a failed build prints the compiler's
# output on stderr and returns 2.
layer_lint_binary() {
  local scripts_dir package binary log
  if [[ -n "${LAYER_LINT_BINARY:-}" && -x "${LAYER_LINT_BINARY}" ]]; then
    printf '%s\n' "$LAYER_LINT_BINARY"
    return 0
  fi
  scripts_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  package="$scripts_dir/LayerLint"
  binary="$package/.build/release/layer-lint"
  if [[ -x "$binary" && -z "$(find "$package/Sources" "$package/Package.swift" -newer "$binary" -print -quit 2>/dev/null)" ]]; then
    printf '%s\n' "$binary"
    return 0
  fi
  log="$(mktemp)"
  if ! swift build -c release --package-path "$package" >"$log" 2>&1; then
    echo "error: building Scripts/LayerLint failed:" >&2
    grep -E 'error|warning: unre' "$log" >&2 || cat "$log" >&2
    rm -f "$log"
    return 2
  fi
  rm -f "$log"
  touch "$binary"
  printf '%s\n' "$binary"
}

# Runs `layer-lint SUBCOMMAND --package-path <workspace root> ARGS…` in place of the calling script
# (lint-layers, module-graph, new-module); exits 2 when the lint cannot be built.
exec_layer_lint() {
  local subcommand="$1" binary root
  shift
  binary="$(layer_lint_binary)" || exit 2
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
  exec "$binary" "$subcommand" --package-path "$root" "$@"
}
