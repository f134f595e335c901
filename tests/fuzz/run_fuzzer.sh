#!/usr/bin/env bash
# Runs one fuzz target for a while; fails on any crash, hang, leak or sanitizer report.
#   tests/fuzz/run_fuzzer.sh FUZZER_BINARY TARGET SOURCE_DIR CORPUS_DIR SECONDS [libFuzzer flags…]
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
exec "$bin" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2560 -max_len=262144 \
  -print_final_stats=1 -artifact_prefix="$artifacts/" "$@" "$corpus" "$seeds"
