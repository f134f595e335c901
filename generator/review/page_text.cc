#include "review/page_text.h"

#include <libxml/HTMLparser.h>
#include <libxml/tree.h>

#include <cstring>

#include "directives/html.h"

namespace gg {
namespace {

bool IsBlock(const char* name) {
  static const char* const kBlocks[] = {
      "p",       "li",       "tr",     "br",     "div",     "figcaption", "summary",    "caption",
      "h1",      "h2",       "h3",     "h4",     "h5",      "h6",         "dt",         "dd",
      "section", "nav",      "header", "footer", "main",    "article",    "aside",      "ul",
      "ol",      "dl",       "table",  "figure", "details", "pre",        "blockquote", "hr",
      "form",    "fieldset", "legend", "label",  "option"};
  for (const char* b : kBlocks)
    if (std::strcmp(name, b) == 0) return true;
  return false;
}

bool IsSkipped(const char* name) {
  return std::strcmp(name, "head") == 0 || std::strcmp(name, "script") == 0 ||
         std::strcmp(name, "style") == 0 || std::strcmp(name, "template") == 0 ||
         std::strcmp(name, "noscript") == 0;
}

// An estimate mark (directives/html.h EstimateMark): its text is the screen-reader label, and
// the stylesheet shows "≈" in its place.
bool IsEstimateMark(xmlNode* n) {
  xmlChar* cls = xmlGetProp(n, reinterpret_cast<const xmlChar*>("class"));
  const bool mark = cls && std::strcmp(reinterpret_cast<const char*>(cls), kEstimateMarkClass) == 0;
  xmlFree(cls);
  return mark;
}

std::string CollapseSpaces(const std::string& line) {
  std::string out;
  for (char c : line) {
    bool space = c == ' ';
    if (space && (out.empty() || out.back() == ' ')) continue;
    out += c;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// Cuts the text under `start` into blocks at block boundaries, keeping the cells of table
// rows that make one line. Iterative (a stack of siblings), so that deeply nested input
// cannot overflow the call stack.
class Collector {
 public:
  explicit Collector(PageText* out) : out_(out) {}

  void Run(xmlNode* start) {
    struct Frame {
      xmlNode* node;
      bool leaving;
    };
    std::vector<Frame> work;
    std::vector<xmlNode*> siblings;
    for (xmlNode* n = start; n; n = n->next) siblings.push_back(n);
    for (auto it = siblings.rbegin(); it != siblings.rend(); ++it) work.push_back({*it, false});
    while (!work.empty()) {
      Frame f = work.back();
      work.pop_back();
      xmlNode* n = f.node;
      const char* name = n->name ? reinterpret_cast<const char*>(n->name) : "";
      if (f.leaving) {
        Leave(name);
        continue;
      }
      if (n->type == XML_TEXT_NODE || n->type == XML_CDATA_SECTION_NODE) {
        for (const xmlChar* c = n->content; c && *c; ++c)
          line_ += (*c == '\n' || *c == '\t' || *c == '\r') ? ' ' : static_cast<char>(*c);
        continue;
      }
      if (n->type != XML_ELEMENT_NODE) continue;
      if (IsSkipped(name)) continue;
      Enter(name);
      if (IsEstimateMark(n)) line_ += "≈";  // drawn by the stylesheet before the mark's label
      work.push_back({n, true});
      std::vector<xmlNode*> children;
      for (xmlNode* c = n->children; c; c = c->next) children.push_back(c);
      for (auto it = children.rbegin(); it != children.rend(); ++it) work.push_back({*it, false});
    }
    Flush(nullptr);
  }

 private:
  struct Row {
    std::vector<std::string> cells;
    size_t flushes = 0;     // flushes when the row began: one more means it is not one line
    size_t cell_start = 0;  // offset in line_ of the open cell's text
    bool all_th = true;
  };
  struct Table {
    int index = 0;
  };

  static bool Is(const char* name, const char* what) { return std::strcmp(name, what) == 0; }

  void Enter(const char* name) {
    const bool cell = Is(name, "td") || Is(name, "th");
    if (cell) line_ += " | ";
    if (IsBlock(name)) Flush(nullptr);
    if (Is(name, "table")) {
      tables_.push_back({static_cast<int>(out_->headers.size())});
      out_->headers.emplace_back();
    } else if (Is(name, "tr")) {
      rows_.push_back({{}, flushes_, 0, true});
    } else if (cell && !rows_.empty()) {
      rows_.back().cell_start = line_.size();
      rows_.back().all_th &= Is(name, "th");
    }
  }

  void Leave(const char* name) {
    const bool cell = Is(name, "td") || Is(name, "th");
    if (cell && !rows_.empty() && rows_.back().flushes == flushes_)
      rows_.back().cells.push_back(CollapseSpaces(line_.substr(rows_.back().cell_start)));
    if (Is(name, "tr") && !rows_.empty()) {
      Row row = std::move(rows_.back());
      rows_.pop_back();
      if (row.flushes == flushes_ && !row.cells.empty() && !tables_.empty()) {
        auto& header = out_->headers[static_cast<size_t>(tables_.back().index)];
        if (row.all_th && header.empty()) header = row.cells;
        for (auto& c : row.cells)
          if (!c.empty() && c[0] == ' ') c.erase(0, 1);
        Flush(&row);
        return;
      }
    }
    if (Is(name, "table") && !tables_.empty()) tables_.pop_back();
    if (IsBlock(name)) Flush(nullptr);
  }

  // Ends the current line; a row given becomes its cells.
  void Flush(Row* row) {
    std::string text = CollapseSpaces(line_);
    line_.clear();
    while (text.rfind("| ", 0) == 0 || text.rfind(" ", 0) == 0)
      text = text.substr(text[0] == ' ' ? 1 : 2);
    if (text.empty()) return;
    ++flushes_;
    TextBlock b;
    b.text = std::move(text);
    if (row) {
      b.cells = std::move(row->cells);
      b.table = tables_.back().index;
    }
    out_->blocks.push_back(std::move(b));
  }

  PageText* out_;
  std::string line_;
  size_t flushes_ = 0;
  std::vector<Row> rows_;
  std::vector<Table> tables_;
};

}  // namespace

PageText VisibleText(const std::string& html) {
  PageText out;
  if (html.empty()) return out;
  htmlDocPtr doc =
      htmlReadMemory(html.data(), static_cast<int>(html.size()), nullptr, "UTF-8",
                     HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_NONET |
                         HTML_PARSE_NOBLANKS | HTML_PARSE_NOIMPLIED | HTML_PARSE_COMPACT);
  if (!doc) return out;
  xmlNode* root = xmlDocGetRootElement(doc);
  if (root) Collector(&out).Run(root);
  xmlFreeDoc(doc);
  return out;
}

std::vector<std::string> VisibleTextLines(const std::string& html) {
  std::vector<std::string> lines;
  for (auto& b : VisibleText(html).blocks) lines.push_back(std::move(b.text));
  return lines;
}

}  // namespace gg
