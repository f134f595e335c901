#!/usr/bin/env python3
"""Runs a command and prints its wall time, user and system CPU time (seconds, to the
microsecond) and peak resident set size (KiB): "wall user sys maxrss_kib", on stdout's last
line. GNU time prints times to the hundredth of a second, too coarse for the incremental
builds of tests/bench/incremental.sh (60 ms, where 10 ms moved a ratio past its target).
The command's output goes to the file given with --log; its exit status is this script's.
  measure.py --log FILE -- COMMAND ARGS...
"""
import argparse
import os
import resource
import subprocess
import sys
import time


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--log", required=True)
    ap.add_argument("command", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    cmd = a.command[1:] if a.command[:1] == ["--"] else a.command
    if not cmd:
        ap.error("no command")
    with open(a.log, "wb") as log:
        t0 = time.perf_counter()
        # wait4 gives this child's own rusage (RUSAGE_CHILDREN would add earlier children).
        proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    print(f"{wall:.6f} {usage.ru_utime:.6f} {usage.ru_stime:.6f} {usage.ru_maxrss}")
    return proc.returncode if proc.returncode >= 0 else 128 - proc.returncode


if __name__ == "__main__":
    sys.exit(main())
