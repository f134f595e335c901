#include "cli/diff_command.h"

#include <filesystem>
#include <iostream>
#include <set>

#include "base/files.h"
#include "base/text.h"
#include "cli/command_decls.h"

namespace gg {
namespace fs = std::filesystem;

int RunDiffCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const CommandDecl& decl = DiffCommandDecl();
  ParsedArgs f;
  std::string error;
  if (!ParseCommandLine(decl, args, 1, &f, &error)) {
    err << "gpuguide: error: " << error << "\n" << CommandHelp(decl);
    return 2;
  }
  if (f.Has("--help")) {
    out << CommandHelp(decl);
    return 0;
  }
  if (f.positional.size() != 2) {
    err << "gpuguide: error: diff needs two site folders\n" << CommandHelp(decl);
    return 2;
  }
  const std::string& old_site = f.positional[0];
  const std::string& new_site = f.positional[1];
  for (const auto& d : {old_site, new_site}) {
    if (!fs::is_directory(d)) {
      err << "gpuguide: error: '" << d << "' is not a folder\n";
      return 2;
    }
  }
  // Only the file lists are held; pages are read two at a time, so memory stays at the size
  // of the largest pair of files.
  auto list_before = ListFiles(old_site, ""), list_after = ListFiles(new_site, "");
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
    for (const auto& [dir, bytes] : {std::pair{old_site, &a}, std::pair{new_site, &b}}) {
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
