#!/usr/bin/env python3
"""The cold build is the oracle (issue 33): after every step of a seeded random sequence of
edits, the incremental site equals a cold build of the same inputs, with `diff -r`.

A copy of the fixture site tests/sites/mini (with the repository's templates/ and assets/) is
edited step by step the way maintainers and careless tools do: prose, headings, titles and
navigation flags; pages and chapters added and removed; translations added and removed; data
values, new price observations, UI strings, templates and assets; reverts to an earlier state
of the inputs; and the output folder itself tampered with (a byte changed with its time kept,
a symbolic link, a FIFO, a stray file or folder planted in site/ or in its standby tree).
After each step:
  - the warm build (ROOT/.cache kept, into the same output folder every time) and a cold build
    (--no-cache, into an empty folder) exit with the same code and print the same diagnostics;
  - when they succeed, `diff -r --no-dereference` finds no difference between the two sites.
The first difference stops the run and prints the seed, the step and the edits so far, so a
failure is reproduced with --seed S --edits N.

  tests/property_incremental.py --gpuguide build/gpuguide --source . [--work DIR]
                                [--seeds 1,2,3] [--edits 40]
python3 standard library and diffutils only.
"""
import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

GPUS = ["rtx-3060-12gb", "rtx-3090", "rtx-4090", "rtx-5090", "h100-sxm"]
GPU_NAMES = ["GeForce RTX 3060 12 GB", "GeForce RTX 3090", "GeForce RTX 4090",
             "GeForce RTX 5090", "H100 SXM"]
LANGS = ["en", "fr", "zh-Hans"]


def assemble(source, root):
    shutil.copytree(os.path.join(source, "tests", "sites", "mini"), root)
    for d in ("templates", "assets"):
        shutil.copytree(os.path.join(source, d), os.path.join(root, d))


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def inputs_of(root):
    """Every input file (relative path -> bytes), for reverts."""
    state = {}
    for top in ("data", "content", "templates", "assets"):
        for d, _, names in os.walk(os.path.join(root, top)):
            for n in names:
                p = os.path.join(d, n)
                with open(p, "rb") as f:
                    state[os.path.relpath(p, root)] = f.read()
    return state


def restore(root, state):
    for rel in inputs_of(root):
        if rel not in state:
            os.remove(os.path.join(root, rel))
    for rel, data in state.items():
        p = os.path.join(root, rel)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        old = None
        if os.path.exists(p):
            with open(p, "rb") as f:
                old = f.read()
        if old != data:
            with open(p, "wb") as f:
                f.write(data)
    # Folders left empty by the revert (a removed chapter's) go too.
    for top in ("content",):
        for d, dirs, names in os.walk(os.path.join(root, top), topdown=False):
            if not dirs and not names and d != os.path.join(root, top):
                try:
                    os.rmdir(d)
                except OSError:
                    pass


def pages(root, lang=None):
    out = []
    for lg in ([lang] if lang else LANGS):
        base = os.path.join(root, "content", lg)
        for d, _, names in os.walk(base):
            for n in names:
                if n.endswith(".md"):
                    out.append(os.path.relpath(os.path.join(d, n), root))
    return sorted(out)


def edit_nth(path, pattern, n, make):
    text = read(path)
    found = list(re.finditer(pattern, text))
    if not found:
        return False
    m = found[n % len(found)]
    write(path, text[:m.start()] + make(m) + text[m.end():])
    return True


def front_matter(title, order, nav, extra=""):
    return (f'---\ntitle: "{title}"\ndescription: "A page added by the property test."\n'
            f"order: {order}\ndate: 2026-11-2{order % 8}\nnav: {'true' if nav else 'false'}\n"
            f"{extra}---\n\n")


class Editor:
    def __init__(self, root, out, rng):
        self.root, self.out, self.rng = root, out, rng
        self.history = []  # input states, for reverts
        self.counter = 0

    def pick(self, seq):
        return seq[self.rng.randrange(len(seq))]

    def n(self):
        self.counter += 1
        return self.counter

    # --- prose and front matter -------------------------------------------------------------
    def prose(self):
        page = self.pick(pages(self.root))
        name = self.pick(GPU_NAMES) if self.rng.random() < 0.3 else "the card"
        with open(os.path.join(self.root, page), "a", encoding="utf-8") as f:
            f.write(f"\nAn added sentence about {name}, edit {self.n()}.\n")
        return f"prose added to {page}"

    def heading(self):
        page = self.pick(pages(self.root))
        k = self.n()
        name = self.pick(GPU_NAMES)
        with open(os.path.join(self.root, page), "a", encoding="utf-8") as f:
            f.write(f"\n## Added section {k} {{#added-{k}}}\n\nWhat {name} does here.\n")
        return f"a heading added to {page}"

    def title(self):
        page = self.pick(pages(self.root))
        k = self.n()
        ok = edit_nth(os.path.join(self.root, page), r'(?m)^title: "([^"]*)"$', 0,
                      lambda m: f'title: "{m.group(1)} {k}"')
        return f"title of {page} edited" if ok else "nothing (no title)"

    def nav(self):
        page = self.pick(pages(self.root, "en"))
        ok = edit_nth(os.path.join(self.root, page), r"(?m)^nav: (true|false)$", 0,
                      lambda m: "nav: " + ("false" if m.group(1) == "true" else "true"))
        return f"nav flag of {page} flipped" if ok else "nothing (no nav flag)"

    def order(self):
        page = self.pick(pages(self.root, "en"))
        v = self.rng.randrange(0, 60)
        ok = edit_nth(os.path.join(self.root, page), r"(?m)^order: -?[0-9]+$", 0,
                      lambda m: f"order: {v}")
        return f"order of {page} set to {v}" if ok else "nothing (no order)"

    # --- pages and translations -------------------------------------------------------------
    def add_page(self):
        k = self.n()
        chapter = self.rng.random() < 0.5
        rel = f"content/en/guide/extra-{k}.md" if chapter else f"content/en/extra-{k}.md"
        nav = not chapter and self.rng.random() < 0.6
        body = f"A new page, number {k}, about {self.pick(GPU_NAMES)}.\n\n## First part\n\nText.\n"
        write(os.path.join(self.root, rel),
              front_matter(f"Extra page {k}", self.rng.randrange(1, 50), nav) + body)
        return f"page {rel} added (nav {nav})"

    def remove_page(self):
        candidates = [p for p in pages(self.root) if "extra-" in p or not p.startswith("content/en/")]
        if not candidates:
            return "nothing (no page to remove)"
        page = self.pick(candidates)
        os.remove(os.path.join(self.root, page))
        return f"page {page} removed"

    def translate(self):
        src = self.pick(pages(self.root, "en"))
        lang = self.pick(["fr", "zh-Hans"])
        dst = src.replace("content/en/", f"content/{lang}/", 1)
        text = read(os.path.join(self.root, src))
        text = re.sub(r'(?m)^title: "([^"]*)"$', lambda m: f'title: "{m.group(1)} ({lang})"', text, 1)
        write(os.path.join(self.root, dst), text)
        return f"{src} translated into {dst}"

    # --- data -------------------------------------------------------------------------------
    def price(self):
        v = self.rng.randrange(50, 40000)
        edit_nth(os.path.join(self.root, "data/prices.json"), r'"price": [0-9.]+',
                 self.rng.randrange(64), lambda m: f'"price": {v}')
        return f"a price set to {v}"

    def spec(self):
        v = self.rng.randrange(300, 3300)
        edit_nth(os.path.join(self.root, "data/gpus.json"), r'"bandwidth_gbs": [0-9.]+',
                 self.rng.randrange(8), lambda m: f'"bandwidth_gbs": {v}')
        return f"a bandwidth set to {v}"

    def observation(self):
        path = os.path.join(self.root, "data/prices.json")
        gpu = self.pick(GPUS)
        cond = self.pick(["new", "used"])
        date = f"2026-{self.rng.randrange(9, 12):02d}-{self.rng.randrange(1, 29):02d}"
        price = self.rng.randrange(200, 30000)
        obs = (f'    {{\n      "gpu": "{gpu}",\n      "date": "{date}",\n'
               f'      "condition": "{cond}",\n      "region": "US",\n      "currency": "USD",\n'
               f'      "price": {price},\n      "source": "Property test shop {self.n()}"\n    }},\n')
        text = read(path)
        at = text.index('"observations": [') + len('"observations": [\n')
        write(path, text[:at] + obs + text[at:])
        return f"an observation of {gpu} ({cond}, {date}, {price}) added"

    def ui_string(self):
        lang = self.pick(LANGS)
        k = self.n()
        edit_nth(os.path.join(self.root, f"content/{lang}/_strings.json"),
                 r'": "([^"{}\\]+)"', self.rng.randrange(300),
                 lambda m: f'": "{m.group(1)} ({k})"')
        return f"a UI string of {lang} edited"

    def template(self):
        name = self.pick(["page", "base", "gpu", "gpus", "home", "compare"])
        path = os.path.join(self.root, "templates", name + ".html")
        with open(path, "a", encoding="utf-8") as f:
            f.write(f"<!-- edit {self.n()} -->\n")
        return f"templates/{name}.html edited"

    def asset(self):
        name = self.pick(["style.css", "explore.css", "explore.js", "calculator.css"])
        path = os.path.join(self.root, "assets", name)
        note = f"/* edit {self.n()} */\n"
        with open(path, "a", encoding="utf-8") as f:
            f.write(note)
        return f"assets/{name} edited"

    def revert(self):
        if not self.history:
            return "nothing (no earlier state)"
        i = self.rng.randrange(len(self.history))
        restore(self.root, self.history[i])
        return f"inputs reverted to their state after step {i}"

    # --- the output folder ------------------------------------------------------------------
    def output_files(self, top):
        out = []
        for d, _, names in os.walk(top):
            for n in names:
                p = os.path.join(d, n)
                if os.path.isfile(p) and not os.path.islink(p):
                    out.append(p)
        return sorted(out)

    def tamper(self):
        top = self.out if self.rng.random() < 0.7 else standby_of(self.out)
        files = self.output_files(top)
        if not files:
            return "nothing (no output file)"
        p = self.pick(files)
        st = os.stat(p)
        with open(p, "r+b") as f:
            data = f.read()
            if not data:
                return "nothing (empty file)"
            i = self.rng.randrange(len(data))
            f.seek(i)
            f.write(bytes([data[i] ^ 0x20]))
        os.utime(p, ns=(st.st_atime_ns, st.st_mtime_ns))
        return f"a byte of {os.path.relpath(p, os.path.dirname(self.out))} changed, time kept"

    def plant(self):
        top = self.out if self.rng.random() < 0.7 else standby_of(self.out)
        if not os.path.isdir(top):
            return "nothing (no folder to plant in)"
        folders = [d for d, _, _ in os.walk(top)]
        d = self.pick(sorted(folders))
        kind = self.pick(["symlink", "fifo", "file", "folder", "dangling"])
        p = os.path.join(d, f"planted-{self.n()}" + (".txt" if kind != "folder" else ""))
        if kind == "symlink":
            os.symlink("/etc/hostname", p)
        elif kind == "dangling":
            os.symlink("/nonexistent/target", p)
        elif kind == "fifo":
            os.mkfifo(p)
        elif kind == "file":
            write(p, "stray\n")
        else:
            os.makedirs(os.path.join(p, "inner"))
            write(os.path.join(p, "inner", "x.html"), "stray\n")
        return f"a {kind} planted at {os.path.relpath(p, os.path.dirname(self.out))}"

    def replace_by_link(self):
        """A planned file replaced by a link to a file outside (same bytes)."""
        files = self.output_files(self.out)
        if not files:
            return "nothing (no output file)"
        p = self.pick(files)
        outside = os.path.join(os.path.dirname(os.path.dirname(self.out)),
                               f"outside-{self.n()}")
        shutil.copyfile(p, outside)
        os.remove(p)
        os.symlink(outside, p)
        return f"{os.path.relpath(p, os.path.dirname(self.out))} replaced by a link"

    OPS = [("prose", 10), ("heading", 5), ("title", 5), ("nav", 4), ("order", 3),
           ("add_page", 6), ("remove_page", 4), ("translate", 5), ("price", 8),
           ("spec", 4), ("observation", 6), ("ui_string", 4), ("template", 4), ("asset", 4),
           ("revert", 6), ("tamper", 5), ("plant", 5), ("replace_by_link", 2)]

    def step(self):
        names = [n for n, _ in self.OPS]
        weights = [w for _, w in self.OPS]
        op = self.rng.choices(names, weights)[0]
        return op, getattr(self, op)()


def standby_of(out):
    return os.path.join(os.path.dirname(out), "." + os.path.basename(out) + ".standby")


def diagnostics(err):
    return sorted(l for l in err.splitlines() if ": error:" in l or ": warning:" in l)


def build(gpuguide, root, out, cold):
    args = [gpuguide, "build", "--root", root, "--out", out, "--jobs", "2"]
    if cold:
        args.append("--no-cache")
    return subprocess.run(args, capture_output=True, text=True)


def run_seed(args, seed, work):
    rng = random.Random(seed)
    root = os.path.join(work, f"root-{seed}")
    warm = os.path.join(work, f"warm-{seed}", "site")
    cold = os.path.join(work, f"cold-{seed}", "site")
    for p in (root, os.path.dirname(warm), os.path.dirname(cold)):
        shutil.rmtree(p, ignore_errors=True)
    os.makedirs(os.path.dirname(warm))
    assemble(args.source, root)
    editor = Editor(root, warm, rng)
    log = [f"seed {seed}"]
    kinds = {}
    compared = failed = 0
    last_good = None  # the inputs of the last step that built, to leave an error state
    broken = False
    for step in range(args.edits + 1):
        if step > 0 and broken and last_good is not None and rng.random() < 0.5:
            restore(root, last_good)
            log.append(f"{step}: inputs reverted to the last state that built")
            kinds["revert_to_good"] = kinds.get("revert_to_good", 0) + 1
        elif step > 0:
            op, what = editor.step()
            log.append(f"{step}: {what}")
            kinds[op] = kinds.get(op, 0) + 1
        w = build(args.gpuguide, root, warm, False)
        shutil.rmtree(os.path.dirname(cold), ignore_errors=True)
        os.makedirs(os.path.dirname(cold))
        c = build(args.gpuguide, root, cold, True)
        problem = None
        if w.returncode != c.returncode:
            problem = f"exit codes differ: warm {w.returncode}, cold {c.returncode}"
        elif diagnostics(w.stderr) != diagnostics(c.stderr):
            problem = "diagnostics differ"
        elif c.returncode == 0:
            d = subprocess.run(["diff", "-r", "--no-dereference", "-q", cold, warm],
                               capture_output=True, text=True)
            if d.returncode != 0:
                problem = "sites differ (cold, then warm):\n" + d.stdout[:4000] + d.stderr[:2000]
            compared += 1
        else:
            failed += 1
        broken = c.returncode != 0
        if not broken:
            last_good = inputs_of(root)
        if problem:
            print("\n".join(log[-60:]), file=sys.stderr)
            print(f"FAIL: seed {seed}, step {step}: {problem}", file=sys.stderr)
            print("warm stderr:\n" + w.stderr[-3000:], file=sys.stderr)
            print("cold stderr:\n" + c.stderr[-3000:], file=sys.stderr)
            return False, step
        editor.history.append(inputs_of(root))
        if len(editor.history) > 30:
            editor.history.pop(rng.randrange(len(editor.history) - 1))
    shutil.rmtree(os.path.dirname(cold), ignore_errors=True)
    print(f"seed {seed}: edits by kind: " +
          ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())) +
          f"; {compared} steps compared with diff -r, {failed} with a failed build (same "
          "exit code and diagnostics)")
    return True, args.edits


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gpuguide", required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("--work", default=None)
    ap.add_argument("--seeds", default="1,2,3", help="comma-separated seeds")
    ap.add_argument("--edits", type=int, default=40, help="edits per seed")
    args = ap.parse_args()
    args.gpuguide = os.path.abspath(args.gpuguide)
    args.source = os.path.abspath(args.source)
    work = args.work or tempfile.mkdtemp(prefix="gg-property-")
    os.makedirs(work, exist_ok=True)
    work = os.path.abspath(work)
    start = time.monotonic()
    total = 0
    for seed in [int(s) for s in args.seeds.split(",") if s]:
        ok, steps = run_seed(args, seed, work)
        total += steps
        if not ok:
            return 1
        print(f"seed {seed}: {steps} edits, incremental == cold after each "
              f"({time.monotonic() - start:.0f} s so far)")
    print(f"property_incremental: {total} edits, every step equal to a cold build, "
          f"{time.monotonic() - start:.0f} s")
    if not args.work:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
