#include "cli/diff_command.h"

#include <filesystem>
#include <iostream>
#include <set>

#include "base/files.h"
#include "base/text.h"

namespace gg {
namespace fs = std::filesystem;

int RunDiffCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (args.size() == 2 && args[1] == "--help") {
    out << "usage: gpuguide diff OLD_SITE NEW_SITE\n"
           "  Prints the files added, removed and changed between two builds, and for each\n"
           "  changed page the visible lines (table rows, paragraphs) that changed.\n"
           "  To see what a change to the sources means, use gpuguide review.\n";
    return 0;
  }
  if (args.size() != 3) {
    err << "gpuguide: error: diff needs two site folders\nusage: gpuguide diff OLD_SITE NEW_SITE\n";
    return 2;
  }
  for (const auto& d : {args[1], args[2]}) {
    if (!fs::is_directory(d)) {
      err << "gpuguide: error: '" << d << "' is not a folder\n";
      return 2;
    }
  }
  // Only the file lists are held; pages are read two at a time, so memory stays at the size
  // of the largest pair of files.
  auto list_before = ListFiles(args[1], ""), list_after = ListFiles(args[2], "");
  std::set<std::string> before(list_before.begin(), list_before.end());
  std::set<std::string> after(list_after.begin(), list_after.end());
  std::set<std::string> paths = before;
  paths.insert(after.begin(), after.end());
  int added = 0, removed = 0, changed = 0, unreadable = 0;
  for (const auto& p : paths) {
    if (!before.count(p)) {
      out << "added    " << p << "\n";
      ++added;
      continue;
    }
    if (!after.count(p)) {
      out << "removed  " << p << "\n";
      ++removed;
      continue;
    }
    std::string a, b;
    bool ok = true;
    for (const auto& [dir, bytes] : {std::pair{args[1], &a}, std::pair{args[2], &b}}) {
      if (!ReadWholeFile(dir + "/" + p, bytes)) {
        err << dir << "/" << p << ": error: cannot read the file\n";
        ok = false;
      }
    }
    if (!ok) {
      ++unreadable;
      continue;
    }
    if (a == b) continue;
    ++changed;
    out << "changed  " << p << "\n";
    if (EndsWith(p, ".html"))
      for (const auto& line : DiffLines(VisibleTextLines(a), VisibleTextLines(b)))
        out << "    " << line << "\n";
  }
  out << added << " added, " << removed << " removed, " << changed << " changed, "
      << paths.size() - static_cast<size_t>(added + removed + changed + unreadable)
      << " unchanged\n";
  if (unreadable) {
    err << "gpuguide: error: " << unreadable << " file(s) could not be read; the comparison is "
        << "incomplete\n";
    return 1;
  }
  return 0;
}

}  // namespace gg
