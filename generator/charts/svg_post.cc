#include "charts/svg_post.h"

#include "base/text.h"

#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <map>

namespace gg::charts {
namespace {

bool IsAlpha(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
bool IsDigit(char c) {
  return c >= '0' && c <= '9';
}
bool IsIdChar(char c) {
  return IsAlpha(c) || IsDigit(c) || c == '-' || c == '.';
}

std::string Num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  std::string s = buf;
  while (!s.empty() && s.back() == '0') s.pop_back();
  if (!s.empty() && s.back() == '.') s.pop_back();
  if (s == "-0") s = "0";
  return s;
}

// Finds, from a position, the earliest of a few needles. Each needle's next position is
// searched again only once the scan has passed it: a rare needle would otherwise be searched
// to the end of the document at every match, making the pass quadratic.
template <size_t N>
class EarliestOf {
 public:
  EarliestOf(std::string_view text, const std::string_view (&needles)[N])
      : text_(text), needles_(needles) {
    for (size_t k = 0; k < N; ++k) next_[k] = text_.find(needles_[k]);
  }
  // Position of the earliest needle at or after `from` (npos when none) and its length.
  size_t Find(size_t from, size_t* length) {
    size_t best = std::string_view::npos;
    for (size_t k = 0; k < N; ++k) {
      if (next_[k] != std::string_view::npos && next_[k] < from)
        next_[k] = text_.find(needles_[k], from);
      if (next_[k] < best) {
        best = next_[k];
        *length = needles_[k].size();
      }
    }
    return best;
  }

 private:
  std::string_view text_;
  const std::string_view (&needles_)[N];
  size_t next_[N];
};

}  // namespace

std::string CompactSvgNumbers(std::string_view svg, int decimals) {
  static constexpr std::string_view kOpeners[] = {" d=\"", " x=\"", " y=\""};
  std::string out;
  out.reserve(svg.size());
  size_t i = 0;
  EarliestOf openers(svg, kOpeners);
  while (i < svg.size()) {
    size_t best_len = 0;
    size_t best = openers.Find(i, &best_len);
    if (best == std::string_view::npos) {
      out.append(svg.substr(i));
      break;
    }
    size_t start = best + best_len;
    size_t end = svg.find('"', start);
    if (end == std::string_view::npos) end = svg.size();
    out.append(svg.substr(i, start - i));
    std::string_view value = svg.substr(start, end - start);
    size_t k = 0;
    while (k < value.size()) {
      char c = value[k];
      bool starts_number = IsDigit(c) || ((c == '-' || c == '.') && k + 1 < value.size() &&
                                          (IsDigit(value[k + 1]) || value[k + 1] == '.'));
      if (!starts_number) {
        out += c;
        ++k;
        continue;
      }
      size_t j = k + 1;
      while (j < value.size() && (IsDigit(value[j]) || value[j] == '.')) ++j;
      std::string_view token = value.substr(k, j - k);
      size_t dot = token.find('.');
      if (dot == std::string_view::npos ||
          token.size() - dot - 1 <= static_cast<size_t>(decimals)) {
        out.append(token);
      } else {
        // std::from_chars / std::to_chars: correctly rounded like strtod and printf("%.*f"),
        // without their locale handling and string copies (a fifth of painting time).
        double v = 0;
        std::from_chars(token.data(), token.data() + token.size(), v);
        char buf[64];
        auto [end_of, ec] =
            std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed, decimals);
        std::string_view r(buf, ec == std::errc() ? static_cast<size_t>(end_of - buf) : 0);
        while (!r.empty() && r.back() == '0') r.remove_suffix(1);
        if (!r.empty() && r.back() == '.') r.remove_suffix(1);
        if (r == "-0" || r == "-") r = "0";
        out += r;
      }
      k = j;
    }
    i = end;
  }
  return out;
}

std::string CanonicalizeSvgIds(std::string_view svg, std::string_view prefix) {
  static constexpr std::string_view kOpeners[] = {" id=\"", "href=\"#", "url(#"};
  std::map<std::string, std::map<std::string, int>> numbers;  // stem → old number → new
  std::string out;
  out.reserve(svg.size() + svg.size() / 16);
  size_t i = 0;
  EarliestOf openers(svg, kOpeners);
  while (i < svg.size()) {
    size_t best_len = 0;
    size_t best = openers.Find(i, &best_len);
    if (best == std::string_view::npos) {
      out.append(svg.substr(i));
      break;
    }
    size_t start = best + best_len;
    out.append(svg.substr(i, start - i));
    size_t end = start;
    while (end < svg.size() && IsIdChar(svg[end])) ++end;
    std::string_view id = svg.substr(start, end - start);
    size_t stem_end = 0;
    while (stem_end < id.size() && IsAlpha(id[stem_end])) ++stem_end;
    size_t num_end = stem_end;
    while (num_end < id.size() && IsDigit(id[num_end])) ++num_end;
    if (!prefix.empty() && !id.empty()) {
      out.append(prefix);
      out += '-';
    }
    if (stem_end > 0 && num_end > stem_end) {
      std::string stem(id.substr(0, stem_end));
      auto& m = numbers[stem];
      // glyphN-M starts at 0 in Cairo; surfaces, clips, images at 1. Keep each stem's base.
      int base = stem == "glyph" ? 0 : 1;
      auto [it, inserted] = m.emplace(std::string(id.substr(stem_end, num_end - stem_end)),
                                      base + static_cast<int>(m.size()));
      (void)inserted;
      out.append(stem);
      out.append(std::to_string(it->second));
      out.append(id.substr(num_end));
    } else {
      out.append(id);
    }
    i = end;
  }
  return out;
}

std::string AddSvgAccessibility(std::string_view svg, std::string_view prefix,
                                std::string_view title, std::string_view description,
                                std::string_view role) {
  size_t root = svg.find("<svg");
  if (root == std::string_view::npos) return std::string(svg);
  size_t close = svg.find('>', root);
  if (close == std::string_view::npos) return std::string(svg);
  std::string p(prefix);
  if (!p.empty()) p += '-';
  std::string title_id = p + "title", desc_id = p + "desc";
  std::string out;
  out.reserve(svg.size() + title.size() + description.size() + 200);
  out.append(svg.substr(0, close));
  out += " role=\"";
  out += HtmlEscape(role);
  out += "\" aria-labelledby=\"" + HtmlEscape(title_id) + "\"";
  if (!description.empty()) out += " aria-describedby=\"" + HtmlEscape(desc_id) + "\"";
  out += ">\n<title id=\"" + HtmlEscape(title_id) + "\">" + HtmlEscape(title) + "</title>";
  if (!description.empty()) {
    out += "\n<desc id=\"" + HtmlEscape(desc_id) + "\">" + HtmlEscape(description) + "</desc>";
  }
  out.append(svg.substr(close + 1));
  return out;
}

std::string AppendSvgLinks(std::string_view svg, const std::vector<SvgLink>& links) {
  size_t end = svg.rfind("</svg>");
  if (end == std::string_view::npos || links.empty()) return std::string(svg);
  std::string out(svg.substr(0, end));
  for (const SvgLink& l : links) {
    out += "<a xlink:href=\"" + HtmlEscape(l.href) + "\" aria-label=\"" + HtmlEscape(l.label) +
           "\"><rect x=\"" + Num(l.x) + "\" y=\"" + Num(l.y) + "\" width=\"" + Num(l.w) +
           "\" height=\"" + Num(l.h) +
           "\" style=\"fill:rgb(0%,0%,0%);fill-opacity:0;stroke:none;\"/></a>\n";
  }
  out.append(svg.substr(end));
  return out;
}

}  // namespace gg::charts
