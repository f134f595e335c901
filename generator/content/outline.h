// The outline of a Markdown page: what a reader can navigate to or look up, independent of
// the language it is written in. Translations are compared with their source on it.
#pragma once

#include <string>
#include <vector>

#include "content/markdown.h"

namespace gg {

struct PageOutline {
  std::vector<TocEntry> headings;  // every level, with the ids RenderMarkdown gives them
  // Directive blocks in order, canonical: name, positional words, then key=value sorted by
  // key ("gpu-rank limit=15 workload=training16"); the caption is not part of it.
  std::vector<std::string> directives;
  int tables = 0;      // author (Markdown) tables
  int table_rows = 0;  // their body rows: glossary terms, comparison lines
};

// Parses body without rendering anything. Never fails: a directive line that does not parse
// is kept as written.
PageOutline OutlineOf(const std::string& body);
// The same from a body's scan (ScanBody, or PreparedMarkdown::scan), without parsing again.
PageOutline OutlineOf(const BodyScan& scan);

// What a translation lacks compared with its source. Headings pair by id (a translation
// gives its headings the source's ids with "## Titre {#id}"); directives pair as a multiset of
// canonical lines; tables and rows by count.
struct OutlineGap {
  std::vector<TocEntry> headings;       // source headings whose id the translation lacks
  std::vector<std::string> directives;  // source directives the translation lacks (charts too)
  int charts = 0;                       // how many of `directives` are gpu-chart
  int tables = 0;                       // source tables minus translation tables, if more
  int table_rows = 0;                   // same for rows
  bool empty() const {
    return headings.empty() && directives.empty() && tables <= 0 && table_rows <= 0;
  }
};

OutlineGap CompareOutlines(const PageOutline& source, const PageOutline& translation);

// One line for a warning: "2 of 9 sections (#a “A”, #b “B”); 1 of 4 charts (gpu-chart …); …".
std::string DescribeGap(const PageOutline& source, const OutlineGap& gap);

}  // namespace gg
