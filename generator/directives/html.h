// HTML building blocks shared by the directives: accessible data tables, GPU links, spec and
// assumption formatting. Every string from data or content is escaped here; callers pass
// plain text, or HTML they built with these helpers (Cell::Html).
#pragma once

#include <string>
#include <vector>

#include "calc/memory.h"
#include "calc/prices.h"
#include "content/markdown.h"
#include "directives/explore_form.h"
#include "directives/page_context.h"

namespace gg {

struct Cell {
  std::string html;  // already escaped
  bool num = false;  // right-aligned, tabular figures
  std::string cls;   // extra class
  std::string sort;  // data-sort: the unrounded value an explorable table sorts by ("" none)

  static Cell Text(const std::string& text, bool num = false);
  static Cell Html(std::string html, bool num = false);
  // This cell with data-sort="value" (shortest round-trip decimal, locale-free), so that a
  // script sorts by the figure, never by the localized text.
  Cell SortBy(double value) &&;
};

// Attributes of a table row (name without "data-", value): what an explorable table filters
// by. Values are escaped when rendered.
using RowData = std::vector<std::pair<std::string, std::string>>;

// A number as data attributes carry it: shortest decimal that reads back to the same double,
// '.' as the separator ("1599", "0.175", "24").
std::string DataNumber(double value);

// How a table reads on a phone (assets/style.css, "Tables"). Chosen per table kind.
enum class TableLayout {
  // Rows compared with one another (rankings, matrices, costs): the table scrolls sideways
  // inside its region, its first column (the row headers) stays in view, and a shadow at the
  // right edge shows that more columns follow.
  kScroll,
  // Rows that are things with many attributes (GPUs, models, offers, picks): below 40rem each
  // row becomes a card of "column: value" lines (every <td> carries its column header in
  // data-label), read top to bottom without scrolling. Wider screens get the plain table.
  kCards,
};

// A <table> with a caption, column headers (scope="col"), and rows whose first cell is a row
// header (scope="row"). Units belong in the column headers. Wrapped in a keyboard-focusable
// region named by the caption, laid out on phones as `layout` says.
class HtmlTable {
 public:
  explicit HtmlTable(std::string caption_text, TableLayout layout = TableLayout::kScroll)
      : caption_(std::move(caption_text)), layout_(layout) {}
  void Columns(std::vector<Cell> headers) { headers_ = std::move(headers); }
  // row_id becomes the <tr id>, so that other pages can link to the row; data becomes the
  // row's data-NAME attributes.
  void Row(std::vector<Cell> cells, const std::string& row_id = "", RowData data = {});
  // Marks the table for assets/explore.js (data-explore on its wrapper): the filter form is
  // rendered above it and its headers carry the sort icons (directives/explore_form.h), both
  // hidden without JavaScript; the script binds to them and makes the headers buttons. `kind`
  // names the filters that fit ("gpus": vendor, segment, memory, new/used price; "rank":
  // vendor, segment, memory, price). The static table stays the content.
  void Explorable(const std::string& kind, ExploreWords words) {
    explore_ = kind;
    words_ = std::move(words);
  }
  void Note(const std::string& text) { note_ = text; }
  std::string Render() const;
  bool empty() const { return rows_.empty(); }

 private:
  std::string caption_;
  TableLayout layout_;
  std::string note_;
  std::string explore_;
  ExploreWords words_;
  std::vector<Cell> headers_;
  struct RowCells {
    std::string id;
    std::vector<Cell> cells;
    RowData data;
  };
  std::vector<RowCells> rows_;
};

// <a href="…/gpus/ID/">name</a>, relative to the page.
std::string GpuLink(const Gpu& gpu, const PageContext& ctx);

// A computed answer as <data value="…" data-question="…">shown</data>: `question` names
// everything the answer depends on ("tokens_per_s model=… gpu=… precision=… kv=… context=…
// batch=… cards=…"), `value` is the unrounded figure. One question must have one value on
// every page and in every language; tests/unit/consistency_test.cc checks the built site.
std::string AnswerHtml(const std::string& question, double value, const std::string& shown_html);
// The questions of the LLM answers, spelled once for every directive that shows one.
std::string TokensQuestion(const std::string& model, const std::string& gpu,
                           const calc::MemoryRequest& request, int cards);
std::string VramQuestion(const std::string& model, const calc::MemoryRequest& request);
std::string GpuHref(const Gpu& gpu, const PageContext& ctx);

// " region=<id>" on the pages of a language with a region, "" otherwise: a rank question's
// answer depends on the region's prices (which cards are priced, and their value), so a rank on
// a French page is a different question from the same rank on an English one
// (tests/unit/consistency_test.cc).
std::string RankQuestionRegion(const PageContext& ctx);

std::vector<std::string> SpecFieldIds();
// A spec value with its unit in the page's language; "—" when absent.
std::string FormatSpec(const Gpu& gpu, const std::string& field, const PageContext& ctx);
// An assumption's value with its unit ("0,18 $US/kWh", "15 %", "5 ans").
std::string FormatAssumption(const Assumption& a, const PageContext& ctx);
// A directive's caption: its body when the author wrote one, else the given default.
std::string CaptionOr(const DirectiveCall& call, const std::string& fallback);
// A duration in days as days (up to 18 months) or years, in the page's language.
std::string FormatDuration(double days, const PageContext& ctx);
// The provenance marks of a current price: "≈" (with a screen-reader label) when it rests on
// an estimate, a "stale" tag when its newest observation is old; "" for a fresh sourced price.
// Every page that shows a mark gets the legend (site_pages) that explains it once.
std::string PriceMarks(const calc::CurrentPrice& p, const PageContext& ctx);
// The "≈" mark alone, for any price that rests on an estimate: one <span> whose text is the
// screen-reader label ("estimated price: "); the stylesheet shows "≈" in its place.
std::string EstimateMark(const PageContext& ctx);
// A cloud offer's price per GPU-hour in the page's money, with the ≈ mark when the offer is
// estimated and ConvertedTag.
std::string CloudPriceHtml(const CloudOffer& offer, const PageContext& ctx);
// " <span class=\"tag converted\">converted</span>" on a page whose region converts the cloud's
// US-dollar prices into its currency (directives/computed.h); "" otherwise.
std::string ConvertedTag(const PageContext& ctx);
// A region as a reader names it, with its currency and tax basis: "euro area (EUR, 20 % VAT
// included)" (UI strings region.name.<id>, region.tax_included / region.tax_excluded).
std::string RegionLabel(const Region& region, const PageContext& ctx);
// The same as text: " (converted)", or "".
std::string ConvertedText(const PageContext& ctx);
// An amount (p.usd, or a multiple of it such as the price of 4 cards) with p's marks, as HTML:
// in the page's money (Formatter::Money), or in `currency` when given (an observation's own).
std::string PriceHtml(double usd, const calc::CurrentPrice& p, const PageContext& ctx,
                      const std::string& currency = {});
// The class every estimate mark carries: the legend and the tests look for it.
inline constexpr const char* kEstimateMarkClass = "est-mark";
// ctx.TF(key, text_args), escaped, with each html_args value (already HTML) put in place.
std::string TFHtml(const PageContext& ctx, const std::string& key,
                   const std::vector<std::pair<std::string, std::string>>& text_args,
                   const std::vector<std::pair<std::string, std::string>>& html_args);
// A source as HTML: the text escaped, each web address in it (http:// or https://, up to a
// space, a closing bracket/quote or a non-ASCII character) a link with rel="noopener". A link
// loads nothing.
std::string SourceHtml(const std::string& source);
// Text quoted from the data as it was written (a source's title, an observation's note), which
// is in the site's default language: on a page in another language it is wrapped in
// <span lang="…"> so that readers, screen readers and tests know it is not the page's
// language. `html` is already HTML.
std::string DataLanguageHtml(const std::string& html, const PageContext& ctx);
// A data text (a price observation's note, a region's electricity source or note, an
// assumption's source: i18n/data_text.h, TranslatableDataTexts) on the page: its translation
// into the page's language (content/<lang>/_data_text.json), escaped, with its quotations
// ({en:…}) marked <span lang="en">, when there is one; else the text as the data writes it,
// escaped and marked by DataLanguageHtml. With link_addresses, the web addresses in it are
// links (SourceHtml). On a page in another language than the data's, records the dependency
// key "data-text:<lang>" (directives/page_context.h).
std::string DataTextHtml(const std::string& text, const PageContext& ctx,
                         bool link_addresses = false);
// "measured" / "estimated" tag.
std::string PerfTag(bool measured, const PageContext& ctx);

}  // namespace gg
