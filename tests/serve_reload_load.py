#!/usr/bin/env python3
"""`gpuguide serve` with live reload under load (issue 33), python3 standard library only.

Serves the fixture site tests/sites/mini (with the repository's templates/ and assets/) in
watch mode on a free loopback port, then checks:
  - Host: a request naming another host (DNS rebinding), or this host on another port, is
    refused with 421; 127.0.0.1, localhost and [::1] with the port are served;
  - with PAGES open pages (event streams) and SLOW connections sending a byte a second
    (reopened as the server closes them), every plain request is answered within MAX_LATENCY;
  - STREAMS_DROPPED event streams opened and dropped at once delay no request either;
  - after an edit, every open page is told to reload;
  - a burst of BURST edits in BURST_SECONDS is built once (at most MAX_BURST_BUILDS builds,
    none failed), every open page is told to reload exactly once, and the page served is the
    last state;
  - the slow connections are closed by the server (a deadline, not a thread each).
Prints the figures; exit 0 on success, 1 with the failures listed.

  tests/serve_reload_load.py --gpuguide build/gpuguide --source . [--work DIR]
"""
import argparse
import os
import re
import selectors
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import functools

print = functools.partial(print, flush=True)  # figures survive a timeout

PAGES = 200
SLOW = 100
STREAMS_DROPPED = 100
REQUESTS = 60
MAX_LATENCY = 1.0  # seconds, for any plain request under that load
BURST = 40
BURST_SECONDS = 4.0
MAX_BURST_BUILDS = 2  # one expected; two tolerates a gap in the burst on a loaded machine
RELOAD_DEADLINE = 30.0  # seconds for every page to hear of a build
REQUEST_TIMEOUT = 3.0  # seconds before a plain request counts as not answered


def assemble(source, root):
    shutil.copytree(os.path.join(source, "tests", "sites", "mini"), root)
    for d in ("templates", "assets"):
        shutil.copytree(os.path.join(source, d), os.path.join(root, d))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def request(port, path, host=None, timeout=10.0):
    """One GET on its own connection; returns (status, body, seconds)."""
    host = host or f"127.0.0.1:{port}"
    t = time.monotonic()
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
                  .encode("latin-1"))
        data = b""
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1]) if head.startswith(b"HTTP/") else 0
    return status, body, time.monotonic() - t


class Streams:
    """Open pages: event streams read by one selector thread, events counted per stream."""

    def __init__(self, port, count):
        self.sel = selectors.DefaultSelector()
        self.lock = threading.Lock()
        self.text = {}
        self.closed = 0
        for i in range(count):
            s = socket.create_connection(("127.0.0.1", port), timeout=10)
            s.sendall(f"GET /__gpuguide/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                      "Accept: text/event-stream\r\n\r\n".encode())
            s.setblocking(False)
            self.sel.register(s, selectors.EVENT_READ, i)
            self.text[i] = ""
        self.stop = False
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self):
        while not self.stop:
            for key, _ in self.sel.select(timeout=0.2):
                try:
                    data = key.fileobj.recv(65536)
                except BlockingIOError:
                    continue
                except OSError:
                    data = b""
                if not data:
                    self.sel.unregister(key.fileobj)
                    key.fileobj.close()
                    with self.lock:
                        self.closed += 1
                    continue
                with self.lock:
                    self.text[key.data] += data.decode("utf-8", "replace")

    def count(self, name):
        with self.lock:
            return [t.count(f"event: {name}\n") for t in self.text.values()]

    def wait(self, name, at_least, deadline):
        end = time.monotonic() + deadline
        while time.monotonic() < end:
            if min(self.count(name)) >= at_least:
                return True
            time.sleep(0.1)
        return False

    def close(self):
        self.stop = True
        self.thread.join()
        for key in list(self.sel.get_map().values()):
            key.fileobj.close()


class Slow:
    """SLOW connections each sending one byte of a request a second; reopened when closed."""

    REQUEST = b"GET /en/ HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow\r\n\r\n"

    def __init__(self, port, count):
        self.port, self.count = port, count
        self.stop = False
        self.closed_by_server = 0
        self.longest = 0.0
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self):
        conns = []  # [socket, bytes sent, opened at]
        while not self.stop:
            while len(conns) < self.count:
                try:
                    s = socket.create_connection(("127.0.0.1", self.port), timeout=2)
                except OSError:
                    break
                s.setblocking(False)
                conns.append([s, 0, time.monotonic()])
            for c in list(conns):
                s = c[0]
                alive = True
                try:
                    if s.recv(4096) == b"":
                        alive = False
                except BlockingIOError:
                    pass
                except OSError:
                    alive = False
                if alive:
                    try:
                        s.send(self.REQUEST[c[1] % len(self.REQUEST):][:1])
                        c[1] += 1
                    except BlockingIOError:
                        pass
                    except OSError:
                        alive = False
                if not alive:
                    self.closed_by_server += 1
                    self.longest = max(self.longest, time.monotonic() - c[2])
                    s.close()
                    conns.remove(c)
            time.sleep(1.0)
        for c in conns:
            c[0].close()


def builds_in(log_path, since):
    """(builds, failed builds, builds done again) in serve's log after byte `since`."""
    with open(log_path, encoding="utf-8", errors="replace") as f:
        f.seek(since)
        text = f.read()
    # A build's last line: "gpuguide: 33 pages, 91 files (…)" or "gpuguide: 2 error(s), …".
    done = len(re.findall(r"^gpuguide: \d+ pages, ", text, re.M))
    failed = len(re.findall(r"^gpuguide: \d+ error\(s\)", text, re.M))
    again = text.count("building again")
    return done + failed + again, failed, again


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gpuguide", required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("--work")
    a = ap.parse_args()
    work = a.work or tempfile.mkdtemp(prefix="gg-serve-reload-")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    root = os.path.join(work, "root")
    assemble(a.source, root)
    page_md = os.path.join(root, "content", "en", "guide.md")
    with open(page_md, encoding="utf-8") as f:
        original = f.read()
    failures = []
    log_path = os.path.join(work, "serve.log")
    log = open(log_path, "w")
    port = free_port()
    proc = subprocess.Popen([a.gpuguide, "serve", "--root", root, "--port", str(port), "--jobs",
                             "2"], stdout=subprocess.PIPE, stderr=log, text=True)
    streams = slow = None
    try:
        line = proc.stdout.readline()
        if not line.startswith("serving "):
            raise RuntimeError(f"serve did not start: {line!r}")

        # 1. Host.
        for host, want in [(f"127.0.0.1:{port}", 200), (f"localhost:{port}", 200),
                           (f"[::1]:{port}", 200), (f"LOCALHOST:{port}", 200),
                           (f"evil.example:{port}", 421), ("evil.example", 421),
                           (f"127.0.0.1.evil.example:{port}", 421), ("127.0.0.1", 421),
                           (f"127.0.0.1:{port + 1}", 421), (f"localhost:{port}@evil", 421)]:
            status, body, _ = request(port, "/en/", host=host)
            print(f"serve: Host {host!r}: {status}")
            if status != want:
                failures.append(f"Host {host!r} answered {status}, expected {want}")
            if want == 421 and b"<html" in body.lower():
                failures.append(f"Host {host!r}: the page was sent with the refusal")

        # 2. Open pages, slow connections, dropped streams; plain requests meanwhile.
        t = time.monotonic()
        streams = Streams(port, PAGES)
        opened = time.monotonic() - t
        if not streams.wait("hello", 1, 30):
            failures.append(f"only {sum(1 for n in streams.count('hello') if n)} of {PAGES} "
                            "open pages were greeted within 30 s")
        slow = Slow(port, SLOW)
        for _ in range(STREAMS_DROPPED):
            with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
                s.sendall(f"GET /__gpuguide/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n"
                          .encode())
        time.sleep(3.0)  # the slow connections are all open and dribbling
        latencies, bad = [], []
        for i in range(REQUESTS):
            path = ["/en/", "/en/guide/", "/fr/", "/sitemap.xml"][i % 4]
            try:
                status, _, took = request(port, path, timeout=REQUEST_TIMEOUT)
            except OSError as e:
                status, took = f"{type(e).__name__}", REQUEST_TIMEOUT
            latencies.append(took)
            if status != 200:
                bad.append(f"{path}: {status}")
            if len(bad) >= 5:  # a stalled server: the figures are known, the test bounded
                break
            time.sleep(0.05)
        latencies.sort()
        print(f"serve: {PAGES} open pages (opened in {opened:.2f} s), {SLOW} slow connections, "
              f"{STREAMS_DROPPED} streams dropped: {len(latencies)} requests, median "
              f"{latencies[len(latencies) // 2] * 1000:.1f} ms, slowest {latencies[-1] * 1000:.1f} ms"
              f" (bound {MAX_LATENCY * 1000:.0f} ms)")
        if bad:
            failures.append(f"{len(bad)} requests failed under load, e.g. {bad[:3]}")
        if latencies[-1] > MAX_LATENCY:
            failures.append(f"a request took {latencies[-1]:.2f} s under load")

        # 3. One edit: every open page is told to reload.
        t = time.monotonic()
        with open(page_md, "a", encoding="utf-8") as f:
            f.write("\nA sentence added under load.\n")
        told = streams.wait("reload", 1, RELOAD_DEADLINE)
        got = sum(1 for n in streams.count("reload") if n >= 1)
        print(f"serve: one edit: {got} of {PAGES} open pages told to reload "
              f"(all within {time.monotonic() - t:.2f} s)" if told else
              f"serve: one edit: {got} of {PAGES} open pages told to reload")
        if not told:
            failures.append(f"after an edit, only {got} of {PAGES} open pages were told to reload")

        # 4. A burst of edits, written in place (not renamed): one build, the last state wins.
        time.sleep(1.0)
        log.flush()
        since = os.path.getsize(log_path)
        before = streams.count("reload")
        t = time.monotonic()
        for i in range(BURST):
            with open(page_md, "w", encoding="utf-8") as f:
                f.write(original + f"\nBurst edit number {i} of {BURST}.\n")
            time.sleep(BURST_SECONDS / BURST)
        told = streams.wait("reload", max(before) + 1, RELOAD_DEADLINE)
        time.sleep(2.0)  # any further build or event would show now
        after = streams.count("reload")
        extra = [n - b for n, b in zip(after, before)]
        builds, failed, again = builds_in(log_path, since)
        try:
            status, body, _ = request(port, "/en/guide/", timeout=REQUEST_TIMEOUT)
        except OSError as e:
            status, body = type(e).__name__, b""
        last = f"Burst edit number {BURST - 1} of {BURST}.".encode()
        print(f"serve: {BURST} edits in {BURST_SECONDS:.0f} s: {builds} build(s) ({again} built "
              f"again because the inputs changed during it), {failed} failed; reload events per "
              f"page: {min(extra)} to {max(extra)}; last state served: {last in body}; "
              f"{time.monotonic() - t:.1f} s from the first edit")
        if not told or min(extra) != 1 or max(extra) != 1:
            failures.append(f"after the burst, pages were told to reload {min(extra)} to "
                            f"{max(extra)} times (once expected)")
        if failed:
            failures.append(f"{failed} build(s) failed during the burst")
        if builds > MAX_BURST_BUILDS or builds < 1:
            failures.append(f"the burst made {builds} builds (bound {MAX_BURST_BUILDS})")
        if status != 200 or last not in body:
            failures.append(f"after the burst /en/guide/ ({status}) is not the last state")

        # 5. The slow connections are closed by the server, in bounded time.
        slow.stop = True
        slow.thread.join()
        print(f"serve: {slow.closed_by_server} slow connections closed by the server, the "
              f"longest held {slow.longest:.1f} s")
        if slow.closed_by_server < SLOW or slow.longest > 10.0:
            failures.append(f"slow connections: {slow.closed_by_server} closed, longest held "
                            f"{slow.longest:.1f} s")
        if streams.closed:
            failures.append(f"{streams.closed} open pages lost their event stream")
        if proc.poll() is not None:
            failures.append(f"the server exited with {proc.returncode}")
    finally:
        if slow:
            slow.stop = True
        if streams:
            streams.close()
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()
    if failures:
        print("FAILED:\n  " + "\n  ".join(failures))
        with open(log_path, encoding="utf-8", errors="replace") as f:
            print("serve's stderr:\n" + f.read()[-2000:])
        return 1
    if not a.work:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
