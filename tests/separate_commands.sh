#!/usr/bin/env bash
# The lean gpuguide executable (cli/cli.h, SeparateCommands; charts/backend.h): it links none
# of serve's, diff's or review's libraries nor the chart renderer's, runs those commands
# through its siblings, loads gpuguide-charts.so only when it paints, and says clearly when a
# sibling or the module is missing.
#   tests/separate_commands.sh BUILD_DIR MINI_SITE REPO
set -euo pipefail
bin=$1 mini=$2 repo=$3
fail() { echo "separate_commands: $*" >&2; exit 1; }

# 1. None of the separate commands' libraries is loaded by gpuguide.
needed=$(readelf -d "$bin/gpuguide" | sed -n 's/.*Shared library: \[\(.*\)\]/\1/p')
[[ -n $needed ]] || fail "readelf listed no shared library of $bin/gpuguide"
for lib in libxml2 librsvg; do
  ! grep -q "^$lib" <<<"$needed" || fail "gpuguide links $lib, which only serve/diff/review need"
done
loaded=$(ldd "$bin/gpuguide")
for lib in libcairo libpango libfontconfig libpng; do
  ! grep -q "$lib" <<<"$loaded" || fail "gpuguide loads $lib at start; only gpuguide-charts.so should"
done
grep -q 'libcairo' < <(ldd "$bin/gpuguide-charts.so") || fail "gpuguide-charts.so does not link Cairo"
grep -q '^libxml2' < <(readelf -d "$bin/gpuguide-serve" | sed -n 's/.*\[\(.*\)\]/\1/p') ||
  fail "gpuguide-serve does not link libxml2: is it the in-process build?"

# 2. The commands run through the siblings, with their own help and exit codes.
out=$("$bin/gpuguide" review --help) || fail "review --help exited $?"
grep -q '^usage: gpuguide review' <<<"$out" || fail "review --help printed: $out"
out=$("$bin/gpuguide" serve --help) || fail "serve --help exited $?"
grep -q '^usage: gpuguide serve' <<<"$out" || fail "serve --help printed: $out"
rc=0; out=$("$bin/gpuguide" diff 2>&1) || rc=$?
[[ $rc -eq 2 ]] && grep -q 'diff needs two site folders' <<<"$out" || fail "diff without folders: exit $rc, $out"
"$bin/gpuguide" --help | grep -q '^  review' || fail "the usage no longer lists review"

# 3. A missing sibling: a clear error naming the path tried, exit 2.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cp "$bin/gpuguide" "$tmp/"
rc=0; out=$("$tmp/gpuguide" review 2>&1) || rc=$?
[[ $rc -eq 2 ]] || fail "review without gpuguide-review exited $rc"
grep -q "gpuguide-review, which could not be started ($tmp/gpuguide-review: No such file" <<<"$out" ||
  fail "review without gpuguide-review printed: $out"
# build does not need the siblings.
"$tmp/gpuguide" --version | grep -q '^gpuguide ' || fail "--version without siblings failed"

# 4. The chart renderer: a build that paints loads it; without it, a clear error naming the
# path tried, exit 2, and no output folder. A build that paints nothing does not load it.
site=$tmp/root; mkdir -p "$site"
cp -r "$mini/." "$site/"; cp -r "$repo/templates" "$repo/assets" "$site/"
rc=0; out=$("$tmp/gpuguide" build --root "$site" --out "$tmp/out" 2>&1) || rc=$?
[[ $rc -eq 2 ]] || fail "a painting build without gpuguide-charts.so exited $rc: $out"
grep -q "cannot load the chart renderer $tmp/gpuguide-charts.so" <<<"$out" ||
  fail "a painting build without gpuguide-charts.so printed: $out"
[[ ! -e $tmp/out ]] || fail "a failed build left $tmp/out"
"$bin/gpuguide" build --root "$site" --out "$tmp/out" >/dev/null 2>&1 || fail "build with the module failed"
# A prose edit paints nothing, so it does not load the module (the dynamic loader's log of
# the libraries it opens does not name it).
cp "$bin/gpuguide-charts.so" "$tmp/"
echo "A sentence that names no chart." >>"$site/content/en/index.md"
LD_DEBUG=files "$tmp/gpuguide" build --root "$site" --out "$tmp/out" >/dev/null 2>"$tmp/ld.log" ||
  fail "a prose edit failed: $(grep -v '^ *[0-9]*:' "$tmp/ld.log")"
grep -q 'file=.*libc\.so' "$tmp/ld.log" || fail "LD_DEBUG=files logged nothing: the check below would prove nothing"
! grep -q 'file=.*gpuguide-charts\.so' "$tmp/ld.log" || fail "a prose edit loaded gpuguide-charts.so: it should paint nothing"

# 5. One cache for the executables of one build: they carry the identity of the sources they
# were built from (base/source_identity.h), and the cache is keyed on it, so review reuses
# what build made (it was cold: the cache was keyed on each executable's own build id).
id=$(sed -n 's/^ *return "\([0-9a-f]\{64\}\)";$/\1/p' "$bin/generated/source_identity.cc")
[[ ${#id} -eq 64 ]] || fail "no identity in $bin/generated/source_identity.cc"
grep -qx "source:$id" "$site/.cache/FORMAT" || fail "the cache is not keyed on the sources' identity: $(cat "$site/.cache/FORMAT")"
git -C "$site" init -q && git -C "$site" add -A . ':!.cache' && git -C "$site" -c user.name=t -c user.email=t@t commit -qm fixture
echo "Another sentence for the review." >>"$site/content/en/index.md"
"$bin/gpuguide" build --root "$site" --out "$tmp/out" >/dev/null 2>&1 || fail "build before review failed"
rc=0; out=$("$bin/gpuguide" review HEAD --root "$site" 2>&1 >/dev/null) || rc=$?
[[ $rc -eq 0 ]] || fail "review exited $rc: $out"
! grep -q 'another build' <<<"$out" || fail "gpuguide-review refused the cache gpuguide wrote: $out"
grep -qx "source:$id" "$site/.cache/FORMAT" || fail "review replaced the cache: $(cat "$site/.cache/FORMAT")"

# 6. A cache written by another generator (another identity) is ignored with a warning and
# the site is built cold, equal to a --no-cache build.
printf 'gpuguide-cache/1\nsource:%s\n' "$(printf '%064d' 0)" >"$site/.cache/FORMAT"
out=$("$bin/gpuguide" build --root "$site" --out "$tmp/out" 2>&1) || fail "build with a foreign cache failed: $out"
grep -q 'written by another build of gpuguide; it is ignored' <<<"$out" ||
  fail "a cache of another generator was used: $out"
"$bin/gpuguide" build --root "$site" --out "$tmp/cold" --no-cache >/dev/null 2>&1 || fail "cold build failed"
diff -r -q "$tmp/out" "$tmp/cold" >/dev/null || fail "the build over a foreign cache differs from a cold build"

# 7. A chart renderer built from other sources than gpuguide (here: its identity changed in
# its bytes) is refused when gpuguide paints, exit 2, naming the module: its drawings would
# be kept under gpuguide's identity.
python3 - "$tmp/gpuguide-charts.so" "$id" <<'PY'
import sys
path, ident = sys.argv[1], sys.argv[2].encode()
data = open(path, "rb").read()
assert data.count(ident) == 1, "the identity is not in the module exactly once"
other = (b"0" if ident[:1] != b"0" else b"1") + ident[1:]
open(path, "wb").write(data.replace(ident, other))
PY
rc=0; out=$("$tmp/gpuguide" build --root "$site" --out "$tmp/out2" --no-cache 2>&1) || rc=$?
[[ $rc -eq 2 ]] || fail "a painting build with a module of other sources exited $rc: $out"
grep -q "cannot load the chart renderer $tmp/gpuguide-charts.so (it is from another build" <<<"$out" ||
  fail "a module of other sources printed: $out"
[[ ! -e $tmp/out2 ]] || fail "a refused module left $tmp/out2"
echo "separate_commands: ok"
