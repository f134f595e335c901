#include "site/gpu_mentions.h"

#include <algorithm>
#include <cctype>
#include <string_view>

#include "base/text.h"
#include "content/markdown.h"

namespace gg {

namespace {

bool IsIdChar(char c) {
  return std::islower(static_cast<unsigned char>(c)) ||
         std::isdigit(static_cast<unsigned char>(c)) || c == '-' || c == '.' || c == '_';
}

// The ids after "gpu=" in a line ("gpu=" preceded by a space, a backtick or the line start).
std::vector<std::string> IdsIn(std::string_view line) {
  std::vector<std::string> ids;
  constexpr std::string_view key = "gpu=";
  for (size_t at = FindIn(line, key); at != std::string_view::npos;
       at = FindIn(line, key, at + 1)) {
    if (at > 0 && line[at - 1] != ' ' && line[at - 1] != '`' && line[at - 1] != '\t') continue;
    size_t end = at + key.size();
    while (end < line.size() && IsIdChar(line[end])) ++end;
    std::string id(line.substr(at + key.size(), end - at - key.size()));
    while (!id.empty() && id.back() == '.') id.pop_back();  // a sentence's full stop
    if (!id.empty()) ids.push_back(id);
  }
  return ids;
}

bool IsFence(std::string_view line) {
  size_t i = line.find_first_not_of(' ');
  return i != std::string_view::npos && i <= 3 &&
         (line.compare(i, 3, "```") == 0 || line.compare(i, 3, "~~~") == 0);
}

bool IsAtxHeading(std::string_view line) {
  size_t n = 0;
  while (n < line.size() && line[n] == '#') ++n;
  return n >= 1 && n <= 6 && (n == line.size() || line[n] == ' ' || line[n] == '\t');
}

}  // namespace

std::map<std::string, std::vector<GpuMention>> FindGpuMentions(
    const std::string& body, const std::set<std::string>& gpu_ids,
    const std::vector<TocEntry>* given_toc) {
  // First pass: each line's heading index (the count of ATX headings so far), and whether
  // any card is named at all: most pages name none, and then need no Markdown parse.
  if (!Contains(body, "gpu=")) return {};  // most pages: nothing to split
  std::vector<std::string_view> lines;     // as getline splits: no empty last line
  for (size_t from = 0; from < body.size();) {
    size_t nl = body.find('\n', from);
    if (nl == std::string::npos) nl = body.size();
    lines.emplace_back(body.data() + from, nl - from);
    from = nl + 1;
  }
  size_t headings = 0;
  bool fenced = false, any = false;
  for (const auto& line : lines) {
    if (IsFence(line)) fenced = !fenced;
    if (!fenced && IsAtxHeading(line)) ++headings;
    if (!any)
      for (const std::string& id : IdsIn(line)) any = any || gpu_ids.count(id) > 0;
  }
  if (!any) return {};
  const std::vector<TocEntry> toc = given_toc ? *given_toc : ExtractToc(body);
  // Sections are only named when our headings are the table of contents' (no setext ones).
  const bool named = headings == toc.size();
  std::map<std::string, std::vector<GpuMention>> out;
  GpuMention section;
  size_t heading = 0;
  fenced = false;
  for (const auto& line : lines) {
    if (IsFence(line)) fenced = !fenced;
    if (!fenced && IsAtxHeading(line)) {
      if (named && toc[heading].level >= 2 && toc[heading].level <= 3)
        section = {toc[heading].id, toc[heading].text};
      ++heading;
      continue;
    }
    for (const std::string& id : IdsIn(line)) {
      if (!gpu_ids.count(id)) continue;
      auto& list = out[id];
      bool seen = std::any_of(list.begin(), list.end(), [&](const GpuMention& m) {
        return m.heading_id == section.heading_id;
      });
      if (!seen) list.push_back(section);
    }
  }
  return out;
}

}  // namespace gg
