#include "cli/diff_command.h"

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <map>
#include <set>

#include "base/files.h"
#include "base/text.h"

namespace gg {
namespace fs = std::filesystem;

namespace {

std::string DecodeEntities(const std::string& s) {
  static const std::pair<const char*, const char*> kEntities[] = {{"&amp;", "&"}, {"&lt;", "<"},
                                                                  {"&gt;", ">"},  {"&quot;", "\""},
                                                                  {"&#39;", "'"}, {"&nbsp;", " "}};
  std::string out = s;
  for (const auto& [from, to] : kEntities) {
    size_t pos = 0;
    std::string f(from);
    while ((pos = out.find(f, pos)) != std::string::npos) {
      out.replace(pos, f.size(), to);
      pos += std::string(to).size();
    }
  }
  return out;
}

std::map<std::string, std::string> ReadTree(const std::string& dir) {
  std::map<std::string, std::string> files;
  for (const auto& rel : ListFiles(dir, "")) {
    std::string bytes;
    ReadWholeFile(dir + "/" + rel, &bytes);
    files[rel] = std::move(bytes);
  }
  return files;
}

}  // namespace

std::vector<std::string> VisibleTextLines(const std::string& html) {
  std::string text;
  size_t i = 0;
  size_t body = html.find("<body");
  if (body != std::string::npos) i = body;
  while (i < html.size()) {
    if (html[i] != '<') {
      // Line breaks in the source are spaces to a reader; only block ends start a line.
      text += html[i] == '\n' ? ' ' : html[i];
      ++i;
      continue;
    }
    size_t end = html.find('>', i);
    if (end == std::string::npos) break;
    std::string tag = html.substr(i + 1, end - i - 1);
    std::string name;
    for (char c : tag) {
      if (c == ' ' || (c == '/' && !name.empty())) break;
      if (c != '/') name += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    bool closing = !tag.empty() && tag[0] == '/';
    if (name == "td" || name == "th") {
      if (!closing) text += " | ";
    } else if (name == "tr" || name == "p" || name == "li" || name == "br" || name == "div" ||
               name == "figcaption" || name == "summary" || name == "caption" ||
               (name.size() == 2 && name[0] == 'h' && name[1] >= '1' && name[1] <= '6')) {
      text += '\n';  // the only newlines left in `text`
    }
    i = end + 1;
  }
  std::vector<std::string> lines;
  size_t start = 0;
  while (start <= text.size()) {
    size_t nl = text.find('\n', start);
    std::string line = DecodeEntities(
        text.substr(start, nl == std::string::npos ? std::string::npos : nl - start));
    std::string collapsed;
    for (char c : line) {
      bool space = c == ' ' || c == '\t' || c == '\r';
      if (space && (collapsed.empty() || collapsed.back() == ' ')) continue;
      collapsed += space ? ' ' : c;
    }
    collapsed = Trim(collapsed);
    while (StartsWith(collapsed, "| ")) collapsed = collapsed.substr(2);
    if (!collapsed.empty()) lines.push_back(collapsed);
    if (nl == std::string::npos) break;
    start = nl + 1;
  }
  return lines;
}

std::vector<std::string> DiffLines(const std::vector<std::string>& a,
                                   const std::vector<std::string>& b) {
  // Longest common subsequence on lines; pages have a few thousand lines at most.
  const size_t n = a.size(), m = b.size();
  std::vector<std::vector<int>> lcs(n + 1, std::vector<int>(m + 1, 0));
  for (size_t i = n; i-- > 0;)
    for (size_t j = m; j-- > 0;)
      lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : std::max(lcs[i + 1][j], lcs[i][j + 1]);
  std::vector<std::string> out;
  size_t i = 0, j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] == b[j]) {
      ++i;
      ++j;
    } else if (j < m && (i == n || lcs[i][j + 1] >= lcs[i + 1][j])) {
      out.push_back("+ " + b[j++]);
    } else {
      out.push_back("- " + a[i++]);
    }
  }
  return out;
}

int RunDiffCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (args.size() == 2 && args[1] == "--help") {
    out << "usage: gpuguide diff OLD_SITE NEW_SITE\n"
           "  Prints the files added, removed and changed between two builds, and for each\n"
           "  changed page the visible lines (table rows, paragraphs) that changed.\n";
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
  auto before = ReadTree(args[1]);
  auto after = ReadTree(args[2]);
  std::set<std::string> paths;
  for (const auto& [p, b] : before) paths.insert(p);
  for (const auto& [p, b] : after) paths.insert(p);
  int added = 0, removed = 0, changed = 0;
  for (const auto& p : paths) {
    auto a = before.find(p), b = after.find(p);
    if (a == before.end()) {
      out << "added    " << p << "\n";
      ++added;
    } else if (b == after.end()) {
      out << "removed  " << p << "\n";
      ++removed;
    } else if (a->second != b->second) {
      ++changed;
      out << "changed  " << p << "\n";
      if (EndsWith(p, ".html")) {
        for (const auto& line : DiffLines(VisibleTextLines(a->second), VisibleTextLines(b->second)))
          out << "    " << line << "\n";
      }
    }
  }
  out << added << " added, " << removed << " removed, " << changed << " changed, "
      << paths.size() - static_cast<size_t>(added + removed + changed) << " unchanged\n";
  return 0;
}

}  // namespace gg
