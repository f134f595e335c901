// Markdown -> HTML fragment with cmark-gfm (tables, strikethrough, autolinks, tagfilter).
// Raw HTML is never passed through: it is shown as text, with a warning. Headings get
// stable, unique ids ("## Title {#id}" sets one explicitly) and feed the table of contents. Two
// hooks put generated content in:
//  - directive blocks: a fenced code block whose info string starts with "gpu-";
//  - inline references: an inline code span whose text starts with "gpu:".
// The hooks return HTML and report their own errors; this module never sees data.
#pragma once

#include <functional>
#include <memory>
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

// A body parsed and rendered by cmark once, before its page is rendered: everything
// RenderMarkdown finds and writes that does not depend on the page (the language it is shown
// in, the data its directives read). A build prepares each body while it checks translations
// (site/build.cc), reads the outline from it, and renders the page from it with
// RenderPrepared — one Markdown parse per page instead of two. Immutable once made: the
// default language's body serves the pages that fall back to it in other languages too.
struct PreparedMarkdown {
  BodyScan scan;  // as ScanBody(body) gives it
  int words = 0;  // as RenderMarkdown counts them
  // For RenderPrepared only:
  struct Directive {
    bool block = false;  // a directive block (its info string), else an inline "gpu:" reference
    std::string text;    // the info string, or the code span's text
    std::string body;    // a block's content (its caption)
    SourceLoc loc;
    bool in_slot = false;  // placed as one of `slot_html` (a table cell), else a directive key
    size_t index = 0;
  };
  std::vector<Directive> directives;  // blocks in document order, then inline references
  struct Note {  // raw HTML and remote images: reported when the page is rendered
    bool error = false;
    SourceLoc loc;
    std::string message, hint;
  };
  std::vector<Note> notes;
  std::string raw_html;                // cmark's HTML; a directive's place holds its key
  std::string directive_prefix;        // the keys: prefix + index + 'z'
  std::string slot_prefix;             // FinishHtml's slots (raw HTML and cells)
  std::vector<std::string> slot_html;  // a directive's slot is empty until rendered
};

// Parses and renders body (its first line is line `first_line` of `file`). Never fails: what
// RenderMarkdown would report is kept in `notes`.
PreparedMarkdown PrepareMarkdown(const std::string& body, const std::string& file, int first_line);

// Prepared bodies by page index (null: not prepared).
using PreparedBodies = std::vector<std::shared_ptr<const PreparedMarkdown>>;

// Renders body, whose first line is line `first_line` of `file` (for diagnostics).
// Safe to call from several threads at once.
// table_label names the sideways-scrolling wrapper of author tables for screen readers
// (in the page's language).
MarkdownResult RenderMarkdown(const std::string& body, const std::string& file, int first_line,
                              const DirectiveHook& block_hook, const DirectiveHook& inline_hook,
                              Diagnostics* diags, const std::string& table_label = "Table");

// RenderMarkdown of a prepared body: the same HTML, table of contents, words and diagnostics
// (RenderMarkdown is PrepareMarkdown then this). Safe to call from several threads at once,
// also with one PreparedMarkdown.
MarkdownResult RenderPrepared(const PreparedMarkdown& prepared, const DirectiveHook& block_hook,
                              const DirectiveHook& inline_hook, Diagnostics* diags,
                              const std::string& table_label = "Table");

}  // namespace gg
