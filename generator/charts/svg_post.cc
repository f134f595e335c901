#include "charts/svg_post.h"

#include <charconv>

#include "base/text.h"

namespace gg::charts {

std::string SvgNumber(double v) {
  char buf[32];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed, 2);
  if (ec != std::errc()) return "0";  // not finite: never a coordinate the layout makes
  std::string s(buf, end);
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  if (s == "-0") s = "0";
  return s;
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
           "\"><rect x=\"" + SvgNumber(l.x) + "\" y=\"" + SvgNumber(l.y) + "\" width=\"" +
           SvgNumber(l.w) + "\" height=\"" + SvgNumber(l.h) +
           "\" style=\"fill:rgb(0%,0%,0%);fill-opacity:0;stroke:none;\"/></a>\n";
  }
  out.append(svg.substr(end));
  return out;
}

}  // namespace gg::charts
