// Text post-processing of Cairo's SVG output. Cairo cannot emit <title>, <desc>, ARIA
// attributes or links, and it numbers `surfaceN` from a process-wide counter; these functions
// fix that on the serialized document. They only understand what Cairo 1.16 writes (one root
// <svg ...> tag, ids as id="..." and references as href="#..." or url(#...)).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace gg::charts {

// Renumbers ids in order of first appearance, per alphabetic stem: "surface17" → "surface1",
// "glyph3-2" → "glyph0-2" (the part after the first number is kept), "clip5" → "clip1"...
// References are rewritten consistently. When `prefix` is not empty every id becomes
// "<prefix>-<id>". Makes the bytes independent of what else the process rendered before.
std::string CanonicalizeSvgIds(std::string_view svg, std::string_view prefix);

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

// Rounds the numbers in path data (d) and positions (x, y) to `decimals` places, dropping
// trailing zeros: Cairo writes glyph outlines with 6 decimals, which roughly doubles the file
// for no visible gain. Other attributes are left alone.
std::string CompactSvgNumbers(std::string_view svg, int decimals = 2);

}  // namespace gg::charts
