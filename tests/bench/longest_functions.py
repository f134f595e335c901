#!/usr/bin/env python3
"""Prints the longest functions of the C++ sources, longest first.

usage: tests/bench/longest_functions.py [--top N] [--max LINES] [DIR...]   (default DIR: generator)

A function is a brace block opened at namespace or class level after a parameter list; its
length counts the lines from the signature's '{' to the closing '}'. Lambdas and local
classes count towards the function that contains them. With --max, exits 1 when a function
is longer (the issue's target for generator/ is under 100 lines).
"""
import argparse
import pathlib
import re
import sys


def strip(text):
    """Blanks comments, string and character literals (keeping newlines and braces' places)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif text.startswith('R"', i):
            m = re.match(r'R"([^(\s]*)\(', text[i:])
            end = text.find(")" + m.group(1) + '"', i) if m else -1
            j = n if end < 0 else end + len(m.group(1)) + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(c + " " * (j - i - 1) + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def functions(path):
    text = strip(path.read_text(encoding="utf-8", errors="replace"))
    stack = []  # kinds of open braces: "scope" (namespace/class) or "body"/"other"
    last_stop = 0
    starts = []
    for i, c in enumerate(text):
        if c in ";}":
            if c == "}" and stack:
                kind, line, name = stack.pop()
                if kind == "body":
                    end = text.count("\n", 0, i) + 1
                    yield end - line + 1, line, name
            last_stop = i + 1
        elif c == "{":
            head = text[last_stop:i]
            inside = any(k != "scope" for k, _, _ in stack)
            line = text.count("\n", 0, i) + 1
            if inside:
                stack.append(("other", line, ""))
            elif re.search(r"\b(namespace|class|struct|union|enum)\b[^()]*$", head):
                stack.append(("scope", line, ""))
            elif "(" in head and not re.search(r"=\s*(\[|\{|$)", head.split("(")[0]):
                sig = " ".join(head.split())
                m = re.search(r"([~\w:]+(?:<[^()]*>)?)\s*\(", sig)
                stack.append(("body", text.count("\n", 0, last_stop + len(head) - len(head.lstrip())) + 1,
                              m.group(1) if m else sig[:60]))
            else:
                stack.append(("other", line, ""))
            last_stop = i + 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--top", type=int, default=15)
    ap.add_argument("--max", type=int, default=0)
    ap.add_argument("dirs", nargs="*", default=["generator"])
    args = ap.parse_args()
    found = []
    for d in args.dirs:
        for p in sorted(pathlib.Path(d).rglob("*")):
            if p.suffix in (".cc", ".h", ".cpp", ".hpp"):
                for length, line, name in functions(p):
                    found.append((length, f"{p}:{line}", name))
    found.sort(key=lambda f: (-f[0], f[1]))
    for length, where, name in found[: args.top]:
        print(f"{length:5d}  {where}  {name}")
    print(f"{len(found)} functions; longest {found[0][0] if found else 0} lines")
    if args.max and found and found[0][0] > args.max:
        print(f"error: longer than {args.max} lines: " +
              ", ".join(f"{w} ({l})" for l, w, _ in found if l > args.max), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
