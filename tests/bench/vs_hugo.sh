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
        # The floor, cmark-gfm alone over the same Markdown (one process per ~thousand files),
        # right after gpuguide's build: the two are compared round by round, measured seconds
        # apart, so that the machine's drift (±10 % from minute to minute here) hits both.
        measure c "$tmp/log-cmark" -- sh -c "find '$site/gpuguide/content' -name '*.md' -print0 | xargs -0 cmark-gfm --extension table >/dev/null"
        R[$n,cmark,cpu]+="$c_cpu "
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
  printf '%7s %6s | %7.2f %7.2f %6.0f | %7.2f %7.2f %6.0f | %5.2f× %5.2f× %5.2f×\n' "$n" "${R[$n,gpuguide,pages]}" \
    "$gw" "$gc" "$gr" "$hw" "$hc" "$hr" "$(ratio "$hw" "$gw")" "$(ratio "$hc" "$gc")" "$(ratio "$hr" "$gr")"
done

echo
echo "targets (issue 16)"
for n in "${sizes[@]}"; do
  want=2; ((n < 1000)) && want=1
  rw=$(ratio "$(med "$n,hugo,wall")" "$(med "$n,gpuguide,wall")")
  rc=$(ratio "$(med "$n,hugo,cpu")" "$(med "$n,gpuguide,cpu")")
  gr=$(med "$n,gpuguide,rss"); hr=$(med "$n,hugo,rss")
  printf '  N=%-6s faster than Hugo ≥ %d×: wall %5.2f× %-8s CPU %5.2f× %-8s  peak RSS ≤ Hugo'"'"'s: %.0f vs %.0f MiB %s\n' \
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
# The verdict is the median of the rounds' own ratios: each round's gpuguide build at the largest
# N against the cmark-gfm run that followed it (the smallest N's median is the fixed cost). The
# ratio of the medians above can pair a build and a floor measured minutes apart.
read -ra big <<<"${R[$hi,gpuguide,cpu]}"
read -ra floors <<<"${R[$hi,cmark,cpu]}"
small=$( ((hi > lo)) && med "$lo,gpuguide,cpu" || echo 0)
per_round=()
for ((r = 0; r < ${#big[@]}; r++)); do
  per_round+=("$(awk -v a="$small" -v b="${big[r]}" -v p="$( ((hi > lo)) && echo "${R[$lo,md]}" || echo 0)" \
    -v q="${R[$hi,md]}" -v c="${floors[r]}" 'BEGIN{printf "%.2f", ((b - a) / (q - p)) / (c / q)}')")
done
f=$(printf '%s\n' "${per_round[@]}" | median)
printf '  per page ≤ 3× the cmark-gfm floor: %.2f× (median of the rounds: %s) %s — gpuguide %.3f ms CPU per page, floor %.3f ms (medians; cmark-gfm --extension table over the same %d files); Hugo %.3f ms; %s\n' \
  "$f" "${per_round[*]}" "$(verdict "$f" le 3)" "$gp" "$floor" "${R[$hi,md]}" "$hp" "$how"
