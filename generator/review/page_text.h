// The visible text of an HTML page, as a reader sees it, parsed with libxml2's HTML parser
// (so '>' inside attribute values, comments and entities are handled as a browser would).
// Used by `gpuguide diff` and by the output section of `gpuguide review`.
#pragma once

#include <string>
#include <vector>

namespace gg {

// The text of <body> as lines: one line per paragraph, list item, heading, table row,
// caption and the like; table cells joined by " | "; entities decoded; runs of white space
// (line breaks included) collapsed to one space; empty lines dropped. <head>, <script>,
// <style> and <template> are skipped; an estimate mark reads "≈" and its label, as a reader
// sees and hears it. Never fails: a page libxml2 cannot make sense of at all gives no lines.
std::vector<std::string> VisibleTextLines(const std::string& html);

// The same lines with their table structure: a table row on a line of its own also has its
// cells, and the header cells of its table (the column names: the first row whose cells are
// all <th>), so that a change can be named by its column.
struct TextBlock {
  std::string text;                // as VisibleTextLines gives it
  std::vector<std::string> cells;  // a table row: the text of each cell; else empty
  int table = -1;                  // a table row: index into PageText::headers
};
struct PageText {
  std::vector<TextBlock> blocks;
  std::vector<std::vector<std::string>> headers;  // per table; empty when it has none
};
PageText VisibleText(const std::string& html);

}  // namespace gg
