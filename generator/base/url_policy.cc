#include "base/url_policy.h"

#include <cctype>

namespace gg {
namespace {

char Lower(char c) {
  return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
}

bool StartsWithNoCase(const std::string& s, size_t at, std::string_view prefix) {
  if (at + prefix.size() > s.size()) return false;
  for (size_t i = 0; i < prefix.size(); ++i)
    if (Lower(s[at + i]) != prefix[i]) return false;
  return true;
}

size_t SkipSpace(const std::string& s, size_t i) {
  while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
  return i;
}

// Reads a CSS url(...) argument or a quoted string starting at i; sets *end past it.
std::string ReadCssValue(const std::string& s, size_t i, size_t* value_at, size_t* end) {
  i = SkipSpace(s, i);
  *value_at = i;
  if (i < s.size() && (s[i] == '"' || s[i] == '\'')) {
    char q = s[i];
    size_t close = s.find(q, i + 1);
    if (close == std::string::npos) close = s.size();
    *value_at = i + 1;
    *end = close;
    return s.substr(i + 1, close - i - 1);
  }
  size_t close = s.find(')', i);
  if (close == std::string::npos) close = s.size();
  size_t last = close;
  while (last > i && std::isspace(static_cast<unsigned char>(s[last - 1]))) --last;
  *end = close;
  return s.substr(i, last - i);
}

}  // namespace

bool IsLocalUrl(std::string_view url) {
  // What a browser does first: strip leading/trailing C0 controls and spaces, drop tabs and
  // newlines anywhere.
  std::string u;
  for (char c : url)
    if (c != '\t' && c != '\n' && c != '\r') u += c;
  size_t b = 0, e = u.size();
  while (b < e && static_cast<unsigned char>(u[b]) <= 0x20) ++b;
  while (e > b && static_cast<unsigned char>(u[e - 1]) <= 0x20) --e;
  u = u.substr(b, e - b);
  if (u.empty()) return true;
  // Protocol-relative, in any slash direction.
  if (u.size() >= 2 && (u[0] == '/' || u[0] == '\\') && (u[1] == '/' || u[1] == '\\')) return false;
  // A scheme: letters, digits, + - . before the first ':' that comes before any / ? #.
  size_t colon = u.find(':');
  size_t first_sep = u.find_first_of("/?#");
  if (colon != std::string::npos && (first_sep == std::string::npos || colon < first_sep)) {
    std::string scheme;
    for (size_t i = 0; i < colon; ++i) scheme += Lower(u[i]);
    return scheme == "data";
  }
  return true;
}

std::vector<FoundUrl> CssResourceUrls(const std::string& css) {
  std::vector<FoundUrl> out;
  for (size_t i = 0; i < css.size(); ++i) {
    if (css.compare(i, 2, "/*") == 0) {  // comments load nothing
      size_t close = css.find("*/", i + 2);
      if (close == std::string::npos) break;
      i = close + 1;
      continue;
    }
    size_t at, end;
    if (StartsWithNoCase(css, i, "url(")) {
      std::string v = ReadCssValue(css, i + 4, &at, &end);
      out.push_back({v, at});
      i = end;
    } else if (StartsWithNoCase(css, i, "@import")) {
      size_t j = SkipSpace(css, i + 7);
      if (j < css.size() && (css[j] == '"' || css[j] == '\'')) {
        std::string v = ReadCssValue(css, j, &at, &end);
        out.push_back({v, at});
        i = end;
      }
    }
  }
  return out;
}

namespace {

struct Attr {
  std::string name, value;  // name lowercased
  size_t offset;            // of the value in the markup
};

// The lowercased name of the tag opening at m[i] ('<'), and its end in *name_end.
std::string TagName(const std::string& m, size_t i, size_t* name_end) {
  size_t e = i + 1;
  while (e < m.size() && (std::isalnum(static_cast<unsigned char>(m[e])) || m[e] == ':' ||
                          m[e] == '-' || m[e] == '?'))
    ++e;
  std::string tag;
  for (size_t k = i + 1; k < e; ++k) tag += Lower(m[k]);
  *name_end = e;
  return tag;
}

// The attributes of a tag from `k` (after its name) to *close (its '>'), which moves past a
// quoted value containing '>'.
std::vector<Attr> ReadAttributes(const std::string& m, size_t k, size_t* close) {
  std::vector<Attr> attrs;
  while (k < *close) {
    k = SkipSpace(m, k);
    size_t an = k;
    while (k < *close && m[k] != '=' && !std::isspace(static_cast<unsigned char>(m[k])) &&
           m[k] != '>' && m[k] != '/')
      ++k;
    std::string attr;
    for (size_t t = an; t < k; ++t) attr += Lower(m[t]);
    if (k == an) {
      ++k;
      continue;
    }
    k = SkipSpace(m, k);
    if (k >= *close || m[k] != '=') continue;
    k = SkipSpace(m, k + 1);
    size_t vb = k, ve;
    if (k < *close && (m[k] == '"' || m[k] == '\'')) {
      char q = m[k];
      vb = k + 1;
      ve = m.find(q, vb);
      if (ve == std::string::npos) ve = m.size();
      if (ve > *close) *close = m.find('>', ve) == std::string::npos ? m.size() : m.find('>', ve);
      k = ve + 1;
    } else {
      while (k < *close && !std::isspace(static_cast<unsigned char>(m[k]))) ++k;
      ve = k;
    }
    attrs.push_back({attr, m.substr(vb, ve - vb), vb});
  }
  return attrs;
}

// Whether the tag's URL attributes load something with the page: <a> (and SVG <a>) names a
// page to go to; <link> loads only for these relations (alternate, canonical … name other
// pages).
bool TagLoads(const std::string& tag, const std::vector<Attr>& attrs) {
  if (tag != "link") return tag != "a" && tag != "svg:a";
  bool loads = false;
  for (const auto& a : attrs) {
    if (a.name != "rel") continue;
    std::string rel;
    for (char c : a.value) rel += Lower(c);
    for (const char* r : {"stylesheet", "icon", "preload", "prefetch", "manifest"})
      if (rel.find(r) != std::string::npos) loads = true;
  }
  return loads;
}

// "a.png 1x, b.png 2x" at offset vb: each candidate's URL.
void SrcsetUrls(const std::string& value, size_t vb, std::vector<FoundUrl>* out) {
  size_t p = 0;
  while (p < value.size()) {
    p = SkipSpace(value, p);
    size_t q = p;
    while (q < value.size() && !std::isspace(static_cast<unsigned char>(value[q])) &&
           value[q] != ',')
      ++q;
    if (q > p) out->push_back({value.substr(p, q - p), vb + p});
    size_t comma = value.find(',', q);
    if (comma == std::string::npos) break;
    p = comma + 1;
  }
}

// The URLs the attributes load: URL attributes and srcsets when the tag loads, and
// url(…) in style attributes always.
void AttributeUrls(const std::vector<Attr>& attrs, bool loads, std::vector<FoundUrl>* out) {
  for (const auto& a : attrs) {
    const std::string& attr = a.name;
    if (loads && (attr == "href" || attr == "xlink:href" || attr == "src" || attr == "data" ||
                  attr == "poster")) {
      out->push_back({a.value, a.offset});
    } else if (loads && (attr == "srcset" || attr == "imagesrcset")) {
      SrcsetUrls(a.value, a.offset, out);
    } else if (attr == "style") {
      for (auto& u : CssResourceUrls(a.value)) out->push_back({u.url, a.offset + u.offset});
    }
  }
}

}  // namespace

std::vector<FoundUrl> MarkupResourceUrls(const std::string& m) {
  std::vector<FoundUrl> out;
  size_t i = 0;
  while ((i = m.find('<', i)) != std::string::npos) {
    if (m.compare(i, 4, "<!--") == 0) {
      size_t close = m.find("-->", i);
      if (close == std::string::npos) break;
      i = close + 3;
      continue;
    }
    size_t name_end = 0;
    const std::string tag = TagName(m, i, &name_end);
    size_t close = m.find('>', name_end);
    if (close == std::string::npos) close = m.size();
    const std::vector<Attr> attrs = ReadAttributes(m, name_end, &close);
    AttributeUrls(attrs, TagLoads(tag, attrs), &out);
    if (tag == "style") {
      size_t end = m.find("</style", close);
      if (end == std::string::npos) end = m.size();
      std::string css = m.substr(close + 1 < m.size() ? close + 1 : m.size(),
                                 end > close + 1 ? end - close - 1 : 0);
      for (auto& u : CssResourceUrls(css)) out.push_back({u.url, close + 1 + u.offset});
      i = end;
      continue;
    }
    i = close;
  }
  return out;
}

}  // namespace gg
