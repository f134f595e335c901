#!/usr/bin/env bash
# Edit-to-reload latency of `gpuguide serve` (issue 16): from a file's save to the open page's
# reload in Chromium, medians of ROUNDS edits — on a copy of the real guide (a prose edit of a
# chapter, a price edit) and on the synthetic site of N pages × 3 languages next to
# `hugo server` on the same site (a prose edit of the same page). Targets: a prose edit
# ≤ 300 ms, a price edit ≤ 1 s.
#   tests/bench/serve_latency.sh [ROUNDS] [N]     (default 5 rounds, N = 300)
# Needs the browser test tools (`.ci/setup --tests`: Chromium, tests/browser/node_modules);
# installs hugo from Debian when missing. Servers listen on 127.0.0.1 only.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
rounds=${1:-5}
n=${2:-300}
need_package hugo hugo
[[ -d $bench_repo/tests/browser/node_modules/playwright-core ]] ||
  { echo "bench: run .ci/setup --tests first (playwright-core)" >&2; exit 2; }
tmp=$(bench_tmp)
trap 'rm -rf "$tmp"' EXIT
snapshot_gpuguide "$tmp"
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
latency() { (cd "$bench_repo" && node tests/bench/serve_latency.mjs "$@") | tee -a "$tmp/results"; }

# The real guide.
guide=$tmp/guide
mkdir -p "$guide"
cp -r "$bench_repo"/{data,content,templates,assets} "$guide/"
latency "$rounds" "gpuguide (the guide)" "$guide" /en/guide/memory/ "$guide/content/en/guide/memory.md" prose \
  -- "$GPUGUIDE" serve --root "$guide" --port "$(free_port)"
latency "$rounds" "gpuguide (the guide)" "$guide" /en/gpus/ "$guide/data/prices.json" price \
  -- "$GPUGUIDE" serve --root "$guide" --port "$(free_port)"

# The synthetic site, both tools.
python3 "$here/synthetic.py" --pages "$n" --gpuguide "$GPUGUIDE" "$tmp/syn" >/dev/null
latency "$rounds" "gpuguide (synthetic N=$n)" "$tmp/syn/gpuguide" /en/s/0001/ "$tmp/syn/gpuguide/content/en/s/0001.md" prose \
  -- "$GPUGUIDE" serve --root "$tmp/syn/gpuguide" --port "$(free_port)"
latency "$rounds" "hugo server (synthetic N=$n)" "$tmp/syn/hugo" /en/s/0001/ "$tmp/syn/hugo/content/en/s/0001.md" prose \
  -- hugo server --source "$tmp/syn/hugo" --bind 127.0.0.1 --port "$(free_port)"

echo
echo "$(hugo version | awk '{print $1, $2}' | sed 's/+.*//'), $("$GPUGUIDE" --version), $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg)"
med_of() { grep -F "$1" "$tmp/results" | sed -n 's/.* median \([0-9.]*\) ms.*/\1/p' | head -1; }
p=$(med_of "gpuguide (the guide) prose"); q=$(med_of "gpuguide (the guide) price")
printf 'target: guide prose edit reloaded <= 300 ms: %s ms, %s\n' "$p" "$(verdict "$p" le 300)"
printf 'target: guide price edit reloaded <= 1000 ms: %s ms, %s\n' "$q" "$(verdict "$q" le 1000)"
