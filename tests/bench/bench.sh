#!/usr/bin/env bash
# Build benchmarks: prints figures and ratios for the real site, to be compared between
# commits on the same machine (these machines are noisy: each figure is a median of RUNS).
#   tests/bench/bench.sh [RUNS]        (default 5; needs ./build/gpuguide)
# Figures: full build (cold output folder), rebuild with nothing changed, check (no write),
# --jobs 1 vs --jobs N, peak memory, output size, SVG bytes per chart.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-5}
bin=./build/gpuguide
[[ -x $bin ]] || { echo "bench: build first (.ci/setup)"; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
jobs=$(nproc)

median() { sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
seconds() { /usr/bin/time -f "%e %M" "$@" 2>"$tmp/time" >/dev/null || true; tail -1 "$tmp/time"; }

cold=(); warm=(); check=(); one=(); rss=()
for ((i = 0; i < runs; i++)); do
  rm -rf "$tmp/site"
  read -r t m < <(seconds $bin build --out "$tmp/site" --jobs "$jobs"); cold+=("$t"); rss+=("$m")
  read -r t m < <(seconds $bin build --out "$tmp/site" --jobs "$jobs"); warm+=("$t")
  read -r t m < <(seconds $bin check --jobs "$jobs"); check+=("$t")
  read -r t m < <(seconds $bin check --jobs 1); one+=("$t")
done
c=$(printf '%s\n' "${cold[@]}" | median); w=$(printf '%s\n' "${warm[@]}" | median)
k=$(printf '%s\n' "${check[@]}" | median); o=$(printf '%s\n' "${one[@]}" | median)
r=$(printf '%s\n' "${rss[@]}" | median)
pages=$(find "$tmp/site" -name '*.html' | wc -l)
files=$(find "$tmp/site" -type f | wc -l)
svgs=$(find "$tmp/site" -name '*.svg' | wc -l)
svg_bytes=$(find "$tmp/site" -name '*.svg' -printf '%s\n' | awk '{s+=$1} END {print s}')
printf 'pages                 %d html, %d files, %s total\n' "$pages" "$files" "$(du -sh "$tmp/site" | cut -f1)"
printf 'build (cold)          %.2f s   (median of %d, --jobs %d)\n' "$c" "$runs" "$jobs"
printf 'build (no change)     %.2f s   ratio to cold %.2f\n' "$w" "$(awk "BEGIN{print $w / $c}")"
printf 'check (no write)      %.2f s\n' "$k"
printf 'check --jobs 1        %.2f s   speed-up with %d jobs: %.2fx\n' "$o" "$jobs" "$(awk "BEGIN{print $o / $k}")"
printf 'peak memory           %d MiB\n' "$((r / 1024))"
printf 'charts                %d SVG files, %d bytes each on average\n' "$svgs" "$((svg_bytes / (svgs > 0 ? svgs : 1)))"
printf 'time per page         %.1f ms\n' "$(awk "BEGIN{print $c * 1000 / $pages}")"
