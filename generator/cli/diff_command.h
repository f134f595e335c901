// `gpuguide diff OLD NEW`: what a change did to the published guide, for reviewers. Compares
// two built sites and prints the files added, removed and changed; for each changed HTML page
// the visible text that changed, one line per table row, list item, heading or paragraph:
//   en/guide/index.html
//   - GeForce RTX 4090 | 2 | 1.00× | measured | $1,999 | 0.50 | 24 GB
//   + GeForce RTX 4090 | 3 | 1.00× | measured | $2,199 | 0.45 | 24 GB
// Changed charts are listed by file. Exit code 0 whether or not anything changed; 2 on a bad
// command line or an unreadable folder.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace gg {

// The visible text of an HTML page as lines: tags removed, block ends and table cells turned
// into line breaks and " | ", entities decoded, white space collapsed. <head> is skipped.
std::vector<std::string> VisibleTextLines(const std::string& html);

// Lines of `before` and `after` that differ, as "- line" / "+ line" in page order.
std::vector<std::string> DiffLines(const std::vector<std::string>& before,
                                   const std::vector<std::string>& after);

int RunDiffCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace gg
