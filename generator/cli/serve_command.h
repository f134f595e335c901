// `gpuguide serve`: binds the port (loopback only, 127.0.0.1), builds the site into --out
// (default ROOT/site), then serves that folder over HTTP so a writer can read the guide as
// readers will. Requests never leave the served folder: ".." is refused and symbolic links
// are resolved and must stay inside; a folder without its trailing slash is redirected
// (/en -> /en/) so relative links resolve. The server is one poll() loop
// (cli/http_server.h): idle, slow or half-sent connections time out after 2 s and hold no
// thread, open pages' event streams neither, connections are capped, and a request whose Host
// is not this server's loopback address and port is refused (421).
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "cli/command_line.h"

namespace gg {

// What a request path maps to in the served folder.
struct ServeTarget {
  enum Kind { kNotFound, kFile, kRedirect } kind = kNotFound;
  std::string file;      // kFile: the resolved file
  std::string location;  // kRedirect: the path with a trailing '/'
};
ServeTarget ResolveServeTarget(const std::string& site_dir, const std::string& url_path);

// args[0] is "serve", parsed against `decl` (its options: --root, --out, --port, --jobs,
// --drafts). Binds the port first, builds through RunBuild (cli/cli.h), then serves --out
// (default ROOT/site). Returns the exit code: 1 when the build fails (nothing is served), 2 on
// a bad command line or when the port cannot be bound (checked before building).
int RunServeCommand(const CommandDecl& decl, const std::vector<std::string>& args,
                    std::ostream& out, std::ostream& err);

}  // namespace gg
