#!/usr/bin/env python3
"""Serves a built site on 127.0.0.1 for tests/bench/lighthouse.sh as a static host would.
With --gzip, a text response (HTML, CSS, JS, JSON, SVG, XML, wasm) is gzip-compressed when the
request accepts it, as GitHub Pages, Netlify or nginx with gzip do; without it, every byte goes
uncompressed, as Python's http.server sends it. Lighthouse's simulated phone times a page by
the bytes that cross the network, so the two give different figures for the same page.
  serve_static.py PORT DIR [--gzip]"""
import functools
import gzip
import http.server
import os
import sys

COMPRESSIBLE = ("text/", "application/javascript", "application/json", "image/svg+xml",
                "application/wasm", "application/xml")


class Handler(http.server.SimpleHTTPRequestHandler):
    compress = False

    def do_GET(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?")[0].endswith("/"):
            path = os.path.join(path, "index.html")
        ctype = self.guess_type(path)
        wanted = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (self.compress and wanted and os.path.isfile(path) and ctype.startswith(COMPRESSIBLE)):
            return super().do_GET()
        with open(path, "rb") as f:
            body = gzip.compress(f.read(), 6, mtime=0)
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def main():
    port, directory = int(sys.argv[1]), sys.argv[2]
    Handler.compress = "--gzip" in sys.argv[3:]
    handler = functools.partial(Handler, directory=directory)
    http.server.ThreadingHTTPServer(("127.0.0.1", port), handler).serve_forever()


if __name__ == "__main__":
    main()
