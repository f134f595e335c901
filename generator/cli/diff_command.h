// `gpuguide diff OLD NEW`: what a change did to the published guide, for reviewers. Compares
// two built sites and prints the files added, removed and changed; for each changed HTML page
// the visible text that changed, one line per table row, list item, heading or paragraph:
//   en/guide/index.html
//   - GeForce RTX 4090 | 2 | 1.00× | measured | $1,999 | 0.50 | 24 GB
//   + GeForce RTX 4090 | 3 | 1.00× | measured | $2,199 | 0.45 | 24 GB
// Pages are parsed with libxml2 and compared with dtl's O(ND) diff (review/page_text.h,
// review/line_diff.h). Changed charts are listed by file. Exit code 0 whether or not anything
// changed; 1 when a file of either site cannot be read; 2 on a bad command line.
// For what a change to the sources *means* (prices, ranks, picks), see `gpuguide review`.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "cli/command_line.h"
#include "review/line_diff.h"
#include "review/page_text.h"

namespace gg {

// The command line of diff, for the parser and --help (cli/command_line.h).
int RunDiffCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace gg
