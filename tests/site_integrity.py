#!/usr/bin/env python3
"""What the build writes, and where (issue 33), python3 standard library only.

Each case builds a copy of the fixture site tests/sites/mini (with the repository's templates/
and assets/) and checks one rule:
  incremental == cold   a new page in the navigation, a translation with its own title, a new
                        heading in a chapter: the incremental site equals a cold build (diff -r);
  the site as recorded  a byte of site/ changed with its time kept is rewritten by the next
                        build, even one with no input changed; a symbolic link, FIFO, stray file
                        or empty folder planted in site/ is removed; a planned file replaced by a
                        link becomes a file again;
  no write via a link   a link in .cache/ sends nothing outside it (a warning names it); an
                        --out that is a link is built into its target, said, and kept a link;
                        review --thumbnails refuses a link where a thumbnail goes, naming it;
                        stamp refuses a read-only file and a link;
  real causes           an unreadable assets/ folder and an unwritable output parent (run as an
                        unprivileged user when this runs as root) and a mount point as --out are
                        errors that say so.

  tests/site_integrity.py --gpuguide build/gpuguide --source . [--work DIR] [--only CASE]
"""
import argparse
import os
import pwd
import shutil
import stat
import subprocess
import sys
import tempfile

CASES = []


def case(fn):
    CASES.append(fn)
    return fn


class Failure(Exception):
    pass


def check(cond, what):
    if not cond:
        raise Failure(what)


def assemble(source, root):
    shutil.copytree(os.path.join(source, "tests", "sites", "mini"), root)
    for d in ("templates", "assets"):
        shutil.copytree(os.path.join(source, d), os.path.join(root, d))


def run(cmd, user=None, **kw):
    pre = None
    if user is not None:
        def pre():
            os.setgid(user.pw_gid)
            os.setgroups([])
            os.setuid(user.pw_uid)
    return subprocess.run(cmd, capture_output=True, text=True, preexec_fn=pre, **kw)


def read(p, mode="r"):
    with open(p, mode) as f:
        return f.read()


def append(p, text):
    with open(p, "a", encoding="utf-8") as f:
        f.write(text)


class Env:
    def __init__(self, gpuguide, source, top):
        self.gpuguide, self.source, self.top = gpuguide, source, top
        self.root = os.path.join(top, "root")
        self.out = os.path.join(top, "site")
        assemble(source, self.root)

    def build(self, *extra, out=None, user=None, cold=False):
        args = [self.gpuguide, "build", "--root", self.root, "--out", out or self.out,
                "--jobs", "2", *extra]
        if cold:
            args.append("--no-cache")
        return run(args, user)

    def ok(self, r, what):
        check(r.returncode == 0, f"{what}: exit {r.returncode}\n{r.stderr[-2000:]}")

    def same_as_cold(self, what):
        cold = os.path.join(self.top, "cold", "site")
        shutil.rmtree(os.path.dirname(cold), ignore_errors=True)
        os.makedirs(os.path.dirname(cold))
        self.ok(self.build(out=cold, cold=True), what + " (cold build)")
        d = run(["diff", "-r", "--no-dereference", "-q", cold, self.out])
        check(d.returncode == 0, f"{what}: the incremental site differs from a cold build:\n"
                                 + d.stdout[:3000] + d.stderr[:1000])


# --- incremental == cold --------------------------------------------------------------------
@case
def new_page_in_navigation(env):
    env.ok(env.build(), "first build")
    with open(os.path.join(env.root, "content/en/extra.md"), "w") as f:
        f.write('---\ntitle: "An extra page"\ndescription: "Added."\norder: 5\n'
                'date: 2026-11-22\nnav: true\n---\n\nA new page.\n')
    env.ok(env.build(), "build after adding a page to the navigation")
    home = read(os.path.join(env.out, "en/index.html"))
    check("An extra page" in home, "en/index.html does not link the new page in its navigation")
    env.same_as_cold("a page added to the navigation")
    append(os.path.join(env.root, "content/en/guide.md"), "\nOne more sentence.\n")
    env.ok(env.build(), "build after a prose edit")
    env.same_as_cold("a prose edit after a page was added")


@case
def translated_title_in_navigation(env):
    env.ok(env.build(), "first build")
    src = read(os.path.join(env.root, "content/en/guide.md"))
    with open(os.path.join(env.root, "content/fr/guide.md"), "w") as f:
        f.write(src.replace('title: "The guide"', 'title: "Le guide"'))
    env.ok(env.build(), "build after adding a translation")
    check("Le guide" in read(os.path.join(env.out, "fr/index.html")),
          "fr/index.html does not show the translated title in its navigation")
    env.same_as_cold("a translation added")


@case
def heading_of_a_chapter(env):
    env.ok(env.build(), "first build")
    append(os.path.join(env.root, "content/en/guide/memory.md"),
           "\n## A new section {#a-new-section}\n\nText.\n")
    env.ok(env.build(), "build after a new heading")
    check("a-new-section" in read(os.path.join(env.out, "en/guide/index.html")),
          "the contents page does not list the chapter's new heading")
    env.same_as_cold("a heading added to a chapter")


# --- the site as recorded -------------------------------------------------------------------
def tamper(path):
    st = os.stat(path)
    data = bytearray(read(path, "rb"))
    i = len(data) // 2
    data[i] ^= 0x20
    with open(path, "r+b") as f:
        f.write(bytes(data))
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))


@case
def tampered_file_with_time_kept(env):
    env.ok(env.build(), "first build")
    page = os.path.join(env.out, "en/index.html")
    good = read(page, "rb")
    tamper(page)
    env.ok(env.build(), "no-change build after tampering")
    check(read(page, "rb") == good, "a tampered file (time kept) survived a no-change build")
    tamper(page)
    prices = os.path.join(env.root, "data/prices.json")
    text = read(prices)
    with open(prices, "w") as f:
        f.write(text.replace('"price": 1499', '"price": 1498', 1))
    env.ok(env.build(), "build after tampering and a price edit")
    env.same_as_cold("a tampered file, then a price edit")
    tamper(os.path.join(env.out, "en/gpus/index.html"))
    env.ok(env.build(), "a second no-change build")  # the file now also sits in the standby
    env.same_as_cold("a tampered file that the standby tree shares")


@case
def planted_entries_removed(env):
    env.ok(env.build(), "first build")
    # What the listing of regular files does not see, then a stray file.
    for planted in ({"passwd.txt": lambda p: os.symlink("/etc/passwd", p),
                     "en/pipe": lambda p: os.mkfifo(p),
                     "en/empty-folder": lambda p: os.mkdir(p)},
                    {"en/stray.html": lambda p: open(p, "w").write("stray\n")}):
        for rel, make in planted.items():
            make(os.path.join(env.out, rel))
        env.ok(env.build(), "no-change build after planting")
        for rel in planted:
            check(not os.path.lexists(os.path.join(env.out, rel)),
                  f"{rel} planted in site/ survived a no-change build")
        env.same_as_cold("entries planted in site/")


@case
def planned_file_replaced_by_link(env):
    env.ok(env.build(), "first build")
    page = os.path.join(env.out, "en/index.html")
    outside = os.path.join(env.top, "outside.html")
    shutil.copyfile(page, outside)
    os.remove(page)
    os.symlink(outside, page)
    env.ok(env.build(), "build after replacing a page by a link")
    check(not os.path.islink(page), "en/index.html is still a symbolic link")
    env.same_as_cold("a page replaced by a link")
    # Once more through the standby tree, with a price edit.
    os.remove(page)
    os.symlink(outside, page)
    prices = os.path.join(env.root, "data/prices.json")
    text = read(prices)
    with open(prices, "w") as f:
        f.write(text.replace('"price": 1499', '"price": 1497', 1))
    env.ok(env.build(), "build after a link and a price edit")
    check(not os.path.islink(page), "en/index.html is still a symbolic link after a price edit")
    env.same_as_cold("a page replaced by a link, then a price edit")


# --- no write through a link ----------------------------------------------------------------
@case
def cache_link_not_followed(env):
    env.ok(env.build(), "first build")
    outside = os.path.join(env.top, "outside-cache")
    os.makedirs(outside)
    page_dir = os.path.join(env.root, ".cache", "page")
    shutil.rmtree(page_dir)
    os.symlink(outside, page_dir)
    append(os.path.join(env.root, "content/en/guide.md"), "\nA sentence.\n")
    r = env.build()
    env.ok(r, "build with a link in .cache")
    check(os.listdir(outside) == [], f"the cache wrote {len(os.listdir(outside))} file(s) through "
                                     "a link to a folder outside it")
    check("symbolic link" in r.stderr and "page" in r.stderr,
          "no warning names the link in the cache:\n" + r.stderr[-1500:])
    env.same_as_cold("a build with a link in .cache")


@case
def out_link_kept(env):
    real = os.path.join(env.top, "real-site")
    os.makedirs(real)
    link = os.path.join(env.top, "site-link")
    os.symlink(real, link)
    for n in (1, 2):
        r = env.build(out=link)
        env.ok(r, f"build {n} into a linked --out")
        check(os.path.islink(link), f"build {n} replaced the --out link by a folder")
        check(os.path.realpath(link) == os.path.realpath(real), "the link points elsewhere now")
        check(os.path.isfile(os.path.join(real, "en/index.html")),
              "the folder the link points to has no site")
        check("symbolic link" in r.stderr and real in r.stderr,
              "the resolution of --out is not stated:\n" + r.stderr[-1000:])
        append(os.path.join(env.root, "content/en/guide.md"), "\nA sentence.\n")


@case
def stamp_refuses_read_only_and_links(env):
    page = os.path.join(env.root, "content/fr/index.md")
    append(os.path.join(env.root, "content/en/index.md"), "\nA new sentence.\n")
    before = read(page, "rb")
    os.chmod(page, 0o444)
    r = run([env.gpuguide, "stamp", "--root", env.root, "content/fr/index.md"])
    check(r.returncode == 1, f"stamp of a read-only file: exit {r.returncode}\n{r.stderr}")
    check("read-only" in r.stderr, "stamp does not say the file is read-only:\n" + r.stderr)
    check(read(page, "rb") == before, "stamp changed a read-only file")
    os.chmod(page, 0o644)
    target = os.path.join(env.root, "content/fr/index-real.md")
    os.rename(page, target)
    os.symlink("index-real.md", page)
    r = run([env.gpuguide, "stamp", "--root", env.root, "content/fr/index.md"])
    check(r.returncode == 1, f"stamp of a link: exit {r.returncode}\n{r.stderr}")
    check("symbolic link" in r.stderr, "stamp does not say the file is a link:\n" + r.stderr)
    check(os.path.islink(page), "stamp replaced the link by a file")
    check(read(target, "rb") == before, "stamp wrote through the link")


@case
def thumbnails_refuse_links(env):
    git = ["git", "-C", env.root, "-c", "user.name=t", "-c", "user.email=t@t"]
    for cmd in (["init", "-q", "-b", "main"], ["add", "-A"], ["commit", "-qm", "base"]):
        r = run(git + cmd)
        check(r.returncode == 0, f"git {cmd[0]}: {r.stderr}")
    prices = os.path.join(env.root, "data/prices.json")
    text = read(prices)
    with open(prices, "w") as f:
        f.write(text.replace('"price": 1499', '"price": 999', 1))
    clean = os.path.join(env.top, "thumbs-clean")
    r = run([env.gpuguide, "review", "--root", env.root, "--no-cache", "--thumbnails", clean,
             "main"])
    check(r.returncode in (0, 1) and os.path.isdir(clean),
          f"review --thumbnails: exit {r.returncode}\n{r.stderr[-1500:]}")
    names = sorted(os.listdir(clean))
    if not names:
        print("thumbnails_refuse_links: the change drew no chart thumbnails; nothing to check")
        return
    victim = os.path.join(env.top, "victim.txt")
    with open(victim, "w") as f:
        f.write("a user's file\n")
    linked = os.path.join(env.top, "thumbs-linked")
    os.makedirs(linked)
    for n in names:
        os.symlink(victim, os.path.join(linked, n))
    r = run([env.gpuguide, "review", "--root", env.root, "--no-cache", "--thumbnails", linked,
             "main"])
    check(read(victim, "rb") == b"a user's file\n", "review wrote a thumbnail through a link")
    check(r.returncode != 0, "review --thumbnails into links succeeded")
    check("symbolic link" in r.stderr and any(n in r.stderr for n in names),
          "review does not name the link:\n" + r.stderr[-1500:])


# --- real causes ----------------------------------------------------------------------------
def unprivileged(env):
    """A user without root's power over permissions, when this runs as root (else None)."""
    if os.geteuid() != 0:
        return None
    user = pwd.getpwnam("nobody")
    for d, dirs, files in os.walk(env.top):
        os.chmod(d, 0o777)
        for n in files:
            os.chmod(os.path.join(d, n), 0o666)
    p = env.top
    while p != "/":  # the path down to the work folder must be traversable
        os.chmod(p, os.stat(p).st_mode | 0o005)
        p = os.path.dirname(p)
    return user


@case
def unreadable_assets_folder(env):
    user = unprivileged(env)
    os.chmod(os.path.join(env.root, "assets"), 0o000)
    try:
        r = env.build("--no-cache", user=user)
    finally:
        os.chmod(os.path.join(env.root, "assets"), 0o777)
    check(r.returncode == 1, f"an unreadable assets/ folder: exit {r.returncode}\n{r.stderr[-1500:]}")
    check("assets: error: cannot read this folder: Permission denied" in r.stderr,
          "no located error for the unreadable assets/ folder:\n" + r.stderr[-1500:])


@case
def unwritable_output_parent(env):
    user = unprivileged(env)
    parent = os.path.join(env.top, "locked")
    os.makedirs(parent)
    os.chmod(parent, 0o555)
    r = env.build("--no-cache", out=os.path.join(parent, "site"), user=user)
    os.chmod(parent, 0o755)
    check(r.returncode == 1, f"an unwritable output parent: exit {r.returncode}\n{r.stderr[-1500:]}")
    check("lock file" not in r.stderr and "cannot write in" in r.stderr and
          "Permission denied" in r.stderr,
          "the error does not name the real cause:\n" + r.stderr[-1500:])


@case
def mount_point_as_out(env):
    if not shutil.which("unshare") or run(["unshare", "-rm", "true"]).returncode != 0:
        print("mount_point_as_out: skipped (no user and mount namespaces here)")
        return
    mnt = os.path.join(env.top, "mnt")
    os.makedirs(mnt)
    script = (f"mount -t tmpfs none {mnt} && {env.gpuguide} build --no-cache --root {env.root} "
              f"--out {mnt}")
    r = run(["unshare", "-rm", "sh", "-c", script])
    check(r.returncode == 1, f"a mount point as --out: exit {r.returncode}\n{r.stderr[-1500:]}")
    check("is a mount point" in r.stderr, "no clear message for a mount point:\n" + r.stderr[-1500:])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gpuguide", required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("--work")
    ap.add_argument("--only")
    args = ap.parse_args()
    gpuguide = os.path.abspath(args.gpuguide)
    source = os.path.abspath(args.source)
    work = os.path.abspath(args.work) if args.work else tempfile.mkdtemp(prefix="gg-integrity-")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    failures = []
    for fn in CASES:
        if args.only and fn.__name__ != args.only:
            continue
        top = os.path.join(work, fn.__name__)
        os.makedirs(top)
        try:
            fn(Env(gpuguide, source, top))
            print(f"ok    {fn.__name__}")
        except Failure as e:
            print(f"FAIL  {fn.__name__}: {e}")
            failures.append(fn.__name__)
    if failures:
        print(f"{len(failures)} case(s) failed: {', '.join(failures)}")
        return 1
    if not args.work:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
