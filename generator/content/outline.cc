#include "content/outline.h"

#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm.h>

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
  PageOutline out;
  out.headings = ExtractToc(body);  // also registers the cmark-gfm extensions, once
  cmark_parser* parser = cmark_parser_new(CMARK_OPT_DEFAULT);
  if (cmark_syntax_extension* e = cmark_find_syntax_extension("table"))
    cmark_parser_attach_syntax_extension(parser, e);
  cmark_parser_feed(parser, body.data(), body.size());
  cmark_node* doc = cmark_parser_finish(parser);
  cmark_iter* it = cmark_iter_new(doc);
  cmark_event_type ev;
  while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
    if (ev != CMARK_EVENT_ENTER) continue;
    cmark_node* n = cmark_iter_get_node(it);
    if (cmark_node_get_type(n) == CMARK_NODE_CODE_BLOCK) {
      const char* info = cmark_node_get_fence_info(n);
      if (info && StartsWith(info, "gpu-")) out.directives.push_back(Canonical(info));
      continue;
    }
    const char* type = cmark_node_get_type_string(n);
    if (!type) continue;
    std::string t = type;
    if (t == "table") {
      ++out.tables;
    } else if (t == "table_row") {  // body rows; the header row is a "table_header"
      ++out.table_rows;
    }
  }
  cmark_iter_free(it);
  cmark_node_free(doc);
  cmark_parser_free(parser);
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
