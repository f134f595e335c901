// The gpuguide command line. Exit codes: 0 success, 1 problems in the input (every problem
// printed first, as file:line:col), 2 a bad command line (usage printed, with a did-you-mean
// for a mistyped command or flag).
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace gg {

// args excludes the program name. out/err receive normal output and diagnostics.
// `is_tty` turns on the one-line summary at the end of a build.
int RunCli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err, bool is_tty);

}  // namespace gg
