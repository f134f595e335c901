// Internal to charts/: writes a scene as SVG directly, without Cairo. Text stays text: each
// line Pango laid out (wrapped and ellipsised exactly as measured) becomes one <text> in a
// font stack that starts with the families Pango measured with and falls back to common
// Latin and CJK system fonts. Colours are CSS classes in an embedded <style>, with the dark
// palette under @media (prefers-color-scheme: dark), so one file serves both schemes. Numbers
// carry at most two decimals. The output has no ids; FinishSvg adds title, desc and links.
#pragma once

#include <string>
#include <vector>

#include "charts/draw.h"

namespace gg::charts::internal {

// The CSS font-family value for the Pango family list `pango_families` ("DejaVu Sans, Noto
// Sans CJK SC"): those families quoted, then the fallbacks, then sans-serif.
std::string CssFontStack(const std::string& pango_families);

// A text item as Pango laid it out, in the layout's coordinates (origin at its top-left).
struct ShapedLine {
  std::string text;         // the visible text, with "…" where Pango ellipsised
  double x = 0, width = 0;  // logical left edge and advance width
  double baseline = 0;
};
struct ShapedText {
  std::vector<ShapedLine> lines;
  Rect logical;         // the logical extents of the whole layout
  double baseline = 0;  // the first line's baseline
};
ShapedText Shape(const TextMeasurer& measurer, const TextSpec& spec);

// The SVG document of `scene` (UTF-8, SVG 1.1, width/height in px), light and dark palettes.
std::string WriteSvg(const Scene& scene, const TextMeasurer& measurer);

}  // namespace gg::charts::internal
