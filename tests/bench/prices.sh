#!/usr/bin/env bash
# Price benchmarks of issue 30, on a private clone of HEAD of the real guide (the checkout is
# not touched), cache on (ROOT/.cache), medians of ROUNDS:
#   (a) the maintainer's loop: `gpuguide prices add …` (one new observation, dated today),
#       then an incremental build, then `gpuguide review HEAD`: each wall time and their sum
#       (target: at most 3 s);
#       and whether review reused the cache build wrote (gpuguide-review is another executable:
#       the cache is keyed on the sources' identity, base/source_identity.h);
#   (b) that build against a cold build (empty cache, empty output): wall and CPU time ratios
#       and the pages rendered anew (`build --explain`) as a share of the cold build's (target:
#       at most 20 %), with the fr and zh-Hans pages among them; the incremental site must be
#       byte-identical to a cold build of the same inputs;
#   (b2) the same for a card with its own EU and CN prices (a new RTX 5090 in the US): its
#       observation reaches the en pages only (the RTX 4090 of (b) has no EU or CN price, so
#       its EU and CN prices are the US one converted, and every ranking of every language
#       moves with it); and the build that undoes it (pages found under the earlier values);
#   (c) a cold build (--no-cache) with three regions against the binary before regions
#       (BASE_BIN on BASE_ROOT), alternating, medians of ROUNDS (target: at most 1.3).
#   tests/bench/prices.sh [ROUNDS] [BASE_BIN BASE_ROOT]
#       default 3 rounds; without BASE_BIN, (c) is skipped.
# e.g. tests/bench/prices.sh 3 /tmp/main-before-regions/gpuguide /tmp/main-before-regions/root
# GPUGUIDE=path picks the binary under test (default ./build/gpuguide). Prints the load
# average before and after: these machines are shared.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
rounds=${1:-3}
base_bin=${2:-}
base_root=${3:-}
tmp=$(bench_tmp)
trap 'rm -rf "$tmp"' EXIT
snapshot_gpuguide "$tmp"
if [[ -n $base_bin ]]; then  # a copy taken now, with the chart renderer it loads
  mkdir -p "$tmp/base"
  cp "$base_bin" "$tmp/base/gpuguide"
  [[ -e $(dirname "$base_bin")/gpuguide-charts.so ]] && cp "$(dirname "$base_bin")/gpuguide-charts.so" "$tmp/base/"
  base_bin=$tmp/base/gpuguide
fi
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)  ($(nproc) cores)"

repo=$tmp/repo
git clone -q --no-hardlinks "$bench_repo" "$repo"
today=$(date -u +%F)

# One new observation of a card the rankings read (a new RTX 4090 in the US), dated today,
# at a price that moves with the round (every round is a real change).
add_args() {  # add_args ROUND
  echo rtx-4090 "$((1650 + 7 * $1))" --root "$repo" --condition new --region US --kind listing \
    --date "$today" --url "https://example.com/bench/rtx-4090/$1"
}
build() {  # build PREFIX ARGS…: one timed command that must exit 0
  local prefix=$1; shift
  measure "$prefix" "$tmp/log" -- "$@" ||
    { cat "$tmp/log" >&2; echo "prices.sh: failed: $*" >&2; exit 1; }
}
rendered() { grep -c '^  rendered ' "$1" || true; }

rendered_other() { grep -c '^  rendered \(fr\|zh-Hans\)/' "$1" || true; }

declare -A R
reused=yes
for ((r = 1; r <= rounds; r++)); do
  (cd "$repo" && git checkout -q -- data/prices.json)
  rm -rf "$repo/site" "$repo/.site.standby" "$repo/.cache"
  build m "$GPUGUIDE" build --root "$repo" --explain; R[cold]+="$m_wall "; R[cold_cpu]+="$m_cpu "
  cold_pages=$(rendered "$tmp/log")
  # shellcheck disable=SC2046
  build m "$GPUGUIDE" prices add $(add_args "$r") --source "Benchmark fixture (not real data)"
  R[add]+="$m_wall "; R[add_cpu]+="$m_cpu "
  build m "$GPUGUIDE" build --root "$repo" --explain; R[incr]+="$m_wall "; R[incr_cpu]+="$m_cpu "
  R[pages]+="$(rendered "$tmp/log") "; R[cold_pages]+="$cold_pages "
  R[pages_other]+="$(rendered_other "$tmp/log") "
  build m "$GPUGUIDE" review HEAD --root "$repo" --format markdown
  R[review]+="$m_wall "; R[review_cpu]+="$m_cpu "
  ! grep -q 'another build' "$tmp/log" || reused=NO
  # (b2): back to the committed prices (found in the cache), then a card priced in every region.
  (cd "$repo" && git checkout -q -- data/prices.json)
  build m "$GPUGUIDE" build --root "$repo" --explain; R[undo_pages]+="$(rendered "$tmp/log") "
  build m "$GPUGUIDE" prices add rtx-5090 "$((3900 + 7 * r))" --root "$repo" --condition new \
    --region US --kind listing --date "$today" --url "https://example.com/bench/rtx-5090/$r" \
    --source "Benchmark fixture (not real data)"
  build m "$GPUGUIDE" build --root "$repo" --explain; R[own]+="$m_wall "; R[own_cpu]+="$m_cpu "
  R[own_pages]+="$(rendered "$tmp/log") "; R[own_other]+="$(rendered_other "$tmp/log") "
done

# The incremental site against a cold build of the same inputs: byte-identical.
rm -rf "$tmp/cold-site"
"$GPUGUIDE" build --root "$repo" --out "$tmp/cold-site" --no-cache >/dev/null 2>&1
if diff -r -q "$repo/site" "$tmp/cold-site" >"$tmp/diff" 2>&1; then identical=yes; else identical=NO; fi

med() { echo "${R[$1]}" | median; }
add=$(med add); incr=$(med incr); review=$(med review); cold=$(med cold)
loop=$(awk -v a="$add" -v b="$incr" -v c="$review" 'BEGIN{printf "%.3f", a + b + c}')
loop_cpu=$(awk -v a="$(med add_cpu)" -v b="$(med incr_cpu)" -v c="$(med review_cpu)" 'BEGIN{printf "%.3f", a + b + c}')
pages=$(med pages); cold_pages=$(med cold_pages)
share=$(ratio "$pages" "$cold_pages")
printf '(a) prices add %.3f s + incremental build %.3f s + review %.3f s = %.3f s   (target <= 3 s: %s)\n' \
  "$add" "$incr" "$review" "$loop" "$(verdict "$loop" le 3)"
printf '    CPU: %.3f + %.3f + %.3f = %.3f s; review reused the cache build wrote: %s\n' \
  "$(med add_cpu)" "$(med incr_cpu)" "$(med review_cpu)" "$loop_cpu" "$reused"
printf '(b) incremental build %.3f s / cold build %.3f s = %s (CPU %.3f / %.3f s = %s); pages rendered %s of %s = %s (%s of them fr or zh-Hans)   (target <= 0.20: %s)\n' \
  "$incr" "$cold" "$(ratio "$incr" "$cold")" "$(med incr_cpu)" "$(med cold_cpu)" \
  "$(ratio "$(med incr_cpu)" "$(med cold_cpu)")" "$pages" "$cold_pages" "$share" "$(med pages_other)" \
  "$(verdict "$share" le 0.20)"
own_share=$(ratio "$(med own_pages)" "$cold_pages")
printf '(b2) a card priced in every region: incremental build %.3f s (CPU %.3f s, %s of the cold build'"'"'s); pages rendered %s of %s = %s (%s of them fr or zh-Hans)   (target <= 0.20: %s); undoing (b) rendered %s pages\n' \
  "$(med own)" "$(med own_cpu)" "$(ratio "$(med own_cpu)" "$(med cold_cpu)")" "$(med own_pages)" \
  "$cold_pages" "$own_share" "$(med own_other)" "$(verdict "$own_share" le 0.20)" "$(med undo_pages)"
echo "    incremental site byte-identical to a cold build: $identical"
[[ $identical == yes ]] || head -20 "$tmp/diff"

if [[ -n $base_bin ]]; then
  for ((r = 1; r <= rounds; r++)); do
    rm -rf "$tmp/b" "$tmp/h"
    build m "$base_bin" build --root "$base_root" --out "$tmp/b" --no-cache; R[base]+="$m_wall "
    build m "$GPUGUIDE" build --root "$repo" --out "$tmp/h" --no-cache; R[head]+="$m_wall "
  done
  b=$(med base); h=$(med head)
  printf '(c) cold build, three regions %.3f s (%s html) / before regions %.3f s (%s html) = %s   (target <= 1.3: %s)\n' \
    "$h" "$(find "$tmp/h" -name '*.html' | wc -l)" "$b" "$(find "$tmp/b" -name '*.html' | wc -l)" \
    "$(ratio "$h" "$b")" "$(verdict "$(ratio "$h" "$b")" le 1.3)"
fi
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
[[ $identical == yes ]]
