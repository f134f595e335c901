// Running a command in a sibling executable (cli/cli.h, SeparateCommands): gpuguide runs
// `serve` in gpuguide-serve and `diff` / `review` in gpuguide-review, found in the folder of
// the running executable (not on PATH, so that a build tree and an installed copy never mix).
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace gg {

// Replaces this process with `name` from this executable's folder, given `args` (the command
// name first). out and err are flushed first. Returns only when the sibling cannot be run:
// prints why to err (naming the path tried) and returns 2.
int ExecSibling(const std::string& name, const std::vector<std::string>& args, std::ostream& out,
                std::ostream& err);

}  // namespace gg
