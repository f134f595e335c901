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

constexpr std::string_view kGpuKey = "gpu=";

// The id after the "gpu=" at `at` of body, or "" when that "gpu=" does not start an argument
// (it must follow a space, a tab, a backtick or the line start).
std::string_view IdAt(std::string_view body, size_t at) {
  if (at > 0 && body[at - 1] != ' ' && body[at - 1] != '`' && body[at - 1] != '\t' &&
      body[at - 1] != '\n') {
    return {};
  }
  size_t end = at + kGpuKey.size();
  while (end < body.size() && IsIdChar(body[end])) ++end;  // a newline ends it too
  std::string_view id = body.substr(at + kGpuKey.size(), end - at - kGpuKey.size());
  while (!id.empty() && id.back() == '.') id.remove_suffix(1);  // a sentence's full stop
  return id;
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
  // Whether any card is named at all: most pages name none, and then need no Markdown parse.
  // Every "gpu=" of the body is found in one search (a search per line cost more than the rest).
  std::vector<size_t> hits;
  for (size_t at = FindIn(body, kGpuKey); at != std::string::npos;
       at = FindIn(body, kGpuKey, at + 1)) {
    hits.push_back(at);
  }
  bool any = false;
  for (size_t at : hits) {
    const std::string_view id = IdAt(body, at);
    if (!id.empty() && gpu_ids.count(std::string(id))) {
      any = true;
      break;
    }
  }
  if (!any) return {};  // most pages
  // The lines, and how many are ATX headings.
  std::vector<std::string_view> lines;  // as getline splits: no empty last line
  for (size_t from = 0; from < body.size();) {
    size_t nl = body.find('\n', from);
    if (nl == std::string::npos) nl = body.size();
    lines.emplace_back(body.data() + from, nl - from);
    from = nl + 1;
  }
  size_t headings = 0;
  bool fenced = false;
  for (const auto& line : lines) {
    if (IsFence(line)) fenced = !fenced;
    if (!fenced && IsAtxHeading(line)) ++headings;
  }
  const std::vector<TocEntry> toc = given_toc ? *given_toc : ExtractToc(body);
  // Sections are only named when our headings are the table of contents' (no setext ones).
  const bool named = headings == toc.size();
  std::map<std::string, std::vector<GpuMention>> out;
  GpuMention section;
  size_t heading = 0, next_hit = 0;
  fenced = false;
  for (const auto& line : lines) {
    const size_t line_end = static_cast<size_t>(line.data() - body.data()) + line.size();
    if (IsFence(line)) fenced = !fenced;
    if (!fenced && IsAtxHeading(line)) {
      if (named && toc[heading].level >= 2 && toc[heading].level <= 3)
        section = {toc[heading].id, toc[heading].text};
      ++heading;
      while (next_hit < hits.size() && hits[next_hit] < line_end) ++next_hit;  // not mentions
      continue;
    }
    for (; next_hit < hits.size() && hits[next_hit] < line_end; ++next_hit) {
      const std::string_view id_view = IdAt(body, hits[next_hit]);
      if (id_view.empty()) continue;
      const std::string id(id_view);
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
