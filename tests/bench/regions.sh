#!/usr/bin/env bash
# Cold build with regions against the binary before them, in alternating runs (these machines
# are noisy: medians of RUNS each). Each binary builds its own tree, without cache, into a fresh
# folder; prints both medians, the page counts and the ratio (issue 30: at most 1.3).
#   tests/bench/regions.sh BASE_BIN BASE_ROOT [RUNS]     (default 5; needs ./build/gpuguide)
# e.g. tests/bench/regions.sh /work/main/build/gpuguide /work/main 7
set -euo pipefail
cd "$(dirname "$0")/../.."
base_bin=$1
base_root=$2
runs=${3:-5}
head_bin=${HEAD_BIN:-./build/gpuguide}
[[ -x $head_bin && -x $base_bin ]] || { echo "regions.sh: build both binaries first"; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
jobs=$(nproc)

median() { sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
seconds() { /usr/bin/time -f "%e" "$@" 2>"$tmp/time" >/dev/null || true; tail -1 "$tmp/time"; }

base=(); head=()
for ((i = 0; i < runs; i++)); do
  rm -rf "$tmp/base" "$tmp/head"
  base+=("$(seconds "$base_bin" build --root "$base_root" --out "$tmp/base" --no-cache --jobs "$jobs")")
  head+=("$(seconds "$head_bin" build --root . --out "$tmp/head" --no-cache --jobs "$jobs")")
done
b=$(printf '%s\n' "${base[@]}" | median); h=$(printf '%s\n' "${head[@]}" | median)
printf 'base  %.2f s  (%s)  %d html pages\n' "$b" "${base[*]}" "$(find "$tmp/base" -name '*.html' | wc -l)"
printf 'head  %.2f s  (%s)  %d html pages\n' "$h" "${head[*]}" "$(find "$tmp/head" -name '*.html' | wc -l)"
printf 'ratio %.3f (cold build with regions / before)\n' "$(awk "BEGIN{print $h / $b}")"
