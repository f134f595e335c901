#!/usr/bin/env bash
# Incremental builds of the real guide (issue 16): on a temporary copy of data/, content/,
# templates/ and assets/, with the cache on (ROOT/.cache in the copy), medians of ROUNDS of
#   cold build        empty cache, empty output
#   no change         the same build again
#   one-price edit    the price of one observation in data/prices.json changed
#   one-page edit     a sentence appended to content/en/guide.md
#   price edit again  another price, after those edits (a maintainer's loop: the first price
#                     edit after a cold build has no standby tree yet, this one has)
# with their ratios to the cold build against the issue's targets (≤ 5 %, ≤ 15 %, ≤ 10 %),
# and the cold build without the cache (--no-cache) for reference. Every edit is a new
# value, every build must exit 0, and every edited build must change the page it reaches.
#   tests/bench/incremental.sh [ROUNDS]        (default 5)
# GPUGUIDE=path picks the binary (default ./build/gpuguide); BASELINE_GPUGUIDE=path also
# times an older binary's cold build, for the target "cold build at most half of today's".
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
rounds=${1:-5}
repo=$bench_repo
tmp=$(bench_tmp)
trap 'rm -rf "$tmp"' EXIT
gpuguide_path=$GPUGUIDE
snapshot_gpuguide "$tmp"
root=$tmp/guide

# The copy: the tracked files when this is a git checkout (with their working-tree edits).
mkdir -p "$root"
if git -C "$repo" rev-parse --git-dir >/dev/null 2>&1; then
  (cd "$repo" && git ls-files -z data content templates assets | xargs -0 cp --parents -t "$root")
else
  cp -r "$repo/data" "$repo/content" "$repo/templates" "$repo/assets" "$root"
fi

# The observation to edit: the newest sourced (not estimated) price of the RTX 4090, a
# current price that rankings and value tables on many pages read.
read -r obs base < <(python3 - "$root/data/prices.json" <<'EOF'
import json, sys
obs = json.load(open(sys.argv[1], encoding="utf-8"))["observations"]
i = max((i for i, o in enumerate(obs) if o["gpu"] == "rtx-4090" and not o.get("estimated")),
        key=lambda i: obs[i]["date"])
print(i, obs[i]["price"])
EOF
)
set_price() {  # the obs-th "price": value in the file becomes $1
  python3 - "$root/data/prices.json" "$obs" "$1" <<'EOF'
import re, sys
path, index, value = sys.argv[1], int(sys.argv[2]), sys.argv[3]
text = open(path, encoding="utf-8").read()
m = list(re.finditer(r'"price": *([0-9.]+)', text))[index]
open(path, "w", encoding="utf-8").write(text[:m.start(1)] + value + text[m.end(1):])
EOF
}
page=$root/site/en/gpus/rtx-4090/index.html
guide=$root/site/en/guide/index.html

build() {  # build PREFIX ARGS…: one timed build of the copy that must exit 0
  local prefix=$1; shift
  measure "$prefix" "$tmp/log" -- "$@" ||
    { cat "$tmp/log" >&2; echo "incremental: build failed: $*" >&2; exit 1; }
}
changed() {  # changed FILE SUM-BEFORE WHAT: the edit must have reached FILE
  [[ $(md5sum <"$1") != "$2" ]] || { echo "incremental: $3 did not change ${1#"$root"/}: no real rebuild" >&2; exit 1; }
}

declare -A R
for ((r = 1; r <= rounds; r++)); do
  rm -rf "$root/site" "$root/.site.standby" "$root/.cache"
  build m "$GPUGUIDE" build --root "$root" --no-cache; R[nocache]+="$m_wall "; R[nocache_cpu]+="$m_cpu "
  if [[ -n ${BASELINE_GPUGUIDE:-} ]]; then
    rm -rf "$root/site" "$root/.site.standby"
    build m "$BASELINE_GPUGUIDE" build --root "$root"; R[baseline]+="$m_wall "; R[baseline_cpu]+="$m_cpu "
    rm -rf "$root/.cache"
  fi
  rm -rf "$root/site" "$root/.site.standby" "$root/.cache"
  build m "$GPUGUIDE" build --root "$root"; R[cold]+="$m_wall "; R[cold_cpu]+="$m_cpu "; R[rss]+="$m_rss "
  build m "$GPUGUIDE" build --root "$root"; R[nochange]+="$m_wall "; R[nochange_cpu]+="$m_cpu "

  before=$(md5sum <"$page")
  set_price "$(awk -v b="$base" -v r="$r" 'BEGIN{print b + 10 * r}')"
  build m "$GPUGUIDE" build --root "$root"; R[price]+="$m_wall "; R[price_cpu]+="$m_cpu "
  changed "$page" "$before" "the price edit"

  before=$(md5sum <"$guide")
  printf '\nBenchmark edit number %d of this paragraph.\n' "$r" >>"$root/content/en/guide.md"
  build m "$GPUGUIDE" build --root "$root"; R[prose]+="$m_wall "; R[prose_cpu]+="$m_cpu "
  changed "$guide" "$before" "the prose edit"
  grep -q "Benchmark edit number $r of" "$guide" || { echo "incremental: edit $r missing from the guide page" >&2; exit 1; }

  # The same price edit again, now in a maintainer's loop of edits: the build before this one
  # replaced a site, so its standby tree is there to stage into (write/commit_site.h).
  before=$(md5sum <"$page")
  set_price "$(awk -v b="$base" -v r="$r" 'BEGIN{print b + 10 * r + 5}')"
  build m "$GPUGUIDE" build --root "$root"; R[price_loop]+="$m_wall "; R[price_loop_cpu]+="$m_cpu "
  changed "$page" "$before" "the second price edit"
done

med() { median <<<"${R[$1]}"; }
cold=$(med cold)
pct() { awk -v a="$1" -v b="$cold" 'BEGIN{printf "%.1f", 100 * a / b}'; }
pages=$(find "$root/site" -name '*.html' | wc -l)
echo
printf 'real guide (%d HTML pages), cache in ROOT/.cache, medians of %d rounds on %d cores;\n%s (%s)\n\n' \
  "$pages" "$rounds" "$(nproc)" "$("$GPUGUIDE" --version)" "$gpuguide_path"
printf '%-30s %7s %7s %8s   %s\n' "" "wall s" "CPU s" "of cold" "target"
row() {  # label key target-percent
  local w; w=$(med "$2")
  local p; p=$(pct "$w")
  local t="" ; [[ -n $3 ]] && t="≤ $3 %: $(verdict "$p" le "$3")"
  printf '%-30s %7.3f %7.3f %7s%%   %s\n' "$1" "$w" "$(med "$2_cpu")" "$p" "$t"
}
row "cold build (empty cache)" cold ""
row "no-change rebuild" nochange 5
row "one-price edit (rtx-4090)" price 15
row "one-page prose edit (guide)" prose 10
row "one-price edit, in a loop" price_loop 15
row "cold build, --no-cache" nocache ""
printf '%-30s %7d MiB\n' "peak RSS, cold build" "$(med rss)"
if [[ -n ${BASELINE_GPUGUIDE:-} ]]; then
  row "cold build, baseline binary" baseline ""
  h=$(ratio "$cold" "$(med baseline)")
  printf 'cold build ÷ baseline (%s) ≤ 0.5: %.2f %s\n' "$BASELINE_GPUGUIDE" "$h" "$(verdict "$h" le 0.5)"
else
  echo "cold build at most half of today's: not measured (set BASELINE_GPUGUIDE=path to an older binary)"
fi
