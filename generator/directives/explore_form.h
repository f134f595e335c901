// The filter form above an explorable table (HtmlTable::Explorable), rendered with the page:
// assets/explore.js binds to it instead of building it after the page has shown, which moved
// the table down while the reader was looking at it (Lighthouse: layout shift 0.15 on a guide
// chapter, 0.22 on the GPU list). Every control is marked needs-js, so that without
// JavaScript the form is hidden (base.html's <noscript> style) and the table is the content.
//
// After the form come the live count ("20 of 20 GPUs shown.") and an empty status line for
// sort announcements; the script finds the three as the table region's previous siblings.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "directives/page_context.h"

namespace gg {

// The words of the form in the page's language: UI strings (explore.*, col.price_new/used,
// segment names) and the count line for a number of rows.
struct ExploreWords {
  std::string filters, vendor, segment, memory_min, condition, condition_any, price_new, price_used,
      price_max, any, sort_by, order, order_asc, order_desc, reset;
  std::map<std::string, std::string> segments;  // segment id -> name
  std::function<std::string(int shown, int total)> count;
};

// The words as the page's language has them (each UI string read through ctx.T).
ExploreWords ExploreWordsFor(const PageContext& ctx);

// Attributes of one row that the form offers choices for: "vendor" and "segment".
using ExploreRow = std::vector<std::pair<std::string, std::string>>;

// The form, the count and the status line. `columns` are the table's column labels (plain
// text, already escaped) for the "sort by" choice; the vendor and segment choices are the
// values the rows carry (vendors sorted by id, segments in their natural order).
std::string ExploreFormHtml(const ExploreWords& words, const std::vector<std::string>& columns,
                            const std::vector<const ExploreRow*>& rows);

// A column header's content made sortable: wrapped in <span class="sort">, with the sort
// icon (hidden without JavaScript); the script turns the span into a <button>.
std::string SortableHeader(const std::string& header_html);

}  // namespace gg
