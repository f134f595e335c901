#!/usr/bin/env bash
# Review benchmark: `gpuguide review` of a one-price change (a new RTX 5090 observation) on the
# real guide against one cold build, medians of RUNS; the target is a ratio of at most 2.
#   tests/bench/review.sh [RUNS]       (default 3; needs ./build/gpuguide and git)
# Also prints the size of the Markdown report next to the line count of `gpuguide diff` of
# the same change. Works on a private clone of HEAD: the checkout is not touched.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-3}
bin=$PWD/build/gpuguide
[[ -x $bin ]] || { echo "bench: build first (.ci/setup)"; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
jobs=$(nproc)

median() { sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
seconds() { /usr/bin/time -f "%e %M" "$@" 2>"$tmp/time" >/dev/null || true; tail -1 "$tmp/time"; }

# A clone of the committed guide plus one uncommitted price observation.
git clone -q --no-hardlinks . "$tmp/repo"
python3 - "$tmp/repo/data/prices.json" <<'PY'
import json, sys, collections
p = sys.argv[1]
d = json.load(open(p), object_pairs_hook=collections.OrderedDict)
obs = d["observations"]
i = max(k for k, o in enumerate(obs) if o["gpu"] == "rtx-5090")
obs.insert(i + 1, collections.OrderedDict([
    ("gpu", "rtx-5090"), ("date", "2026-11-23"), ("condition", "new"), ("region", "US"),
    ("currency", "USD"), ("price", 2999),
    ("source", "Benchmark fixture: one new RTX 5090 listing (not real data)"),
    ("note", "Added by tests/bench/review.sh in a temporary clone.")]))
open(p, "w").write(json.dumps(d, indent=2, ensure_ascii=False) + "\n")
PY

# Per round: a cold build (--no-cache, fresh output); a review with an empty cache (a CI
# runner's first review: the head reuses what the base rendered); and a review after the
# maintainer's own build of the change (the cache holds the head; the base is rendered).
cold=(); review=(); warm=(); rss_b=(); rss_r=()
for ((i = 0; i < runs; i++)); do
  rm -rf "$tmp/site" "$tmp/.site.standby" "$tmp/repo/.cache"
  read -r t m < <(seconds $bin build --no-cache --root "$tmp/repo" --out "$tmp/site" --jobs "$jobs"); cold+=("$t"); rss_b+=("$m")
  read -r t m < <(seconds $bin review HEAD --root "$tmp/repo" --jobs "$jobs" --format markdown); review+=("$t"); rss_r+=("$m")
  rm -rf "$tmp/repo/.cache"
  $bin build --root "$tmp/repo" --out "$tmp/site" --jobs "$jobs" >/dev/null 2>&1
  read -r t m < <(seconds $bin review HEAD --root "$tmp/repo" --jobs "$jobs" --format markdown); warm+=("$t")
done
c=$(printf '%s\n' "${cold[@]}" | median); r=$(printf '%s\n' "${review[@]}" | median)
w=$(printf '%s\n' "${warm[@]}" | median)
mb=$(printf '%s\n' "${rss_b[@]}" | median); mr=$(printf '%s\n' "${rss_r[@]}" | median)

$bin review HEAD --root "$tmp/repo" --jobs "$jobs" --format markdown >"$tmp/review.md" || true
(cd "$tmp/repo" && git stash -q && $bin build --root . --out "$tmp/before" --jobs "$jobs" 2>/dev/null \
  && git stash pop -q && $bin build --root . --out "$tmp/after" --jobs "$jobs" 2>/dev/null)
$bin diff "$tmp/before" "$tmp/after" >"$tmp/diff.txt" || true

printf 'build (cold)          %.2f s   peak %d MiB   (median of %d, --jobs %d, --no-cache)\n' "$c" "$((mb / 1024))" "$runs" "$jobs"
printf 'review, empty cache   %.2f s   peak %d MiB   ratio to the cold build %.2f (target <= 2)\n' "$r" "$((mr / 1024))" "$(awk "BEGIN{print $r / $c}")"
printf 'review, after a build %.2f s                 ratio to the cold build %.2f (target <= 2)\n' "$w" "$(awk "BEGIN{print $w / $c}")"
printf 'review markdown       %d lines, %d characters\n' "$(wc -l <"$tmp/review.md")" "$(wc -c <"$tmp/review.md")"
printf 'diff of the builds    %d lines\n' "$(wc -l <"$tmp/diff.txt")"
