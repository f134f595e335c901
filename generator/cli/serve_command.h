// `gpuguide serve`: builds the site, then serves ROOT/site over HTTP on the loopback
// interface only (127.0.0.1), so a writer can read the guide as readers will.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "cli/command_line.h"

namespace gg {

// args[0] is "serve", parsed against `decl` (its options: --root, --out, --port, --jobs,
// --drafts). Builds through RunBuild (cli/cli.h), then serves --out (default ROOT/site).
// Returns the exit code: 1 when the build fails (nothing is served), 2 on a bad command line
// or when the port cannot be bound.
int RunServeCommand(const CommandDecl& decl, const std::vector<std::string>& args,
                    std::ostream& out, std::ostream& err);

}  // namespace gg
