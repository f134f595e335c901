// What a change means, as data: the result of comparing two snapshots (review.h), rendered
// as text, Markdown or JSON (render.h). Every list is sorted, so the same two revisions give
// the same report byte for byte. The JSON form of these structs is documented in
// generator/review/README.md and only grows (fields are added, never renamed or removed).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "base/diagnostics.h"

namespace gg {

struct FieldChange {
  std::string field;          // "price", "experts.total"
  std::string before, after;  // JSON text of the value; "" when absent
};

// One data record: a GPU, model, cloud offer, assumption, persona, benchmark, price
// observation, flowchart node or the site settings.
struct RecordChange {
  std::string kind;    // "gpu", "model", "offer", "assumption", "persona", "benchmark",
                       // "price", "flowchart", "site"
  std::string key;     // id, or for prices "gpu date condition region"
  std::string change;  // "added" | "removed" | "changed"
  std::string file;    // "data/prices.json"
  std::vector<FieldChange> fields;  // changed: the fields that differ; added/removed: all
};

struct PriceMove {
  std::string gpu, gpu_name, condition;
  std::optional<double> before, after;  // USD, median of recent observations
  int count_before = 0, count_after = 0;
  std::string newest_before, newest_after;
  // What the price rests on (calc::PriceBasisId: market, msrp, estimate; "" absent).
  std::string basis_before, basis_after;
  std::vector<std::string> causes;  // keys of the price records added/removed/changed
};

struct RankMove {
  std::string list;  // "training16 · gpu"
  std::string gpu, gpu_name;
  std::optional<int> before, after;  // 1-based positions; absent: not ranked on that side
};

struct PickChange {
  std::string subject;  // "persona beginner" / "flowchart leaf ind-llm-cheap"
  std::string subject_name;  // "persona “Beginner”" / "flowchart leaf “Budget? → Small → Fastest”"
  std::string role;           // "pick" | "runner-up" | "leaf"
  std::string before, after;  // GPU ids ("" none)
  std::string before_name, after_name;
  std::string reason;  // why the new one holds its place, in words
};

struct AnswerChange {
  std::string subject;             // "llama-3.1-70b inference q4_k_m, 8,192 tokens"
  std::string subject_name;        // "Llama 3.1 70B inference q4_k_m, 8,192 tokens"
  std::string quantity;            // "VRAM", "cheapest", "tok/s", "break-even"
  std::string before, after;       // formatted
  std::optional<double> relative;  // (after − before) / before, when both are numbers
};

struct ContentChange {
  std::string lang;
  std::vector<std::string> pages_added, pages_removed, pages_changed;  // content files
};

struct TranslationChange {
  std::string file;    // the translation
  std::string source;  // its default-language page
  std::string change;  // "stale" (source edited, translation not) | "restamped" | "fresh"
};

// A piece of a word-level difference (review/word_diff.h): unchanged context (cut with "…"),
// or words removed or added.
struct WordSpan {
  enum Kind { kSame, kRemoved, kAdded };
  Kind kind = kSame;
  std::string text;
  bool operator==(const WordSpan& o) const { return kind == o.kind && text == o.text; }
};

// One changed cell of a table row, by its column's name (the header cell's text).
struct CellChange {
  std::string column;  // "Price"; "column 7" when the table has no header row
  std::vector<WordSpan> words;
};

// One block of visible text that changed: a paragraph, heading, list item or caption as
// words; a table row as the cells that changed in it.
struct TextChange {
  std::string row;                // a table row: its first cell ("GeForce RTX 4090"); else ""
  std::vector<WordSpan> words;    // prose, or a row whose cells do not line up
  std::vector<CellChange> cells;  // a table row: each changed cell
};

// Where a changed source paragraph lands: the page built from it in one language.
struct Landing {
  std::string lang;
  std::string page;   // "en/guide/beyond-nvidia/index.html"
  std::string state;  // "changed" | "unchanged" (e.g. a translation not yet updated)
};

// One changed paragraph (line) of a content file's Markdown, word by word, and the pages it
// is rendered into, per language.
struct SourceChange {
  std::string file;  // "content/en/guide/beyond-nvidia.md"
  int line = 0;      // of the head's text (of the base's when the paragraph was removed)
  std::vector<WordSpan> words;
  std::vector<Landing> lands;
};

// A changed page of a group, word by word.
struct PageExample {
  std::string file;                 // "en/compare/index.html"
  std::vector<TextChange> changes;  // its changed blocks (the first few)
  int more_changes = 0;             // changed blocks not listed
};

struct OutputGroup {
  std::string cause;  // "data: GeForce RTX 5090", "content: content/en/guide.md", …
  std::vector<std::string> files;
  std::vector<std::string> example;  // "- line" / "+ line" of the first page, a few lines
  std::vector<PageExample> pages;    // a few of its pages word by word, default language first
};

struct ChartChange {
  std::string path;                   // "en/guide/chart-….svg"
  std::string before_png, after_png;  // thumbnail paths relative to the thumbnail folder
};

struct Report {
  std::string base_label, head_label;
  bool base_built = false, head_built = false;
  std::vector<RecordChange> records;
  std::vector<PriceMove> prices;
  std::vector<RankMove> ranks;
  std::vector<PickChange> picks;
  std::vector<AnswerChange> answers;
  std::vector<ContentChange> content;
  std::vector<TranslationChange> translations;
  std::vector<SourceChange> source_changes;  // changed paragraphs of content files
  std::vector<Diagnostic> new_errors, new_warnings, fixed_errors;
  // Output: files added / removed, changed pages grouped by cause, boilerplate collapsed.
  std::vector<std::string> output_added, output_removed;
  std::vector<OutputGroup> output_groups;
  int boilerplate_pages = 0;        // pages whose only change is a date line or asset hash
  std::string boilerplate_example;  // "- Prices as of … / + …"
  std::vector<ChartChange> charts;
  int output_unchanged = 0;
  std::string consequences_note;  // set when consequences could not be computed

  std::vector<Diagnostic> head_errors;  // every error of the head, new or not

  bool AddsErrors() const { return !new_errors.empty() || (base_built && !head_built); }
  // What the exit status follows: the head must build without errors.
  bool HeadFails() const { return !head_built || !head_errors.empty(); }
};

}  // namespace gg
