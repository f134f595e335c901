#!/usr/bin/env python3
"""`gpuguide serve` under load (issue 9), python3 standard library only.

Builds and serves the fixture site tests/sites/mini (with the repository's templates/ and
assets/) on a free loopback port, into and from an --out folder outside the project, then
checks:
  - on a port already taken, serve fails at once (exit 2) without building;
  - it serves --out, not ROOT/site; it listens on 127.0.0.1 only (/proc/net/tcp and tcp6),
    and no other socket can bind the same port (no SO_REUSEPORT); /en redirects to /en/;
  - NORMAL_REQUESTS requests from CLIENTS concurrent clients (half keep-alive, half one
    connection per request) over every published file all succeed, byte for byte;
  - at the same time IDLE silent and HALF half-sent connections are closed by the server
    within IDLE_DEADLINE seconds, and delay no one beyond MAX_LATENCY;
  - every traversal variant (dot segments, encoded, doubled slashes, backslashes, a symbolic
    link leaving site/) is refused: never a 2xx, never the secret's bytes;
  - the server still answers afterwards, and its resident memory (VmRSS) after the load is
    within RSS_GROWTH_KB of what it was after a warm-up round of the same requests.
Prints the figures; exit 0 on success, 1 with the failures listed.

  tests/serve_load.py --gpuguide build/gpuguide --source . [--work DIR]
"""
import argparse
import http.client
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

CLIENTS = 24
NORMAL_REQUESTS = 2400  # after the warm-up round
WARMUP_REQUESTS = 600
IDLE = 24  # silent connections: the number that used to stall every request for ~27 s
HALF = 12  # connections that send half a request and stop
IDLE_DEADLINE = 8.0  # seconds: the server's read timeout is 2 s
MAX_LATENCY = 5.0  # seconds for any normal request while the idle connections are held
RSS_GROWTH_KB = 8 * 1024  # flat: less than 8 MiB more after 2,400 requests than after warm-up
SECRET = "gg-serve-load-secret-7f3a"

TRAVERSALS = [
    "/../secret.txt", "/../../secret.txt", "/en/../../secret.txt", "/en/../../../etc/passwd",
    "/%2e%2e/secret.txt", "/%2E%2E/secret.txt", "/%2e%2e%2fsecret.txt", "/..%2fsecret.txt",
    "/en/%2e%2e/%2e%2e/secret.txt", "/en/..%2f..%2fsecret.txt", "/.%2e/secret.txt",
    "/%2e./secret.txt", "/..%5csecret.txt", "/..\\secret.txt", "/en\\..\\..\\secret.txt",
    "/%252e%252e/secret.txt", "//secret.txt", "//../secret.txt", "/./../secret.txt",
    "/en/./../../secret.txt", "/leak.txt", "/leak-dir/secret.txt", "/en/leak.txt",
    "/%6c%65%61%6b.txt", "/../site/../secret.txt", "/..;/secret.txt", "/...//secret.txt",
    "/%00/../secret.txt", "/en%00/../../secret.txt", "/etc/passwd", "//etc/passwd",
    "/%2fetc%2fpasswd", "/" + "../" * 20 + "etc/passwd", "/....//....//secret.txt",
    "/%c0%ae%c0%ae/secret.txt", "/en/%c0%af../secret.txt",
]


def assemble(source, root):
    shutil.copytree(os.path.join(source, "tests", "sites", "mini"), root)
    for d in ("templates", "assets"):
        shutil.copytree(os.path.join(source, d), os.path.join(root, d))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def vm_rss_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def listening_addresses(port):
    """Local addresses in LISTEN state (st 0A) on `port`, from /proc/net/tcp{,6}."""
    found = []
    for name in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = open(name).read().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            parts = line.split()
            addr, p = parts[1].split(":")
            if int(p, 16) == port and parts[3] == "0A":
                found.append((name, addr))
    return found


def raw_request(port, path, timeout=5.0):
    """Sends exactly `path` (no normalisation); returns (status, body bytes)."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(b"GET " + path.encode("latin-1") + b" HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n"
                  b"Connection: close\r\n\r\n" % port)
        data = b""
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1]) if head.startswith(b"HTTP/") else 0
    return status, body


def port_taken_check(gpuguide, root, failures):
    """A taken port is reported at once, before anything is built."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        t = time.monotonic()
        r = subprocess.run([gpuguide, "serve", "--root", root, "--port", str(port), "--no-watch"],
                           capture_output=True, text=True, timeout=60)
        took = time.monotonic() - t
    print(f"serve: on a taken port: exit {r.returncode} after {took:.2f} s: "
          f"{r.stderr.strip().splitlines()[:1]}")
    if r.returncode != 2 or "cannot listen" not in r.stderr:
        failures.append(f"serve on a taken port: exit {r.returncode}, {r.stderr!r}")
    if os.path.exists(os.path.join(root, "site")):
        failures.append("serve on a taken port built the site before failing")


def reuseport_check(port, failures):
    """Another process cannot bind the same port (no SO_REUSEPORT on the listening socket)."""
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(("127.0.0.1", port))
            s.listen()
            failures.append(f"a second socket could bind 127.0.0.1:{port} with SO_REUSEPORT")
        except OSError:
            pass


def start_server(gpuguide, root, out, log):
    for _ in range(5):
        port = free_port()
        proc = subprocess.Popen(
            # --no-watch: the files are compared byte for byte (watching adds the live-reload
            # script to HTML; tests/browser/live_reload.mjs covers that mode).
            [gpuguide, "serve", "--root", root, "--out", out, "--port", str(port), "--jobs",
             "2", "--no-watch"],
            stdout=subprocess.PIPE, stderr=log, text=True)
        line = proc.stdout.readline()  # "serving … on http://127.0.0.1:PORT/" once built
        if line.startswith("serving "):
            return proc, port
        proc.wait()
        if proc.returncode != 2:  # 2: the port was taken meanwhile; anything else is a failure
            raise RuntimeError(f"serve exited with {proc.returncode} before serving: {line!r}")
    raise RuntimeError("no free port after 5 tries")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gpuguide", required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("--work")
    a = ap.parse_args()
    work = a.work or tempfile.mkdtemp(prefix="gg-serve-load-")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    root = os.path.join(work, "root")
    assemble(a.source, root)
    with open(os.path.join(work, "secret.txt"), "w") as f:
        f.write(SECRET)
    with open(os.path.join(root, "secret.txt"), "w") as f:
        f.write(SECRET)
    failures = []
    port_taken_check(a.gpuguide, root, failures)
    log = open(os.path.join(work, "serve.log"), "w")
    t0 = time.monotonic()
    site = os.path.join(work, "out")  # --out: built there and served from there
    proc, port = start_server(a.gpuguide, root, site, log)
    try:
        if os.path.exists(os.path.join(root, "site")):
            failures.append("serve --out DIR also wrote ROOT/site")
        # Links inside site/ that leave it: to a file and to a folder.
        os.symlink(os.path.join(work, "secret.txt"), os.path.join(site, "leak.txt"))
        os.symlink(work, os.path.join(site, "leak-dir"))
        os.symlink(os.path.join(work, "secret.txt"), os.path.join(site, "en", "leak.txt"))
        files = {}
        for d, _, names in os.walk(site):
            for n in names:
                p = os.path.join(d, n)
                if os.path.islink(p):
                    continue
                rel = os.path.relpath(p, site).replace(os.sep, "/")
                with open(p, "rb") as f:
                    files["/" + rel] = f.read()
        urls = sorted(files)
        # Folders are served by their index.html.
        for u in list(urls):
            if u.endswith("/index.html"):
                files[u[: -len("index.html")]] = files[u]
                urls.append(u[: -len("index.html")])
        print(f"serve: port {port}, {len(urls)} URLs, built and listening in "
              f"{time.monotonic() - t0:.1f} s")

        # Loopback only.
        addrs = listening_addresses(port)
        if not addrs:
            failures.append(f"nothing listens on port {port} in /proc/net/tcp*")
        for name, addr in addrs:
            if addr not in ("0100007F",):  # 127.0.0.1, little-endian hex
                failures.append(f"listens on {addr} ({name}), not 127.0.0.1 only")

        reuseport_check(port, failures)
        # A folder without its slash is redirected.
        with socket.create_connection(("127.0.0.1", port), timeout=5) as c:
            c.sendall(b"GET /en HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nConnection: close\r\n\r\n" % port)
            head = c.recv(4096).split(b"\r\n\r\n")[0].decode("latin-1")
        if not head.startswith("HTTP/1.1 301") or "\r\nLocation: /en/" not in head:
            failures.append(f"/en is not redirected to /en/: {head!r}")

        lock = threading.Lock()
        stats = {"ok": 0, "fail": 0, "max_latency": 0.0}
        fail_examples = []

        def client(idx, count, keep_alive):
            conn = None
            for i in range(count):
                url = urls[(idx * 7919 + i * 31) % len(urls)]
                start = time.monotonic()
                try:
                    if conn is None:
                        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
                    conn.request("GET", url, headers={} if keep_alive else {"Connection": "close"})
                    r = conn.getresponse()
                    body = r.read()
                    good = r.status == 200 and body == files[url]
                    why = f"{url}: {r.status}, {len(body)} bytes"
                    if not keep_alive or r.will_close:
                        conn.close()
                        conn = None
                except (OSError, http.client.HTTPException) as e:
                    good, why = False, f"{url}: {type(e).__name__}: {e}"
                    if conn is not None:
                        conn.close()
                    conn = None
                latency = time.monotonic() - start
                with lock:
                    stats["ok" if good else "fail"] += 1
                    stats["max_latency"] = max(stats["max_latency"], latency)
                    if not good and len(fail_examples) < 5:
                        fail_examples.append(why)
            if conn is not None:
                conn.close()

        def run_round(total):
            per = total // CLIENTS
            threads = [threading.Thread(target=client, args=(i, per, i % 2 == 0))
                       for i in range(CLIENTS)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            return per * CLIENTS

        warm = run_round(WARMUP_REQUESTS)
        rss_before = vm_rss_kb(proc.pid)

        # Idle and half-sent connections, held while the main load runs.
        idle_socks = []
        for i in range(IDLE + HALF):
            s = socket.create_connection(("127.0.0.1", port), timeout=IDLE_DEADLINE)
            if i >= IDLE:
                s.sendall(b"GET /en/ HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Ag")
            idle_socks.append(s)
        idle_opened = time.monotonic()
        closed_after = [None] * len(idle_socks)

        def watch(i, s):
            try:
                while s.recv(4096):
                    pass  # a 408 or similar is fine; what matters is that it ends
                closed_after[i] = time.monotonic() - idle_opened
            except OSError as e:  # ECONNRESET: closed too; a timeout here is the failure
                if not isinstance(e, socket.timeout):
                    closed_after[i] = time.monotonic() - idle_opened
            finally:
                s.close()

        watchers = [threading.Thread(target=watch, args=(i, s)) for i, s in enumerate(idle_socks)]
        for w in watchers:
            w.start()

        t_load = time.monotonic()
        done = run_round(NORMAL_REQUESTS)
        load_s = time.monotonic() - t_load

        # Traversal attempts.
        refused = 0
        for path in TRAVERSALS:
            try:
                status, body = raw_request(port, path)
            except OSError as e:
                failures.append(f"traversal {path!r}: {e}")
                continue
            if 200 <= status < 300 or SECRET.encode() in body or b"root:x:0:0" in body:
                failures.append(f"traversal {path!r} was served ({status})")
            else:
                refused += 1

        for w in watchers:
            w.join()
        rss_after = vm_rss_kb(proc.pid)

        # Still answering, and still the same process.
        status, body = raw_request(port, "/en/")
        if status != 200 or body != files["/en/"]:
            failures.append(f"after the load, /en/ answered {status}")
        if proc.poll() is not None:
            failures.append(f"the server exited with {proc.returncode}")

        open_idle = [i for i, c in enumerate(closed_after) if c is None]
        slowest_close = max((c for c in closed_after if c is not None), default=0.0)
        total = warm + done
        print(f"serve: {total} requests ({warm} warm-up + {done}) from {CLIENTS} clients in "
              f"{load_s:.1f} s for the main round; {stats['ok']} ok, {stats['fail']} failed; "
              f"slowest {stats['max_latency']:.2f} s")
        print(f"serve: {IDLE} idle + {HALF} half-sent connections, {len(idle_socks) - len(open_idle)} "
              f"closed by the server (last after {slowest_close:.1f} s)")
        print(f"serve: {refused} of {len(TRAVERSALS)} traversal variants refused")
        print(f"serve: VmRSS {rss_before} kB after warm-up, {rss_after} kB after the load "
              f"({rss_after - rss_before:+d} kB; bound +{RSS_GROWTH_KB} kB)")

        if stats["fail"]:
            failures.append(f"{stats['fail']} normal requests failed, e.g. {fail_examples}")
        if stats["max_latency"] > MAX_LATENCY:
            failures.append(f"a normal request took {stats['max_latency']:.1f} s "
                            f"(bound {MAX_LATENCY} s) while idle connections were held")
        if open_idle or slowest_close > IDLE_DEADLINE:
            failures.append(f"{len(open_idle)} idle or half-sent connections still open after "
                            f"{IDLE_DEADLINE} s (last closed after {slowest_close:.1f} s)")
        if rss_after - rss_before > RSS_GROWTH_KB:
            failures.append(f"VmRSS grew by {rss_after - rss_before} kB under load")
        if total < 2000:
            failures.append(f"only {total} requests")
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()
    if failures:
        print("FAILED:\n  " + "\n  ".join(failures))
        with open(os.path.join(work, "serve.log")) as f:
            print("serve's stderr:\n" + f.read()[-2000:])
        return 1
    if not a.work:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
