#!/usr/bin/env bash
# Builds the real site, serves it on 127.0.0.1 and checks a sample of its pages in Chromium
# with axe-core (tests/browser/axe.mjs): accessibility violations of impact serious or
# critical, console errors, requests to other hosts, sideways scrolling at 360 px.
# Fails on any of those, on a failed build, and when the tools are not installed.
#   usage: tests/browser/axe.sh GPUGUIDE_BINARY SOURCE_DIR OUT_DIR
# ctest runs it as the test 'axe_a11y' (see tests/CMakeLists.txt).
set -euo pipefail

if [[ $# -ne 3 ]]; then
  echo "usage: $0 GPUGUIDE_BINARY SOURCE_DIR OUT_DIR" >&2
  exit 2
fi
gpuguide=$1
source_dir=$2
out_dir=$(realpath -m "$3")
here=$(cd "$(dirname "$0")" && pwd)
chromium=/usr/bin/chromium

missing=()
command -v node >/dev/null 2>&1 || missing+=("node (package nodejs)")
command -v python3 >/dev/null 2>&1 || missing+=("python3")
[[ -x "$chromium" ]] || missing+=("$chromium (package chromium)")
[[ -f "$here/node_modules/playwright-core/package.json" ]] \
  || missing+=("$here/node_modules/playwright-core (npm package playwright-core)")
[[ -f "$here/node_modules/axe-core/axe.min.js" ]] \
  || missing+=("$here/node_modules/axe-core (npm package axe-core)")
if ((${#missing[@]})); then
  echo "axe_a11y: FAILED: missing ${missing[*]}" >&2
  echo "axe_a11y: run '.ci/setup --tests' from the repository root to install the test tools" >&2
  exit 1
fi

echo "axe_a11y: building $source_dir into $out_dir"
if ! "$gpuguide" build --root "$source_dir" --out "$out_dir"; then
  echo "axe_a11y: FAILED: the site does not build (diagnostics above); nothing was checked" >&2
  exit 1
fi

server_pid=""
server_log=$(mktemp "${TMPDIR:-/tmp}/gpuguide-axe-server.XXXXXX")
cleanup() {
  if [[ -n "$server_pid" ]]; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -f "$server_log"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Serve the site on a free port. The port is free when chosen but could be taken before the
# server binds it: try a few ports, each with a bounded wait for the server to answer.
free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}
answers() {  # exit 0 when http://127.0.0.1:$1/ answers
  python3 - "$1" <<'EOF' >/dev/null 2>&1
import sys, urllib.request
urllib.request.urlopen(f"http://127.0.0.1:{sys.argv[1]}/", timeout=2).read()
EOF
}
port=""
for attempt in 1 2 3; do
  candidate=$(free_port)
  python3 -m http.server "$candidate" --bind 127.0.0.1 --directory "$out_dir" >"$server_log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 50); do          # up to ~10 s
    if answers "$candidate"; then port=$candidate; break; fi
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 0.2
  done
  [[ -n "$port" ]] && break
  kill "$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
  server_pid=""
  echo "axe_a11y: the file server did not start on port $candidate (attempt $attempt):" >&2
  sed 's/^/  /' "$server_log" >&2
done
if [[ -z "$port" ]]; then
  echo "axe_a11y: FAILED: could not serve $out_dir on 127.0.0.1" >&2
  exit 1
fi
echo "axe_a11y: serving $out_dir on http://127.0.0.1:$port/"

status=0
(cd "$here" && timeout --kill-after=10 720 node axe.mjs "http://127.0.0.1:$port") || status=$?
if ((status == 124 || status == 137)); then
  echo "axe_a11y: FAILED: the browser checks did not finish in 12 minutes" >&2
fi
exit "$status"
