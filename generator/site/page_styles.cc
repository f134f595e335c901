#include "site/page_styles.h"

#include <algorithm>
#include <cctype>

#include "base/text.h"
#include "base/url_policy.h"

namespace gg {

namespace {
bool IsSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}
bool Tight(char c) {
  return c == '{' || c == '}' || c == ';';
}
// No space is needed after these: a ':' followed by a space is a declaration's or a media
// feature's (in a selector, ':' is followed by the pseudo-class), and a ',' separates.
bool TightAfter(char c) {
  return Tight(c) || c == ':' || c == ',';
}
}  // namespace

std::string MinifyCss(std::string_view css) {
  std::string out;
  out.reserve(css.size());
  bool space = false;  // whitespace (or a comment) seen since the last character kept
  for (size_t i = 0; i < css.size(); ++i) {
    const char c = css[i];
    if (c == '/' && i + 1 < css.size() && css[i + 1] == '*') {
      size_t end = css.find("*/", i + 2);
      i = end == std::string_view::npos ? css.size() : end + 1;
      space = true;
      continue;
    }
    if (IsSpace(c)) {
      space = true;
      continue;
    }
    if (space && !out.empty() && !TightAfter(out.back()) && !Tight(c)) out += ' ';
    space = false;
    if (c == '"' || c == '\'') {  // a string, escapes included, to its closing quote
      size_t j = i + 1;
      while (j < css.size() && css[j] != c && css[j] != '\n') j += css[j] == '\\' ? 2 : 1;
      j = std::min(j, css.size() - 1);
      out.append(css.substr(i, j - i + 1));
      i = j;
      continue;
    }
    out += c;
  }
  return out;
}

bool CanInline(std::string_view css) {
  std::string lower(css);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return lower.find("</style") == std::string::npos && CssResourceUrls(std::string(css)).empty();
}

std::string StylesHtml(const std::vector<std::string>& names,
                       const std::map<std::string, std::string>& inlined,
                       const std::map<std::string, std::string>& published,
                       const std::string& to_root) {
  std::string text;
  std::string links;
  for (const std::string& name : names) {
    if (auto in = inlined.find(name); in != inlined.end()) {
      text += in->second;
    } else if (auto p = published.find(name); p != published.end()) {
      links += "<link rel=\"stylesheet\" href=\"" + HtmlEscape(to_root + p->second) + "\">\n";
    }
  }
  return (text.empty() ? std::string() : "<style>" + text + "</style>\n") + links;
}

}  // namespace gg
