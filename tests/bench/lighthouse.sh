#!/usr/bin/env bash
# Lighthouse on the built site, as a phone sees it: one page of each kind in each language,
# served from 127.0.0.1, audited with Lighthouse's mobile defaults (Moto G power emulation,
# simulated slow 4G and 4x CPU slowdown) in the Debian Chromium. Prints one row per page:
# the performance, accessibility, best-practices and SEO scores (0-100), Total Blocking
# Time, Largest Contentful Paint, and the number of DOM elements. Not a ctest test: scores
# move with the machine's load; compare runs made on the same machine.
#   tests/bench/lighthouse.sh [RUNS] [KIND…]   (RUNS default 1; with more, each figure is a
#                                              median; KIND: only those page kinds, e.g. calculator)
# LIGHTHOUSE_SITE=DIR audits a site built earlier (another commit's, for a before/after on the
# same machine) instead of building one; a page kind that site lacks is listed as absent.
# The pages are served uncompressed (as Python's http.server sends them); LIGHTHOUSE_GZIP=1
# serves them gzip-compressed, as a static host does (tests/bench/serve_static.py). The
# simulation times a page by the bytes it transfers, so compare runs made the same way.
# Needs ./build/gpuguide, /usr/bin/chromium, node, and the npm package lighthouse:
#   npm install --prefix tests/bench --no-save lighthouse@12
# (or set LIGHTHOUSE to a lighthouse executable).
# LIGHTHOUSE_LANGS="en fr" audits only those languages. Each row also gives the Cumulative
# Layout Shift and the page's weight (KB transferred: gzip with LIGHTHOUSE_GZIP=1), and the
# reader tools' targets (issue 31) are checked at the end: the calculator at performance >= 95
# within 350 KB gzip, the compare view (compare, and compare-gpus: with ?gpus=) at >= 98.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-1}
only=("${@:2}")
bin=./build/gpuguide
lighthouse=${LIGHTHOUSE:-tests/bench/node_modules/.bin/lighthouse}
[[ -x $bin ]] || { echo "lighthouse: build first (.ci/setup)" >&2; exit 2; }
[[ -x /usr/bin/chromium ]] || { echo "lighthouse: needs /usr/bin/chromium (package chromium)" >&2; exit 2; }
if [[ ! -x $lighthouse ]]; then
  echo "lighthouse: not installed; run: npm install --prefix tests/bench --no-save lighthouse@12" >&2
  exit 2
fi

# Page kinds × languages. The GPU page is the baseline card's.
kinds=(home:"" contents:guide/ chapter:guide/ranking/ flowchart:guide/flowchart/
       llm:llm-memory/ calculator:calculator/ gpu-list:gpus/ gpu:gpus/rtx-4090/
       compare:compare/ "compare-gpus:compare/?gpus=rtx-4090,rtx-3090,rtx-5090")
read -r -a langs <<<"${LIGHTHOUSE_LANGS:-en zh-Hans fr}"
targets=$(mktemp)

tmp=$(mktemp -d)
server_pid=""
cleanup() {
  if [[ -n "$server_pid" ]]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$tmp" "$targets"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

site=${LIGHTHOUSE_SITE:-$tmp/site}
if [[ -z ${LIGHTHOUSE_SITE:-} ]]; then
  $bin build --out "$site" >/dev/null 2>"$tmp/build.log" || { cat "$tmp/build.log" >&2; exit 1; }
fi
[[ -f $site/index.html ]] || { echo "lighthouse: no site in $site" >&2; exit 2; }
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
gzip=()
[[ ${LIGHTHOUSE_GZIP:-0} == 1 ]] && gzip=(--gzip)
python3 tests/bench/serve_static.py "$port" "$site" "${gzip[@]}" >"$tmp/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 50); do
  python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/', timeout=2)" \
    2>/dev/null && break
  sleep 0.2
done

export CHROME_PATH=/usr/bin/chromium
echo "# served ${gzip[*]:-uncompressed}; load average $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-12s %-8s %5s %5s %5s %5s %8s %8s %6s %6s %6s\n' kind lang perf a11y bp seo TBT_ms LCP_ms DOM CLS KB
for kind in "${kinds[@]}"; do
  name=${kind%%:*}
  path=${kind#*:}
  if ((${#only[@]})) && [[ ! " ${only[*]} " == *" $name "* ]]; then continue; fi
  for lang in "${langs[@]}"; do
    url="http://127.0.0.1:$port/$lang/$path"
    if [[ ! -f $site/$lang/${path%%\?*}index.html ]]; then
      printf '%-10s %-8s absent from this site\n' "$name" "$lang"
      continue
    fi
    for ((i = 0; i < runs; i++)); do
      "$lighthouse" "$url" --quiet --output=json --output-path="$tmp/r$i.json" \
        --only-categories=performance,accessibility,best-practices,seo \
        --chrome-flags="--headless=new --no-sandbox --disable-gpu" >/dev/null 2>"$tmp/lh.log" \
        || { echo "lighthouse: failed on $url" >&2; sed 's/^/  /' "$tmp/lh.log" >&2; exit 1; }
    done
    python3 - "$name" "$lang" "$targets" "$tmp"/r*.json <<'EOF'
import json, statistics, sys
name, lang, targets, files = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
reports = [json.load(open(f)) for f in files]
def med(get):
    return statistics.median(get(r) for r in reports)
score = lambda c: med(lambda r: round(100 * (r["categories"][c]["score"] or 0)))
audit = lambda a: med(lambda r: r["audits"][a]["numericValue"])
perf, kb = score('performance'), audit('total-byte-weight') / 1000
print(f"{name:<12} {lang:<8} {perf:5.0f} {score('accessibility'):5.0f} "
      f"{score('best-practices'):5.0f} {score('seo'):5.0f} {audit('total-blocking-time'):8.0f} "
      f"{audit('largest-contentful-paint'):8.0f} {audit('dom-size'):6.0f} "
      f"{audit('cumulative-layout-shift'):6.3f} {kb:6.0f}")
goal = {"calculator": 95, "compare": 98, "compare-gpus": 98}.get(name)
if goal is not None:
    ok = perf >= goal and (name != "calculator" or kb <= 350)
    print(f"target {name} {lang}: performance {perf:.0f} (goal >= {goal})"
          + (f", {kb:.0f} KB (goal <= 350, gzip)" if name == "calculator" else "")
          + (" ok" if ok else " MISSED"), file=open(targets, "a"))
EOF
    rm -f "$tmp"/r*.json
  done
done
cat "$targets"
