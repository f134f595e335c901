// Markdown -> HTML fragment with cmark-gfm (tables, strikethrough, autolinks, tagfilter).
// Raw HTML is never passed through: it is shown as text, with a warning. Headings get
// stable, unique ids ("## Title {#id}" sets one explicitly) and feed the table of contents. Two
// hooks put generated content in:
//  - directive blocks: a fenced code block whose info string starts with "gpu-";
//  - inline references: an inline code span whose text starts with "gpu:".
// The hooks return HTML and report their own errors; this module never sees data.
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "base/diagnostics.h"

namespace gg {

// A parsed directive or inline reference: `gpu-rank workload=training16 limit=10` gives
// name "gpu-rank" and args {workload: training16, limit: 10}. Values may be "quoted".
struct DirectiveCall {
  std::string name;
  std::vector<std::string> positional;                    // words without '='
  std::vector<std::pair<std::string, std::string>> args;  // in order written
  std::string body;                                       // block content (caption)
  SourceLoc loc;
};

// Splits "name k=v k2="v 2" word" into a DirectiveCall. Returns false (and reports at loc)
// on an unterminated quote or an empty key.
bool ParseDirectiveLine(const std::string& text, const SourceLoc& loc, DirectiveCall* out,
                        Diagnostics* diags);

struct TocEntry {
  int level = 2;
  std::string text;
  std::string id;
};

struct MarkdownResult {
  std::string html;
  std::vector<TocEntry> toc;  // h2 and h3, in order
  int words = 0;              // prose words (CJK characters count one each), for reports
};

// The headings of a Markdown body (every level), with the ids RenderMarkdown gives them,
// without rendering anything. A heading "Title {#id}" takes the explicit id.
std::vector<TocEntry> ExtractToc(const std::string& body);

// What is read of a body without rendering it, from one parse (as RenderMarkdown parses):
// the headings as ExtractToc gives them, the info string of each directive block ("gpu-…"),
// the author (Markdown) tables and their body rows.
struct BodyScan {
  std::vector<TocEntry> headings;
  std::vector<std::string> directive_infos;
  int tables = 0;
  int table_rows = 0;
};
BodyScan ScanBody(const std::string& body);

using DirectiveHook = std::function<std::string(const DirectiveCall&)>;

// Renders body, whose first line is line `first_line` of `file` (for diagnostics).
// Safe to call from several threads at once.
// table_label names the sideways-scrolling wrapper of author tables for screen readers
// (in the page's language).
MarkdownResult RenderMarkdown(const std::string& body, const std::string& file, int first_line,
                              const DirectiveHook& block_hook, const DirectiveHook& inline_hook,
                              Diagnostics* diags, const std::string& table_label = "Table");

}  // namespace gg
