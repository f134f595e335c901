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

std::vector<DiffRun> DiffLineRuns(const std::vector<std::string>& before,
                                  const std::vector<std::string>& after) {
  std::vector<DiffRun> runs;
  if (before == after) return runs;
  dtl::Diff<std::string, std::vector<std::string>> diff(before, after);
  diff.compose();  // not onHuge(): see DiffLines
  // Counted here: dtl's own indices are not kept for every kind of edit.
  size_t a = 0, b = 0;
  bool open = false;
  for (const auto& [line, info] : diff.getSes().getSequence()) {
    if (info.type == dtl::SES_COMMON) {
      ++a;
      ++b;
      open = false;
      continue;
    }
    if (!open) runs.emplace_back();
    open = true;
    if (info.type == dtl::SES_DELETE)
      runs.back().removed.push_back(a++);
    else
      runs.back().added.push_back(b++);
  }
  return runs;
}

}  // namespace gg
