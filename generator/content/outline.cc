#include "content/outline.h"

#include <algorithm>
#include <map>
#include <set>

#include "base/text.h"

namespace gg {

namespace {

std::string Canonical(const std::string& info) {
  DirectiveCall call;
  Diagnostics ignored;
  if (!ParseDirectiveLine(info, {}, &call, &ignored)) return Trim(info);
  std::string out = call.name;
  for (const auto& w : call.positional) out += " " + w;
  auto args = call.args;
  std::stable_sort(args.begin(), args.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [k, v] : args) out += " " + k + "=" + v;
  return out;
}

}  // namespace

PageOutline OutlineOf(const std::string& body) {
  return OutlineOf(ScanBody(body));  // one parse for headings, directives and tables
}

PageOutline OutlineOf(const BodyScan& scan) {
  PageOutline out;
  out.headings = scan.headings;
  for (const auto& info : scan.directive_infos) out.directives.push_back(Canonical(info));
  out.tables = scan.tables;
  out.table_rows = scan.table_rows;
  return out;
}

OutlineGap CompareOutlines(const PageOutline& source, const PageOutline& translation) {
  OutlineGap gap;
  std::set<std::string> ids;
  for (const auto& h : translation.headings) ids.insert(h.id);
  for (const auto& h : source.headings)
    if (!ids.count(h.id)) gap.headings.push_back(h);
  std::map<std::string, int> have;
  for (const auto& d : translation.directives) ++have[d];
  for (const auto& d : source.directives) {
    if (have[d] > 0) {
      --have[d];
      continue;
    }
    gap.directives.push_back(d);
    if (StartsWith(d, "gpu-chart")) ++gap.charts;
  }
  gap.tables = source.tables - translation.tables;
  gap.table_rows = source.table_rows - translation.table_rows;
  return gap;
}

std::string DescribeGap(const PageOutline& source, const OutlineGap& gap) {
  std::vector<std::string> parts;
  if (!gap.headings.empty()) {
    std::string p = std::to_string(gap.headings.size()) + " of " +
                    std::to_string(source.headings.size()) + " sections (";
    for (size_t i = 0; i < gap.headings.size(); ++i)
      p += (i ? ", #" : "#") + gap.headings[i].id + " \u201c" + gap.headings[i].text + "\u201d";
    parts.push_back(p + ")");
  }
  int charts_total = 0;
  for (const auto& d : source.directives)
    if (StartsWith(d, "gpu-chart")) ++charts_total;
  int others = static_cast<int>(gap.directives.size()) - gap.charts;
  if (others > 0) {
    std::string p = std::to_string(others) + " of " +
                    std::to_string(source.directives.size() - charts_total) +
                    " tables/directives (";
    bool first = true;
    for (const auto& d : gap.directives)
      if (!StartsWith(d, "gpu-chart")) {
        p += (first ? "" : "; ") + d;
        first = false;
      }
    parts.push_back(p + ")");
  }
  if (gap.charts > 0) {
    std::string p =
        std::to_string(gap.charts) + " of " + std::to_string(charts_total) + " charts (";
    bool first = true;
    for (const auto& d : gap.directives)
      if (StartsWith(d, "gpu-chart")) {
        p += (first ? "" : "; ") + d;
        first = false;
      }
    parts.push_back(p + ")");
  }
  if (gap.tables > 0)
    parts.push_back(std::to_string(gap.tables) + " of " + std::to_string(source.tables) +
                    " Markdown tables");
  if (gap.table_rows > 0)
    parts.push_back(std::to_string(gap.table_rows) + " of " + std::to_string(source.table_rows) +
                    " table rows (glossary terms, comparison lines)");
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) out += (i ? "; " : "") + parts[i];
  return out;
}

}  // namespace gg
