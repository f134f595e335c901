# Shared by the benchmark scripts (sourced, not run): the gpuguide binary, Debian packages,
# timing (measure.py), medians and the met / not met verdicts.

bench_repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# The binary under test: $GPUGUIDE, or the repository's own build.
GPUGUIDE=${GPUGUIDE:-$bench_repo/build/gpuguide}
[[ -x $GPUGUIDE ]] || { echo "bench: no gpuguide at $GPUGUIDE (build first with .ci/setup, or set GPUGUIDE=path)" >&2; exit 2; }
GPUGUIDE=$(cd "$(dirname "$GPUGUIDE")" && pwd)/$(basename "$GPUGUIDE")
export GPUGUIDE

# need_package COMMAND PACKAGE: installs the Debian package when the command is missing.
need_package() {
  command -v "$1" >/dev/null && return
  echo "bench: installing $2 (apt-get)" >&2
  local sudo=; [[ $(id -u) -eq 0 ]] || sudo=sudo
  $sudo apt-get install -y "$2" >/dev/null || { $sudo apt-get update >/dev/null && $sudo apt-get install -y "$2" >/dev/null; }
  command -v "$1" >/dev/null || { echo "bench: could not install $2" >&2; exit 2; }
}

# A scratch folder on tmpfs when there is one (output speed is not what is measured).
bench_tmp() {
  local base=${TMPDIR:-/tmp}
  [[ -d /dev/shm && -w /dev/shm ]] && base=/dev/shm
  mktemp -d "$base/gpuguide-bench.XXXXXX"
}

# snapshot_gpuguide DIR: runs a copy of the binary taken now, so that a rebuild of
# ./build/gpuguide during a long run does not mix two binaries in one table. The siblings
# that run serve, diff and review (gpuguide-serve, gpuguide-review) and the chart renderer it
# loads (gpuguide-charts.so) are copied with it.
snapshot_gpuguide() {
  local sibling
  cp "$GPUGUIDE" "$1/gpuguide"
  for sibling in gpuguide-serve gpuguide-review gpuguide-charts.so; do
    [[ -e $(dirname "$GPUGUIDE")/$sibling ]] && cp "$(dirname "$GPUGUIDE")/$sibling" "$1/"
  done
  GPUGUIDE=$1/gpuguide
}

# measure OUT_VAR_PREFIX LOG -- COMMAND…: runs the command under measure.py; sets
# ${prefix}_wall, ${prefix}_cpu (user + sys, s, to the millisecond) and ${prefix}_rss (peak,
# MiB); the command's output goes to LOG. Returns the command's exit status.
measure() {
  local prefix=$1 log=$2; shift 3
  local line rc=0
  line=$(python3 "$bench_repo/tests/bench/measure.py" --log "$log" -- "$@") || rc=$?
  local e u s m
  read -r e u s m <<<"${line##*$'\n'}"
  printf -v "${prefix}_wall" '%.3f' "$e"
  printf -v "${prefix}_cpu" '%s' "$(awk -v u="$u" -v s="$s" 'BEGIN{printf "%.3f", u + s}')"
  printf -v "${prefix}_rss" '%s' "$((m / 1024))"
  return $rc
}

median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{a[NR]=$1} END {if (NR == 0) print "nan"; else print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN{ if (b + 0 == 0) print "nan"; else printf "%.2f", a / b }'; }
# verdict VALUE OP TARGET: "met" or "not met" (OP: ge or le).
verdict() {
  awk -v v="$1" -v t="$3" -v op="$2" 'BEGIN{ if (v == "nan") print "n/a"; else if ((op == "ge" && v >= t) || (op == "le" && v <= t)) print "met"; else print "NOT MET" }'
}
