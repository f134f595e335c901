#!/usr/bin/env python3
"""`stamp` and `build` when the disk is full (issue 9), python3 standard library only.

Each command is run twice on a copy of the fixture site tests/sites/mini (with the
repository's templates/ and assets/) whose inputs were changed so that it has something to
write: first with every write made to fail, then normally. The failing run must exit non-zero
(not by a signal) with a message naming the write that failed and why, and leave every input
file, the previous site and the stamped page byte- and mtime-identical, with no temporary or
staging file behind; the normal run must then succeed and change them (so the first run failed
because of the disk, not for another reason).

Two ways to fill the disk:
  - efbig: RLIMIT_FSIZE set to a few bytes, SIGXFSZ ignored, so that write() fails with EFBIG.
    Works for any user, root included.
  - enospc: a real full file system, a 4 MiB tmpfs filled to the last page, mounted in a
    private user and mount namespace (`unshare -rm`). Skipped, with a note, where namespaces
    are not allowed (e.g. some containers).

  tests/full_disk.py --gpuguide build/gpuguide --source . [--work DIR]
Builds run with --no-cache: the cache lives beside the inputs and a full disk only costs
it entries (tests/unit/incremental_test.cc covers a damaged cache).
"""
import argparse
import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile


def assemble(source, root):
    shutil.copytree(os.path.join(source, "tests", "sites", "mini"), root)
    for d in ("templates", "assets"):
        shutil.copytree(os.path.join(source, d), os.path.join(root, d))


def snapshot(top):
    """Every entry under `top` (links not followed): bytes and mtime of files, names of the rest."""
    state = {}
    for d, dirs, names in os.walk(top):
        for n in dirs + names:
            p = os.path.join(d, n)
            st = os.lstat(p)
            rel = os.path.relpath(p, top)
            if os.path.isfile(p) and not os.path.islink(p):
                with open(p, "rb") as f:
                    state[rel] = (f.read(), st.st_mtime_ns)
            else:
                state[rel] = ("dir" if os.path.isdir(p) else "other", None)
    return state


def differences(before, after):
    out = [f"gone: {p}" for p in sorted(set(before) - set(after))]
    out += [f"new: {p}" for p in sorted(set(after) - set(before))]
    for p in sorted(set(before) & set(after)):
        if before[p][0] != after[p][0]:
            out.append(f"bytes changed: {p}")
        elif before[p][1] != after[p][1]:
            out.append(f"mtime changed: {p}")
    return out


def fsize_limit(limit):
    def apply():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return apply


def run(cmd, preexec=None):
    return subprocess.run(cmd, capture_output=True, text=True, preexec_fn=preexec)


def check_pair(name, failures, top, cmd, reason, preexec=None, expect_changed=(),
               make_room=lambda: None):
    """Runs cmd under the full disk, then (after make_room()) normally; `top` holds every file
    it may touch."""
    before = snapshot(top)
    r = run(cmd, preexec)
    after = snapshot(top)
    msg = r.stderr.strip().splitlines()
    print(f"{name}: full disk: exit {r.returncode}: {msg[-1] if msg else '(no message)'}")
    if r.returncode <= 0:
        failures.append(f"{name}: exit {r.returncode} on a full disk (expected 1 or more)")
    if not any("cannot" in line and reason in line for line in msg):
        failures.append(f"{name}: no message naming the failed write and '{reason}':\n"
                        + r.stderr[-1500:])
    diff = differences(before, after)
    if diff:
        failures.append(f"{name}: the full disk changed files: " + "; ".join(diff[:10]))
    make_room()
    r = run(cmd)
    again = snapshot(top)
    print(f"{name}: normal run: exit {r.returncode}")
    if r.returncode != 0:
        failures.append(f"{name}: the normal run failed ({r.returncode}):\n{r.stderr[-1500:]}")
    for p in expect_changed:
        if p not in again or again[p][0] == before.get(p, (None,))[0]:
            failures.append(f"{name}: the normal run did not change {p}")


def prepare(source, top):
    """The fixture project in top/root."""
    root = os.path.join(top, "root")
    assemble(source, root)
    return root


def change_inputs(root):
    """A new title (every page changes) and a longer English home page (its translations are
    stale), so that a build and a stamp have bytes to write."""
    site_json = os.path.join(root, "data", "site.json")
    with open(site_json) as f:
        text = f.read()
    with open(site_json, "w") as f:
        f.write(text.replace('"gpuguide mini"', '"gpuguide mini (full disk)"'))
    with open(os.path.join(root, "content", "en", "index.md"), "a") as f:
        f.write("\nOne more sentence, so that the translations are stale.\n")


def efbig(gpuguide, source, work, failures):
    top = os.path.join(work, "efbig")
    os.makedirs(top)
    root = prepare(source, top)
    r = run([gpuguide, "build", "--no-cache", "--root", root, "--out", os.path.join(top, "site")])
    if r.returncode != 0:
        failures.append(f"efbig: the first build failed:\n{r.stderr[-1500:]}")
        return
    change_inputs(root)
    # 8 KiB: the small files of the site are written, a larger page is cut short.
    check_pair("efbig build", failures, top,
               [gpuguide, "build", "--no-cache", "--root", root, "--out", os.path.join(top, "site"),
                "--jobs", "2"],
               "File too large", fsize_limit(8192), expect_changed=["site/en/index.html"])
    # Half the page: the new text is partly written when the write fails.
    page = os.path.join(root, "content", "fr", "index.md")
    check_pair("efbig stamp", failures, top,
               [gpuguide, "stamp", "--root", root, "content/fr/index.md"],
               "File too large", fsize_limit(os.path.getsize(page) // 2),
               expect_changed=["root/content/fr/index.md"])


def enospc_inside(gpuguide, source, work, failures):
    """Runs in the private namespaces: mounts the tmpfs, fills it, checks."""
    top = os.path.join(work, "enospc")
    os.makedirs(top, exist_ok=True)
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "gg-full-disk", top], check=True)
    root = prepare(source, top)
    r = run([gpuguide, "build", "--no-cache", "--root", root, "--out", os.path.join(top, "site")])
    if r.returncode != 0:
        failures.append(f"enospc: the first build failed:\n{r.stderr[-1500:]}")
        return
    change_inputs(root)
    filler = os.path.join(top, "filler")

    def fill(leave):
        fd = os.open(filler, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        try:
            while os.write(fd, b"\1" * 4096) > 0:
                pass
        except OSError:
            pass  # ENOSPC: full
        os.ftruncate(fd, max(0, os.fstat(fd).st_size - leave))
        os.close(fd)
        st = os.statvfs(top)
        print(f"enospc: tmpfs filled, {st.f_bavail * st.f_frsize} bytes free")

    def make_room():
        os.remove(filler)

    fill(64 * 1024)  # room for some of the new site's files, not all
    check_pair("enospc build", failures, top,
               [gpuguide, "build", "--no-cache", "--root", root, "--out", os.path.join(top, "site"),
                "--jobs", "2"],
               "No space left on device", expect_changed=["site/en/index.html"],
               make_room=make_room)
    fill(0)
    check_pair("enospc stamp", failures, top,
               [gpuguide, "stamp", "--root", root, "content/fr/index.md"],
               "No space left on device", expect_changed=["root/content/fr/index.md"],
               make_room=make_room)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gpuguide", required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("--work")
    ap.add_argument("--enospc-inside", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args()
    gpuguide = os.path.abspath(a.gpuguide)
    source = os.path.abspath(a.source)
    failures = []
    if a.enospc_inside:
        enospc_inside(gpuguide, source, a.work, failures)
        for f in failures:
            print("FAILED: " + f)
        return 1 if failures else 0

    work = os.path.abspath(a.work or tempfile.mkdtemp(prefix="gg-full-disk-"))
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    efbig(gpuguide, source, work, failures)

    probe = subprocess.run(["unshare", "-rm", "true"], capture_output=True, text=True) \
        if shutil.which("unshare") else None
    if probe is None or probe.returncode != 0:
        why = "no unshare" if probe is None else probe.stderr.strip()
        print(f"enospc: skipped, no private mount namespace here ({why})")
    else:
        r = subprocess.run(["unshare", "-rm", sys.executable, os.path.abspath(__file__),
                            "--gpuguide", gpuguide, "--source", source, "--work", work,
                            "--enospc-inside"], capture_output=True, text=True)
        sys.stdout.write(r.stdout)
        if r.returncode != 0:
            failures.append(f"enospc: exit {r.returncode}\n{r.stderr[-1500:]}")

    if failures:
        print("FAILED:\n  " + "\n  ".join(failures))
        return 1
    if not a.work:
        shutil.rmtree(work, ignore_errors=True)
    print("full disk: every write failure was reported and left everything as it was")
    return 0


if __name__ == "__main__":
    sys.exit(main())
