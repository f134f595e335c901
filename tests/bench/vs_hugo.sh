#!/usr/bin/env bash
# gpuguide against Hugo on the same synthetic site (issue 16): N pages × 3 languages made by
# synthetic.py, both tools built cold, interleaved, ROUNDS times; prints medians of wall
# time, CPU (user + sys) and peak RSS, the ratios hugo/gpuguide, the growth of gpuguide's
# time from 1,000 to 10,000 pages, the cmark-gfm floor, and the issue's targets (met or not).
#   tests/bench/vs_hugo.sh [ROUNDS] [N...]      (default: 3 rounds, N = 300 1000 3000 10000)
# GPUGUIDE=path picks the binary (default ./build/gpuguide); hugo and cmark-gfm are
# installed from Debian when missing. Sites and output go to /dev/shm (tmpfs) when present.
# CHART_EVERY=K: about one synthetic page in K has a chart (default 25; 0: none).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
rounds=${1:-3}
shift || true
sizes=("$@")
((${#sizes[@]})) || sizes=(300 1000 3000 10000)
mapfile -t sizes < <(printf '%s\n' "${sizes[@]}" | sort -n)
need_package hugo hugo
need_package cmark-gfm cmark-gfm

tmp=$(bench_tmp)
trap 'rm -rf "$tmp"' EXIT
gpuguide_path=$GPUGUIDE
snapshot_gpuguide "$tmp"
declare -A R  # R[N,tool,metric] = the values of every round, space-separated

for n in "${sizes[@]}"; do
  site=$tmp/site-$n
  t0=$(date +%s.%N)
  python3 "$here/synthetic.py" --pages "$n" --chart-every "${CHART_EVERY:-25}" --gpuguide "$GPUGUIDE" "$site"
  t1=$(date +%s.%N)
  mds=$(find "$site/gpuguide/content" -name '*.md' | wc -l)
  printf 'N=%-6s generated %d Markdown pages per tool in %.1f s; ' "$n" "$mds" "$(awk -v a="$t0" -v b="$t1" 'BEGIN{print b - a}')" >&2
  for ((r = 0; r < rounds; r++)); do
    order=(gpuguide hugo)
    ((r % 2)) && order=(hugo gpuguide)  # A B, B A, …: neither always runs first
    for tool in "${order[@]}"; do
      out=$tmp/out-$tool
      rm -rf "$out" "$tmp/hugo-cache" "$site/hugo/resources"
      if [[ $tool == gpuguide ]]; then
        measure m "$tmp/log-$tool" -- "$GPUGUIDE" build --root "$site/gpuguide" --out "$out" --no-cache ||
          { cat "$tmp/log-$tool" >&2; echo "vs_hugo: gpuguide build failed at N=$n" >&2; exit 1; }
      else
        measure m "$tmp/log-$tool" -- hugo --quiet --source "$site/hugo" --destination "$out" \
          --ignoreCache --cacheDir "$tmp/hugo-cache" ||
          { cat "$tmp/log-$tool" >&2; echo "vs_hugo: hugo failed at N=$n" >&2; exit 1; }
      fi
      R[$n,$tool,wall]+="$m_wall "; R[$n,$tool,cpu]+="$m_cpu "; R[$n,$tool,rss]+="$m_rss "
      if ((r == 0)); then
        R[$n,$tool,pages]=$(find "$out" -name '*.html' | wc -l)
        R[$n,$tool,problems]=$(grep -ciE 'error|warn' "$tmp/log-$tool" || true)
      fi
      rm -rf "$out"
    done
    # The floor: cmark-gfm alone over the same Markdown (one process per ~thousand files).
    measure m "$tmp/log-cmark" -- sh -c "find '$site/gpuguide/content' -name '*.md' -print0 | xargs -0 cmark-gfm --extension table >/dev/null"
    R[$n,cmark,cpu]+="$m_cpu "
  done
  R[$n,md]=$mds
  echo "gpuguide: ${R[$n,gpuguide,pages]} HTML pages, ${R[$n,gpuguide,problems]} error/warning lines; hugo: ${R[$n,hugo,pages]} HTML pages, ${R[$n,hugo,problems]} error/warning lines" >&2
  rm -rf "$site"
done

med() { median <<<"${R[$1]}"; }
echo
printf 'gpuguide vs %s, synthetic site of N pages × 3 languages (+ 153 GPU pages), cold builds,\n' "$(hugo version | awk '{print $1, $2}' | sed 's/+.*//')"
charts="a chart on about one page in ${CHART_EVERY:-25}"
[[ ${CHART_EVERY:-25} == 0 ]] && charts="no chart outside the GPU pages"
printf '%s, interleaved, medians of %d rounds on %d cores;\n%s (%s)\n\n' \
  "$charts" "$rounds" "$(nproc)" "$("$GPUGUIDE" --version)" "$gpuguide_path"
printf '%7s %6s | %-22s | %-22s | %s\n' N pages "gpuguide" "hugo" "hugo / gpuguide"
printf '%7s %6s | %7s %7s %6s | %7s %7s %6s | %6s %6s %6s\n' "" "" "wall s" "CPU s" "MiB" "wall s" "CPU s" "MiB" wall CPU RSS
for n in "${sizes[@]}"; do
  gw=$(med "$n,gpuguide,wall"); gc=$(med "$n,gpuguide,cpu"); gr=$(med "$n,gpuguide,rss")
  hw=$(med "$n,hugo,wall"); hc=$(med "$n,hugo,cpu"); hr=$(med "$n,hugo,rss")
  printf '%7s %6s | %7.2f %7.2f %6d | %7.2f %7.2f %6d | %5.2f× %5.2f× %5.2f×\n' "$n" "${R[$n,gpuguide,pages]}" \
    "$gw" "$gc" "$gr" "$hw" "$hc" "$hr" "$(ratio "$hw" "$gw")" "$(ratio "$hc" "$gc")" "$(ratio "$hr" "$gr")"
done

echo
echo "targets (issue 16)"
for n in "${sizes[@]}"; do
  want=2; ((n < 1000)) && want=1
  rw=$(ratio "$(med "$n,hugo,wall")" "$(med "$n,gpuguide,wall")")
  rc=$(ratio "$(med "$n,hugo,cpu")" "$(med "$n,gpuguide,cpu")")
  gr=$(med "$n,gpuguide,rss"); hr=$(med "$n,hugo,rss")
  printf '  N=%-6s faster than Hugo ≥ %d×: wall %5.2f× %-8s CPU %5.2f× %-8s  peak RSS ≤ Hugo'"'"'s: %d vs %d MiB %s\n' \
    "$n" "$want" "$rw" "$(verdict "$rw" ge "$want")" "$rc" "$(verdict "$rc" ge "$want")" \
    "$gr" "$hr" "$(verdict "$gr" le "$hr")"
done
if [[ -n ${R[1000,gpuguide,wall]:-} && -n ${R[10000,gpuguide,wall]:-} ]]; then
  gw=$(ratio "$(med 10000,gpuguide,wall)" "$(med 1000,gpuguide,wall)")
  gc=$(ratio "$(med 10000,gpuguide,cpu)" "$(med 1000,gpuguide,cpu)")
  printf '  growth from 1,000 to 10,000 pages ≤ 11×: wall %.2f× %s (CPU %.2f×; Hugo wall %.2f×)\n' "$gw" "$(verdict "$gw" le 11)" \
    "$gc" "$(ratio "$(med 10000,hugo,wall)" "$(med 1000,hugo,wall)")"
else
  echo "  growth from 1,000 to 10,000 pages ≤ 11×: not measured (needs N = 1000 and 10000)"
fi
# Per page: the slope of CPU time between the smallest and the largest N (the fixed cost of
# the GPU pages and their charts cancels out); with one N, total CPU ÷ pages.
lo=${sizes[0]}; hi=${sizes[-1]}
per_page() {  # tool → ms of CPU per Markdown page
  if ((hi > lo)); then
    awk -v a="$(med "$lo,$1,cpu")" -v b="$(med "$hi,$1,cpu")" -v p="${R[$lo,md]}" -v q="${R[$hi,md]}" 'BEGIN{printf "%.3f", (b - a) * 1000 / (q - p)}'
  else
    awk -v a="$(med "$hi,$1,cpu")" -v q="${R[$hi,md]}" 'BEGIN{printf "%.3f", a * 1000 / q}'
  fi
}
floor=$(awk -v c="$(med "$hi,cmark,cpu")" -v q="${R[$hi,md]}" 'BEGIN{printf "%.3f", c * 1000 / q}')
gp=$(per_page gpuguide); hp=$(per_page hugo)
how="slope from N=$lo to N=$hi"; ((hi > lo)) || how="total ÷ pages at N=$hi, fixed cost included"
f=$(ratio "$gp" "$floor")
printf '  per page ≤ 3× the cmark-gfm floor: gpuguide %.3f ms CPU = %.1f× the floor %s (floor %.3f ms: cmark-gfm --extension table over the same %d files; Hugo %.3f ms; %s)\n' \
  "$gp" "$f" "$(verdict "$f" le 3)" "$floor" "${R[$hi,md]}" "$hp" "$how"
