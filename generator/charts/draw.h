// Internal to charts/: a tiny retained scene (boxes, lines, markers, text) that every chart
// kind builds from its layout, the text measurer that layouts use, and the renderer that
// turns one scene into SVG (svg_writer.h, both schemes) and PNG (Cairo). Colours are roles resolved
// per scheme, so a layout is computed once and painted several times.
#pragma once

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "charts/common.h"
#include "charts/svg_post.h"

typedef struct _PangoContext PangoContext;
typedef struct _PangoLayout PangoLayout;

namespace gg::charts::internal {

// Okabe–Ito hues by index (Ink::index of Role::kHue and Role::kTint).
enum HueIndex : int {
  kBlue = 0,
  kOrange = 1,
  kGreen = 2,
  kPurple = 3,
  kVermillion = 4,
  kSky = 5,
  kYellow = 6,
  kBlack = 7,  // light grey in the dark scheme
  kHueCount = 8,
  kWhite = 8,  // not series colours: text on hue fills, the same in both schemes
  kDarkInk = 9,
};
// The hue of series i: blue, orange, green, purple, vermillion, sky, yellow, black, repeating.
int SeriesHue(int series);

enum class Role : unsigned char {
  kBackground,
  kText,
  kMuted,  // secondary text
  kGrid,
  kAxis,
  kBand,  // faint highlight behind a row
  kHue,   // Okabe–Ito colour `index`
  kTint,  // pale mix of hue `index` with the background (fills under text or hatches)
};
struct Ink {
  Role role = Role::kText;
  int index = 0;
  double alpha = 1;
};
inline Ink Hue(int i, double alpha = 1) {
  return {Role::kHue, i, alpha};
}
inline Ink Tint(int i) {
  return {Role::kTint, i, 1};
}
inline Ink Text() {
  return {Role::kText, 0, 1};
}
inline Ink Muted() {
  return {Role::kMuted, 0, 1};
}

struct Rgb {
  double r = 0, g = 0, b = 0;
};
Rgb Resolve(Ink ink, Scheme scheme);

struct Font {
  double px = 12;
  bool bold = false;
};
enum class Align { kLeft, kCenter, kRight };

// How a text is shaped. Measuring and painting build their Pango layouts from the same
// TextSpec, so the measured box is the drawn box.
struct TextSpec {
  std::string text;
  Font font;
  Align align = Align::kLeft;
  double width = 0;   // > 0: wrap (max_lines != 1) or ellipsise at this width
  int max_lines = 1;  // lines kept when wrapping; 0 = unlimited; the last one is ellipsised
  bool underline = false;
};
struct TextMetrics {
  double width = 0;     // logical width of the widest line
  double height = 0;    // logical height of all lines
  double baseline = 0;  // first baseline, from the top of the logical box
  int lines = 0;
  bool ellipsized = false;
  int glyphs = 0;  // shaped glyphs (0 means nothing would be drawn)
};

// Measures text with Pango on the calling thread (own PangoContext, thread's font map, hint
// metrics off, unrounded glyph positions).
class TextMeasurer {
 public:
  explicit TextMeasurer(const Style& style);
  ~TextMeasurer();
  TextMeasurer(const TextMeasurer&) = delete;
  TextMeasurer& operator=(const TextMeasurer&) = delete;

  TextMetrics Measure(const TextSpec& spec);
  // Places `spec` with its anchor at (x, baseline): x is the left edge, centre or right edge
  // of the logical box according to spec.align.
  TextBox Place(const TextSpec& spec, double x, double baseline);
  // Same, choosing the baseline so the box is vertically centred on cy.
  TextBox PlaceCentered(const TextSpec& spec, double x, double cy);
  const Style& style() const { return style_; }

  // For the renderer.
  PangoLayout* NewLayout(PangoContext* ctx, const TextSpec& spec) const;
  PangoContext* context() const { return ctx_; }
  static void Configure(PangoContext* ctx);

 private:
  Style style_;
  PangoContext* ctx_ = nullptr;
};

enum class MarkerShape { kCircle, kSquare, kTriangle, kDiamond };

struct BoxItem {
  Rect r;
  std::optional<Ink> fill;
  std::optional<Ink> stroke;
  double line_width = 1;
  double radius = 0;
  std::vector<double> dash;
};
// Parallel 45° lines clipped analytically to r (no clip paths in the SVG).
struct HatchItem {
  Rect r;
  Ink ink;
  double spacing = 5;
  double line_width = 1.2;
};
struct LineItem {
  std::vector<Point> pts;
  std::optional<Ink> stroke;
  double line_width = 1;
  std::vector<double> dash;
  bool closed = false;
  std::optional<Ink> fill;
};
struct MarkerItem {
  Point c;
  MarkerShape shape = MarkerShape::kCircle;
  double size = 4;  // radius-like half extent
  std::optional<Ink> fill;
  std::optional<Ink> stroke;
  double line_width = 1.5;
};
struct TextItem {
  TextSpec spec;
  double x = 0;
  double baseline = 0;
  Ink ink;
  double angle_deg = 0;     // rotation about (x, baseline); -90 reads bottom to top
  std::optional<Ink> halo;  // rounded box of this colour behind the text
};
using Item = std::variant<BoxItem, HatchItem, LineItem, MarkerItem, TextItem>;

struct Scene {
  double width = 0;
  double height = 0;
  std::vector<Item> items;  // painted in order, over a background of Role::kBackground

  void Add(Item item) { items.push_back(std::move(item)); }
  void Text(const TextSpec& spec, const TextBox& placed, Ink ink,
            std::optional<Ink> halo = std::nullopt);
};

struct Accessibility {
  std::string title;
  std::string description;
  std::vector<SvgLink> links;  // appended to the SVG; role becomes "group" when present
};

// Paints the scene into every output asked for by the style and post-processes the SVGs.
// With style.cache, a drawing made before for the same key (see DrawingKey) is returned
// instead of painted again; a cache that cannot be read or written only costs the painting.
RenderedChart RenderScene(const Scene& scene, const Style& style, const Accessibility& a11y);
// The painting itself (no cache); the scene's size must already be whole pixels.
RenderedChart PaintAll(const Scene& scene, const Style& style, const Accessibility& a11y);

// Style with the minimums applied (width, font sizes).
Style Normalized(const Style& style);

// Analytic clipping of the hatch lines, exposed for tests.
std::vector<std::pair<Point, Point>> HatchSegments(const Rect& r, double spacing);

}  // namespace gg::charts::internal
