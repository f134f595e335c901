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

// Appends the text under `node` to *text; '\n' only at block boundaries. Iterative (a stack
// of siblings), so that deeply nested input cannot overflow the call stack.
void Collect(xmlNode* start, std::string* text) {
  struct Frame {
    xmlNode* node;
    bool leaving;
  };
  std::vector<Frame> stack;
  for (xmlNode* n = start; n; n = n->next) stack.push_back({n, false});
  // Reverse so the first sibling is handled first.
  std::vector<Frame> work(stack.rbegin(), stack.rend());
  while (!work.empty()) {
    Frame f = work.back();
    work.pop_back();
    xmlNode* n = f.node;
    const char* name = n->name ? reinterpret_cast<const char*>(n->name) : "";
    if (f.leaving) {
      if (IsBlock(name)) *text += '\n';
      continue;
    }
    if (n->type == XML_TEXT_NODE || n->type == XML_CDATA_SECTION_NODE) {
      for (const xmlChar* c = n->content; c && *c; ++c)
        *text += (*c == '\n' || *c == '\t' || *c == '\r') ? ' ' : static_cast<char>(*c);
      continue;
    }
    if (n->type != XML_ELEMENT_NODE) continue;
    if (IsSkipped(name)) continue;
    if (std::strcmp(name, "td") == 0 || std::strcmp(name, "th") == 0) *text += " | ";
    if (IsBlock(name)) *text += '\n';
    if (IsEstimateMark(n)) *text += "≈";  // drawn by the stylesheet before the mark's label
    work.push_back({n, true});
    std::vector<xmlNode*> children;
    for (xmlNode* c = n->children; c; c = c->next) children.push_back(c);
    for (auto it = children.rbegin(); it != children.rend(); ++it) work.push_back({*it, false});
  }
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

}  // namespace

std::vector<std::string> VisibleTextLines(const std::string& html) {
  std::vector<std::string> lines;
  if (html.empty()) return lines;
  htmlDocPtr doc =
      htmlReadMemory(html.data(), static_cast<int>(html.size()), nullptr, "UTF-8",
                     HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_NONET |
                         HTML_PARSE_NOBLANKS | HTML_PARSE_NOIMPLIED | HTML_PARSE_COMPACT);
  if (!doc) return lines;
  std::string text;
  xmlNode* root = xmlDocGetRootElement(doc);
  if (root) Collect(root, &text);
  xmlFreeDoc(doc);
  size_t start = 0;
  while (start <= text.size()) {
    size_t nl = text.find('\n', start);
    std::string line = CollapseSpaces(
        text.substr(start, nl == std::string::npos ? std::string::npos : nl - start));
    while (line.rfind("| ", 0) == 0 || line.rfind(" ", 0) == 0)
      line = line.substr(line[0] == ' ' ? 1 : 2);
    if (!line.empty()) lines.push_back(line);
    if (nl == std::string::npos) break;
    start = nl + 1;
  }
  return lines;
}

}  // namespace gg
