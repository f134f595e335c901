#!/usr/bin/env bash
# Builds the real site and runs the Nu HTML checker (vnu) over every HTML and SVG file of it.
# Fails on any error vnu reports, on a failed build, and when the checker is not installed.
#   usage: tests/browser/vnu.sh GPUGUIDE_BINARY SOURCE_DIR OUT_DIR
# ctest runs it as the test 'vnu_html' (see tests/CMakeLists.txt).
set -euo pipefail

if [[ $# -ne 3 ]]; then
  echo "usage: $0 GPUGUIDE_BINARY SOURCE_DIR OUT_DIR" >&2
  exit 2
fi
gpuguide=$1
source_dir=$2
out_dir=$(realpath -m "$3")
here=$(cd "$(dirname "$0")" && pwd)
jar="$here/node_modules/vnu-jar/build/dist/vnu.jar"

missing=()
command -v java >/dev/null 2>&1 || missing+=("java (package default-jre-headless)")
[[ -f "$jar" ]] || missing+=("$jar (npm package vnu-jar)")
if ((${#missing[@]})); then
  echo "vnu_html: FAILED: missing ${missing[*]}" >&2
  echo "vnu_html: run '.ci/setup --tests' from the repository root to install the test tools" >&2
  exit 1
fi

echo "vnu_html: building $source_dir into $out_dir"
if ! "$gpuguide" build --root "$source_dir" --out "$out_dir"; then
  echo "vnu_html: FAILED: the site does not build (diagnostics above); nothing was checked" >&2
  exit 1
fi

files=()
while IFS= read -r -d '' f; do files+=("$f"); done \
  < <(find "$out_dir" -type f \( -name '*.html' -o -name '*.svg' \) -print0 | sort -z)
if ((${#files[@]} == 0)); then
  echo "vnu_html: FAILED: no .html or .svg file in $out_dir" >&2
  exit 1
fi
echo "vnu_html: checking ${#files[@]} files"

# vnu prints one line per problem, "file:/path":line.col-line.col: error: message, on stderr
# and exits 1 when it found an error. Paths are shown relative to the output folder.
status=0
report=$(java -jar "$jar" --errors-only --also-check-svg "${files[@]}" 2>&1) || status=$?
if [[ -n "$report" ]]; then
  printf '%s\n' "$report" | sed "s#\"file:$out_dir/#\"#"
fi
if ((status != 0)) || [[ -n "$report" ]]; then
  count=$(printf '%s\n' "$report" | grep -c ': error: ' || true)
  echo "vnu_html: FAILED: $count error(s) in ${#files[@]} files" >&2
  exit 1
fi
echo "vnu_html: ${#files[@]} files, no errors"
