#!/usr/bin/env bash
# Writes the seed corpus of one fuzz target from the repository's own files.
#   tests/fuzz/seeds.sh TARGET SOURCE_DIR OUT_DIR
# data_json: one seed per data file the loader reads, prefixed with the byte that selects that
# file (the order of kFiles in data_json_fuzzer.cc); site_config: data/site.json; page_source:
# every content/**/*.md; template: every templates/*.html; calc_command: the argument lists
# in tests/fuzz/calc_args/ (one argument per line), and requests (JSON) whose pasted config,
# or the request itself, nests 100 and 60,000 levels deep (issue 33: a crash).
set -euo pipefail
target=$1 src=$2 out=$3
mkdir -p "$out"
case "$target" in
  data_json)
    i=0
    for f in gpus benchmarks prices cloud models assumptions personas flowchart machines engines \
        regions validation genmodels genvalidation gates; do
      { printf "\\$(printf '%03o' "$i")"; cat "$src/data/$f.json"; } >"$out/seed-$f.json"
      i=$((i + 1))
    done ;;
  site_config) cp "$src/data/site.json" "$out/seed-site.json" ;;
  page_source)
    for f in "$src"/content/*/*.md; do
      lang=$(basename "$(dirname "$f")")
      cp "$f" "$out/seed-$lang-$(basename "$f")"
    done ;;
  template) for f in "$src"/templates/*.html; do cp "$f" "$out/seed-$(basename "$f")"; done ;;
  calc_command)
    for f in "$src"/tests/fuzz/calc_args/*.txt; do cp "$f" "$out/seed-$(basename "$f")"; done
    nest() { head -c "$1" /dev/zero | tr '\0' "$2"; }
    for n in 100 60000; do
      printf '{"command": "vram", "precision": "q4_k_m", "context": 8192, "config": "%s1%s"}' \
        "$(nest $n '[')" "$(nest $n ']')" >"$out/seed-deep-config-$n.json"
      printf '{"command": "vram", "config": %s{}%s}' "$(nest $n '[')" "$(nest $n ']')" \
        >"$out/seed-deep-request-$n.json"
    done ;;
  *) echo "seeds.sh: unknown target '$target'" >&2; exit 2 ;;
esac
