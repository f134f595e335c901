// Types shared by every chart kind: geometry, style, number formatting and the rendered
// output. A chart is a pure function of (spec, style): the caller passes values and strings
// that are already translated and formatted; the module only computes layout and draws.
//
// Colour schemes. A chart is one SVG on its own opaque background card whose colours are CSS
// classes: the light palette by default, the dark one under @media (prefers-color-scheme:
// dark) inside the SVG, so a page needs one <img> for both. Text is SVG text (measured with
// Pango, shown in the reader's fonts); only the PNG (link previews) is painted, by Cairo.
// Both palettes use Okabe–Ito hues, and meaning never rests on colour alone (patterns, marker
// shapes, dash styles, cell text, legends).
//
// Determinism. Output bytes depend only on (spec, style, installed fonts, which Pango measures
// with); the few ids (title, desc) are prefixed by a hash of the content, so inlining several
// charts in one HTML page never clashes.
//
// Thread safety. Every function may be called concurrently from several threads: each call
// creates its own Pango context on the calling thread's PangoCairo font map.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace gg {
class ContentCache;  // base/content_cache.h
}

namespace gg::charts {

class DrawingMemo;  // charts/drawing_memo.h

// Loads the system's font configuration (fontconfig: its XML files and font caches), which the
// first chart of a process otherwise loads on its own thread: ~25 M instructions, a tenth of a
// price edit's build. A build calls it on a spare thread while it loads its inputs, so that
// the first chart need not wait for it. Safe to call from any thread, any number of times.
void PrepareFonts();

struct Point {
  double x = 0;
  double y = 0;
};

struct Rect {
  double x = 0;
  double y = 0;
  double w = 0;
  double h = 0;

  double Right() const { return x + w; }
  double Bottom() const { return y + h; }
  double CenterX() const { return x + w / 2; }
  double CenterY() const { return y + h / 2; }
  // True when the interiors overlap or the rectangles are less than `gap` apart on both axes
  // (with gap 0, rectangles that only touch do not intersect).
  bool Intersects(const Rect& o, double gap = 0) const;
  bool Contains(const Rect& o) const;
  bool Contains(Point p) const;
  Rect Inflated(double d) const { return {x - d, y - d, w + 2 * d, h + 2 * d}; }
};

// A piece of text as laid out. `text` is the caller's string; when `ellipsized` is set the
// drawing shows a shortened version ending in "…" that fits `box`. `box` is the logical
// (advance × line-height) rectangle; `baseline` is the y of the first line's baseline.
struct TextBox {
  std::string text;
  Rect box;
  double baseline = 0;
  bool ellipsized = false;
};

// Formats a number for a tick or value label in the page's locale (the caller uses ICU).
using NumberFormat = std::function<std::string(double)>;

// Locale-neutral fallback used when a spec leaves its formatter empty: about 4 significant
// digits, '.' as decimal point, no grouping, never an exponent ("1234", "0.25", "1500000").
std::string DefaultNumberFormat(double v);

enum class Scheme { kLight, kDark };

struct Style {
  // Width of the chart in CSS px. Values below kMinWidth are raised to it; the height follows
  // from the content.
  double width = 760;
  // Pango family list; CJK text falls back to the second family.
  std::string font_family = "DejaVu Sans, Noto Sans CJK SC";
  // Body text (ticks, labels, legend). Raised to kMinFontPx when smaller.
  double font_px = 12;
  double title_px = 15;
  // Draw the title as text at the top (it is always embedded as <title>).
  bool show_title = true;
  // Whether to paint a PNG too. The SVG (both schemes) is always produced.
  bool render_png = true;
  // The PNG is the page's link preview (og:image): this wide, at most this tall (1200 x 630
  // is the shape link previews are shown in); a taller chart is cut to its top.
  double png_width = 1200;
  double png_max_height = 630;
  Scheme png_scheme = Scheme::kLight;  // og:image wants light
  // Prefix for every id in the SVG (title, desc). Empty: "c" + 8 hex digits of the
  // SHA-256 of the SVG, which keeps ids unique per chart and stable across runs.
  std::string id_prefix;
  // Where drawings already made for the same scene and style are found and kept (incremental
  // builds); null: always paint. Not part of the output: a cached drawing is byte-identical.
  ContentCache* cache = nullptr;
  // The drawings already made in this build (see drawing_memo.h), looked up before the cache;
  // null: none. Not part of the output either.
  DrawingMemo* memo = nullptr;

  static constexpr double kMinWidth = 360;
  static constexpr double kMinFontPx = 11;
};

struct RenderedChart {
  // UTF-8 SVG 1.1, light and dark palettes, with <title>, <desc> (when the spec has a
  // description), role="img" (role="group" for a flowchart with embedded links) and
  // aria-labelledby.
  std::string svg;
  std::string png;  // style.png_scheme, png_width wide; empty unless style.render_png
  // CSS px, the SVG's width/height attributes: style.width, except a fit matrix with many
  // columns or an overflowing flowchart, which are wider.
  double width = 0;
  double height = 0;
};

// What each Render() returns: the drawings plus the geometry they were drawn from, so tests
// and callers (image maps, HTML overlays) can reason about positions without parsing pixels.
template <typename LayoutT>
struct Rendered : RenderedChart {
  LayoutT layout;
};

}  // namespace gg::charts
