#!/usr/bin/env python3
"""The module graph, checked three ways (ctest `module_graph`):

1. the graph CMakeLists.txt declares (module_graph.txt, written at configure time) equals the
   picture in README.md (the indented block after "<!-- module graph -->");
2. the graph has no cycle and every folder of generator/ is a declared module;
3. every `#include "m/…"` in generator/<module>/ names the module itself or one it links
   (directly or through the modules it links).
The build runs the same check before compiling any module (CMake target module_graph_check),
so an upward include fails the build.

usage: module_graph.py --source DIR --graph FILE [--quiet]   (exit 1, one line per problem)
       module_graph.py --self-test                    (the checks must catch planted mistakes)
"""
import argparse
import pathlib
import re
import sys
import tempfile

ARROW = "\u2192"


def parse_graph_file(text):
    graph = {}
    for line in text.splitlines():
        if ":" in line:
            name, deps = line.split(":", 1)
            graph[name.strip()] = deps.split()
    return graph


def parse_readme(text):
    lines = text.splitlines()
    try:
        start = next(i for i, l in enumerate(lines) if "<!-- module graph -->" in l)
    except StopIteration:
        return None
    graph = {}
    for line in lines[start + 1:]:
        if not line.strip():
            if graph:
                break
            continue
        m = re.match(r"^\s{4}([a-z0-9_]+)\s*(?:" + ARROW + r"\s*(.*))?$", line)
        if not m:
            if graph:
                break
            continue
        graph[m.group(1)] = (m.group(2) or "").split()
    return graph


def closure(graph, name, seen=None):
    seen = set() if seen is None else seen
    for dep in graph.get(name, []):
        if dep not in seen:
            seen.add(dep)
            closure(graph, dep, seen)
    return seen


def check(source, graph_text):
    problems = []
    declared = parse_graph_file(graph_text)
    readme = parse_readme((source / "README.md").read_text(encoding="utf-8"))
    if readme is None:
        problems.append("README.md: no '<!-- module graph -->' block")
        readme = {}
    for name in sorted(set(declared) | set(readme)):
        d, r = sorted(declared.get(name, [])), sorted(readme.get(name, []))
        if name not in readme:
            problems.append(f"README.md: module '{name}' (CMakeLists.txt: {' '.join(d) or '-'}) is not in the picture")
        elif name not in declared:
            problems.append(f"README.md: module '{name}' is not declared in CMakeLists.txt")
        elif d != r:
            problems.append(f"README.md: {name} {ARROW} {' '.join(r) or '-'}, but CMakeLists.txt links {' '.join(d) or '-'}")
    for name in declared:
        if name in closure(declared, name):
            problems.append(f"CMakeLists.txt: module '{name}' depends on itself (a cycle)")
    gen = source / "generator"
    for folder in sorted(p.name for p in gen.iterdir() if p.is_dir()):
        if folder not in declared:
            problems.append(f"generator/{folder}/: not a declared module (gpuguide_module in CMakeLists.txt)")
    for name in sorted(declared):
        allowed = closure(declared, name) | {name}
        for f in sorted((gen / name).glob("*")):
            if f.suffix not in (".h", ".cc"):
                continue
            for no, line in enumerate(f.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
                m = re.match(r'\s*#\s*include\s+"([a-z0-9_]+)/', line)
                if m and m.group(1) in declared and m.group(1) not in allowed:
                    problems.append(
                        f"{f.relative_to(source)}:{no}: includes {m.group(1)}/, but {name} only links "
                        f"{' '.join(sorted(allowed - {name})) or 'nothing'} (an upward include)")
    return problems


def self_test():
    with tempfile.TemporaryDirectory() as tmp:
        root = pathlib.Path(tmp)
        (root / "generator" / "low").mkdir(parents=True)
        (root / "generator" / "high").mkdir(parents=True)
        (root / "generator" / "high" / "a.h").write_text('#include "low/b.h"\n')
        (root / "generator" / "low" / "b.h").write_text("// fine\n")
        graph = "low: \nhigh: low\n"
        readme = "x\n<!-- module graph -->\n\n    high " + ARROW + " low\n    low\n\nafter\n"
        (root / "README.md").write_text(readme)
        failures = []
        if check(root, graph):
            failures.append("a correct tree was rejected: " + "; ".join(check(root, graph)))
        (root / "generator" / "low" / "b.h").write_text('#include "high/a.h"\n')
        if not any("upward include" in p for p in check(root, graph)):
            failures.append("an upward include was not caught")
        (root / "generator" / "low" / "b.h").write_text("// fine\n")
        (root / "README.md").write_text(readme.replace("high " + ARROW + " low", "high"))
        if not any("README.md: high" in p for p in check(root, graph)):
            failures.append("a README picture that differs from CMakeLists.txt was not caught")
        (root / "README.md").write_text(readme)
        (root / "generator" / "extra").mkdir()
        if not any("generator/extra/" in p for p in check(root, graph)):
            failures.append("an undeclared module folder was not caught")
        for f in failures:
            print("self-test: " + f, file=sys.stderr)
        return 1 if failures else 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--source", type=pathlib.Path)
    ap.add_argument("--graph", type=pathlib.Path)
    ap.add_argument("--self-test", action="store_true")
    ap.add_argument("--quiet", action="store_true", help="print only problems")
    args = ap.parse_args()
    if args.self_test:
        return self_test()
    problems = check(args.source, args.graph.read_text(encoding="utf-8"))
    for p in problems:
        print(p, file=sys.stderr)
    if not problems and not args.quiet:
        print("module graph: CMakeLists.txt, README.md and every #include agree")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
