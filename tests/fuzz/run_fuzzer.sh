#!/usr/bin/env bash
# Runs one fuzz target for a while; fails on any crash, hang, leak or sanitizer report.
#   tests/fuzz/run_fuzzer.sh FUZZER_BINARY TARGET SOURCE_DIR CORPUS_DIR SECONDS [libFuzzer flags…]
#   GG_FUZZ_CPU_SECONDS=N …   stop after N CPU-seconds instead (SECONDS is then a ceiling)
# The corpus folder keeps what the fuzzer found (it grows from run to run); the seeds are
# rewritten from the repository each time. Only fontconfig's process-wide caches are
# suppressed as leaks (they live until exit by design; see ../shared recipes).
set -euo pipefail
bin=$1 target=$2 src=$3 corpus=$4 seconds=$5
shift 5
here=$(cd "$(dirname "$0")" && pwd)
seeds="$corpus.seeds"
rm -rf "$seeds"
bash "$here/seeds.sh" "$target" "$src" "$seeds"
mkdir -p "$corpus"
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:symbolize=1:${ASAN_OPTIONS:-}"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:${UBSAN_OPTIONS:-}"
export LSAN_OPTIONS="suppressions=$here/lsan.supp:${LSAN_OPTIONS:-}"
artifacts="$corpus.artifacts"
mkdir -p "$artifacts"
flags=(-timeout=20 -rss_limit_mb=2560 -max_len=262144 -print_final_stats=1
  -artifact_prefix="$artifacts/")
if [[ -z "${GG_FUZZ_CPU_SECONDS:-}" ]]; then
  exec "$bin" -max_total_time="$seconds" "${flags[@]}" "$@" "$corpus" "$seeds"
fi
# GG_FUZZ_CPU_SECONDS: stop after that much CPU time (user + system) instead, so that a run
# at the lowest priority on a busy machine still fuzzes as long as asked; SECONDS is then only
# the wall-clock ceiling. libFuzzer prints its final figures when interrupted, and exits 72.
"$bin" -max_total_time="$seconds" "${flags[@]}" "$@" "$corpus" "$seeds" &
pid=$!
trap 'kill "$pid" 2>/dev/null || true' EXIT
tick=$(getconf CLK_TCK)
while kill -0 "$pid" 2>/dev/null; do
  sleep 2
  cpu=$(awk -v t="$tick" '{print int(($14 + $15) / t)}' "/proc/$pid/stat" 2>/dev/null || echo 0)
  if ((cpu >= GG_FUZZ_CPU_SECONDS)); then
    kill -INT "$pid"
    interrupted=1
    break
  fi
done
status=0
wait "$pid" || status=$?
trap - EXIT
if [[ -n "${interrupted:-}" && $status -eq 72 ]]; then
  echo "run_fuzzer.sh: stopped after ${GG_FUZZ_CPU_SECONDS} CPU-seconds"
  status=0
fi
exit "$status"
