// `gpuguide prices add | remove | import | status`: the maintainer's price workflow. Runs in
// gpuguide-review (cli/cli.h, SeparateCommands), since `add` and `import` print what the new
// observations change with the review's comparison (review/consequences.h).
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace gg {

// args: the whole command line, "prices" first. Exit: 0 done, 1 problems in the input or
// (status --fail-stale) a stale price, 2 a bad command line.
int RunPricesCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace gg
