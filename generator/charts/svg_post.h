// Text post-processing of a chart's SVG document (svg_writer.h): the <title>, <desc> and ARIA
// attributes that name it, and the links laid over it. They only need one root <svg ...> tag
// and a closing </svg>.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace gg::charts {

// A coordinate or length as an SVG attribute: at most two decimals, trailing zeros and a
// trailing point dropped, "-0" written "0" (12.5, 3, 0.25). std::to_chars, not printf: no
// locale, no format parsing (this runs for every number of every chart).
std::string SvgNumber(double v);

// Adds role, aria-labelledby (→ <title>) and aria-describedby (→ <desc>) to the root element
// and inserts <title id="<prefix>-title"> and <desc id="<prefix>-desc"> right after it. Text is
// XML-escaped. `role` is normally "img". An empty description omits <desc>. Returns the input
// unchanged when it has no <svg root.
std::string AddSvgAccessibility(std::string_view svg, std::string_view prefix,
                                std::string_view title, std::string_view description,
                                std::string_view role = "img");

// A clickable area laid over the drawing: <a xlink:href=href><rect .../></a> with an
// invisible fill (fill-opacity 0: still receives pointer events) and an aria-label.
struct SvgLink {
  double x = 0, y = 0, w = 0, h = 0;
  std::string href;
  std::string label;  // accessible name; usually the node's text
};
// Appends the links just before the closing </svg>, in the given order.
std::string AppendSvgLinks(std::string_view svg, const std::vector<SvgLink>& links);

}  // namespace gg::charts
