// Line differences by Myers' O(ND) algorithm (Debian's dtl, Wu's O(NP) variant): time
// O((N+M)·D) and memory linear in the page length, so two 60,000-line pages compare in
// megabytes, not gigabytes.
#pragma once

#include <string>
#include <vector>

namespace gg {

// Lines of `before` and `after` that differ, as "- line" / "+ line" in page order (within a
// run of changes, removals first).
std::vector<std::string> DiffLines(const std::vector<std::string>& before,
                                   const std::vector<std::string>& after);

// The same difference as runs: each run of consecutive changes, as the indices of the lines
// of `before` it removes and of `after` it adds (either may be empty), in page order.
struct DiffRun {
  std::vector<size_t> removed, added;
};
std::vector<DiffRun> DiffLineRuns(const std::vector<std::string>& before,
                                  const std::vector<std::string>& after);

}  // namespace gg
