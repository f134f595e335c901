#include "review/line_diff.h"

#include <dtl/dtl.hpp>

namespace gg {

std::vector<std::string> DiffLines(const std::vector<std::string>& before,
                                   const std::vector<std::string>& after) {
  std::vector<std::string> out;
  if (before == after) return out;
  dtl::Diff<std::string, std::vector<std::string>> diff(before, after);
  // Not onHuge(): that reserves the coordinate cap up front. Without it, dtl restarts from
  // the last recorded point whenever its path store reaches MAX_CORDINATES_SIZE, so memory
  // stays linear in the page length plus a fixed cap however different the pages are.
  diff.compose();
  std::vector<std::string> added;
  auto flush = [&] {
    for (auto& a : added) out.push_back("+ " + a);
    added.clear();
  };
  for (const auto& [line, info] : diff.getSes().getSequence()) {
    switch (info.type) {
      case dtl::SES_DELETE:
        out.push_back("- " + line);
        break;
      case dtl::SES_ADD:
        added.push_back(line);
        break;
      default:
        flush();
    }
  }
  flush();
  return out;
}

}  // namespace gg
