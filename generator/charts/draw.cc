#include "charts/draw.h"

#include <cairo.h>
#include <pango/pangocairo.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "base/content_cache.h"
#include "base/text.h"
#include "charts/drawing_memo.h"
#include "charts/png_writer.h"
#include "charts/svg_writer.h"

namespace gg::charts::internal {
namespace {

constexpr Rgb FromHex(unsigned v) {
  return {static_cast<double>((v >> 16) & 0xff) / 255.0,
          static_cast<double>((v >> 8) & 0xff) / 255.0, static_cast<double>(v & 0xff) / 255.0};
}

Rgb Mix(Rgb a, Rgb b, double t) {  // t of a, 1 - t of b
  return {a.r * t + b.r * (1 - t), a.g * t + b.g * (1 - t), a.b * t + b.b * (1 - t)};
}

struct Palette {
  Rgb background, text, muted, grid, axis, band;
  Rgb hues[kHueCount];
  double tint;  // share of the hue in a tint
};

// Okabe & Ito (2008), "Color Universal Design". The dark scheme lifts blue a little and
// replaces black by light grey so every hue keeps >= 3:1 against its background.
const Palette kLight = {
    FromHex(0xFFFFFF),
    FromHex(0x1F2328),
    FromHex(0x59636E),
    FromHex(0xE1E5EA),
    FromHex(0x8C959F),
    FromHex(0xF1F3F6),
    {FromHex(0x0072B2), FromHex(0xE69F00), FromHex(0x009E73), FromHex(0xCC79A7), FromHex(0xD55E00),
     FromHex(0x56B4E9), FromHex(0xF0E442), FromHex(0x000000)},
    0.30};
const Palette kDark = {FromHex(0x16191E),
                       FromHex(0xE6EDF3),
                       FromHex(0xA0AAB5),
                       FromHex(0x2E343C),
                       FromHex(0x6E7781),
                       FromHex(0x21262D),
                       {FromHex(0x2A8FD0), FromHex(0xE69F00), FromHex(0x009E73), FromHex(0xCC79A7),
                        FromHex(0xD55E00), FromHex(0x56B4E9), FromHex(0xF0E442), FromHex(0xC8C8C8)},
                       0.40};

const Palette& PaletteOf(Scheme s) {
  return s == Scheme::kDark ? kDark : kLight;
}

void SetInk(cairo_t* cr, Ink ink, Scheme scheme) {
  Rgb c = Resolve(ink, scheme);
  if (ink.alpha >= 1) {
    cairo_set_source_rgb(cr, c.r, c.g, c.b);
  } else {
    cairo_set_source_rgba(cr, c.r, c.g, c.b, ink.alpha);
  }
}

void RoundedRect(cairo_t* cr, const Rect& r, double radius) {
  radius = std::min({radius, r.w / 2, r.h / 2});
  if (radius <= 0) {
    cairo_rectangle(cr, r.x, r.y, r.w, r.h);
    return;
  }
  cairo_new_sub_path(cr);
  cairo_arc(cr, r.Right() - radius, r.y + radius, radius, -M_PI / 2, 0);
  cairo_arc(cr, r.Right() - radius, r.Bottom() - radius, radius, 0, M_PI / 2);
  cairo_arc(cr, r.x + radius, r.Bottom() - radius, radius, M_PI / 2, M_PI);
  cairo_arc(cr, r.x + radius, r.y + radius, radius, M_PI, 3 * M_PI / 2);
  cairo_close_path(cr);
}

void FillStroke(cairo_t* cr, const std::optional<Ink>& fill, const std::optional<Ink>& stroke,
                double line_width, const std::vector<double>& dash, Scheme scheme) {
  if (fill) {
    SetInk(cr, *fill, scheme);
    if (stroke) {
      cairo_fill_preserve(cr);
    } else {
      cairo_fill(cr);
    }
  }
  if (stroke) {
    SetInk(cr, *stroke, scheme);
    cairo_set_line_width(cr, line_width);
    cairo_set_dash(cr, dash.empty() ? nullptr : dash.data(), static_cast<int>(dash.size()), 0);
    cairo_stroke(cr);
    cairo_set_dash(cr, nullptr, 0, 0);
  }
  cairo_new_path(cr);
}

class Painter {
 public:
  Painter(cairo_t* cr, const TextMeasurer& measurer, Scheme scheme)
      : cr_(cr), measurer_(measurer), scheme_(scheme) {
    ctx_ = pango_cairo_create_context(cr_);
    TextMeasurer::Configure(ctx_);
    cairo_set_line_join(cr_, CAIRO_LINE_JOIN_ROUND);
    cairo_set_line_cap(cr_, CAIRO_LINE_CAP_BUTT);
  }
  ~Painter() { g_object_unref(ctx_); }
  Painter(const Painter&) = delete;
  Painter& operator=(const Painter&) = delete;

  void operator()(const BoxItem& b) {
    RoundedRect(cr_, b.r, b.radius);
    FillStroke(cr_, b.fill, b.stroke, b.line_width, b.dash, scheme_);
  }
  void operator()(const HatchItem& h) {
    for (const auto& [a, b] : HatchSegments(h.r, h.spacing)) {
      cairo_move_to(cr_, a.x, a.y);
      cairo_line_to(cr_, b.x, b.y);
    }
    FillStroke(cr_, std::nullopt, h.ink, h.line_width, {}, scheme_);
  }
  void operator()(const LineItem& l) {
    if (l.pts.empty()) return;
    cairo_move_to(cr_, l.pts[0].x, l.pts[0].y);
    for (size_t i = 1; i < l.pts.size(); ++i) cairo_line_to(cr_, l.pts[i].x, l.pts[i].y);
    if (l.closed) cairo_close_path(cr_);
    FillStroke(cr_, l.fill, l.stroke, l.line_width, l.dash, scheme_);
  }
  void operator()(const MarkerItem& m) {
    double s = m.size;
    switch (m.shape) {
      case MarkerShape::kCircle:
        cairo_arc(cr_, m.c.x, m.c.y, s, 0, 2 * M_PI);
        break;
      case MarkerShape::kSquare:
        s *= 0.9;
        cairo_rectangle(cr_, m.c.x - s, m.c.y - s, 2 * s, 2 * s);
        break;
      case MarkerShape::kTriangle:
        s *= 1.2;
        cairo_move_to(cr_, m.c.x, m.c.y - s);
        cairo_line_to(cr_, m.c.x + s * 0.94, m.c.y + s * 0.62);
        cairo_line_to(cr_, m.c.x - s * 0.94, m.c.y + s * 0.62);
        cairo_close_path(cr_);
        break;
      case MarkerShape::kDiamond:
        s *= 1.25;
        cairo_move_to(cr_, m.c.x, m.c.y - s);
        cairo_line_to(cr_, m.c.x + s, m.c.y);
        cairo_line_to(cr_, m.c.x, m.c.y + s);
        cairo_line_to(cr_, m.c.x - s, m.c.y);
        cairo_close_path(cr_);
        break;
    }
    FillStroke(cr_, m.fill, m.stroke, m.line_width, {}, scheme_);
  }
  void operator()(const TextItem& t) {
    if (t.spec.text.empty()) return;
    cairo_save(cr_);
    cairo_translate(cr_, t.x, t.baseline);
    if (t.angle_deg != 0) cairo_rotate(cr_, t.angle_deg * M_PI / 180);
    pango_cairo_update_context(cr_, ctx_);
    PangoLayout* layout = measurer_.NewLayout(ctx_, t.spec);
    PangoRectangle logical;
    pango_layout_get_extents(layout, nullptr, &logical);
    double w = logical.width / double{PANGO_SCALE};
    double lx = logical.x / double{PANGO_SCALE};
    double ly = logical.y / double{PANGO_SCALE};
    double base = pango_layout_get_baseline(layout) / double{PANGO_SCALE};
    double left = t.spec.align == Align::kLeft ? 0 : t.spec.align == Align::kCenter ? -w / 2 : -w;
    double top = -base;
    if (t.halo) {
      Rect r{left - 3, top + ly - 1, w + 6, logical.height / double{PANGO_SCALE} + 2};
      RoundedRect(cr_, r, 3);
      FillStroke(cr_, *t.halo, std::nullopt, 1, {}, scheme_);
    }
    SetInk(cr_, t.ink, scheme_);
    cairo_move_to(cr_, left - lx, top);
    pango_cairo_show_layout(cr_, layout);
    cairo_new_path(cr_);
    g_object_unref(layout);
    cairo_restore(cr_);
  }

 private:
  cairo_t* cr_;
  const TextMeasurer& measurer_;
  Scheme scheme_;
  PangoContext* ctx_;
};

void PaintScene(cairo_t* cr, const Scene& scene, const TextMeasurer& measurer, Scheme scheme) {
  SetInk(cr, {Role::kBackground, 0, 1}, scheme);
  cairo_rectangle(cr, 0, 0, scene.width, scene.height);
  cairo_fill(cr);
  Painter painter(cr, measurer, scheme);
  for (const Item& item : scene.items) std::visit(painter, item);
}

// The link-preview image: the chart scaled to Style::png_width and, when taller than
// png_max_height at that scale, only its top (title, legend and first rows), as link previews
// are shown landscape and painting a 3,000-pixel-tall bar chart for them cost more than the
// rest of its page.
std::string PaintPng(const Scene& scene, const TextMeasurer& measurer, const Style& style) {
  const double scale = style.png_width / scene.width;
  const int w = static_cast<int>(std::lround(style.png_width));
  const int h = static_cast<int>(std::min(std::ceil(scene.height * scale), style.png_max_height));
  // The pixels go to a buffer kept by the thread for its next preview: a fresh 3 MB surface
  // per chart cost more in page faults than its painting. Cleared to zero as a new surface
  // is, so the pixels never depend on the chart painted before.
  thread_local std::vector<unsigned char> pixels;
  const int stride = cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, w);
  const size_t bytes = static_cast<size_t>(stride) * static_cast<size_t>(h);
  if (pixels.size() < bytes) pixels.resize(bytes);
  std::memset(pixels.data(), 0, bytes);
  cairo_surface_t* surface =
      cairo_image_surface_create_for_data(pixels.data(), CAIRO_FORMAT_RGB24, w, h, stride);
  cairo_t* cr = cairo_create(surface);
  cairo_scale(cr, scale, scale);
  PaintScene(cr, scene, measurer, style.png_scheme);
  cairo_destroy(cr);
  cairo_surface_flush(surface);
  std::string out = EncodeRgbPng(pixels.data(), w, h, stride);
  cairo_surface_destroy(surface);
  return out;
}

// Title, description and links; the ids they need are prefixed so several charts can share
// a document.
std::string FinishSvg(const std::string& svg_in, const Style& style, const Accessibility& a11y) {
  std::string prefix = style.id_prefix;
  if (prefix.empty()) {
    prefix = "c" + Sha256Hex(svg_in + '\0' + a11y.title + '\0' + a11y.description).substr(0, 8);
  }
  std::string svg = AddSvgAccessibility(svg_in, prefix, a11y.title, a11y.description,
                                        a11y.links.empty() ? "img" : "group");
  return AppendSvgLinks(svg, a11y.links);
}

void AddInk(const Ink& ink, KeyWriter* w) {
  w->Int(static_cast<int>(ink.role)).Int(ink.index).Num(ink.alpha);
}
void AddInk(const std::optional<Ink>& ink, KeyWriter* w) {
  w->Bool(ink.has_value());
  if (ink) AddInk(*ink, w);
}
void AddDoubles(const std::vector<double>& v, KeyWriter* w) {
  w->Int(static_cast<int64_t>(v.size()));
  for (double d : v) w->Num(d);
}
void AddRect(const Rect& r, KeyWriter* w) {
  w->Num(r.x).Num(r.y).Num(r.w).Num(r.h);
}

// Writes every field of an item, tagged with its kind.
struct ItemKey {
  KeyWriter* w;
  void operator()(const BoxItem& b) const {
    w->Int(0);
    AddRect(b.r, w);
    AddInk(b.fill, w);
    AddInk(b.stroke, w);
    w->Num(b.line_width).Num(b.radius);
    AddDoubles(b.dash, w);
  }
  void operator()(const HatchItem& h) const {
    w->Int(1);
    AddRect(h.r, w);
    AddInk(h.ink, w);
    w->Num(h.spacing).Num(h.line_width);
  }
  void operator()(const LineItem& l) const {
    w->Int(2).Int(static_cast<int64_t>(l.pts.size()));
    for (const Point& p : l.pts) w->Num(p.x).Num(p.y);
    AddInk(l.stroke, w);
    w->Num(l.line_width);
    AddDoubles(l.dash, w);
    w->Bool(l.closed);
    AddInk(l.fill, w);
  }
  void operator()(const MarkerItem& m) const {
    w->Int(3).Num(m.c.x).Num(m.c.y).Int(static_cast<int>(m.shape)).Num(m.size);
    AddInk(m.fill, w);
    AddInk(m.stroke, w);
    w->Num(m.line_width);
  }
  void operator()(const TextItem& t) const {
    w->Int(4).Str(t.spec.text).Num(t.spec.font.px).Bool(t.spec.font.bold);
    w->Int(static_cast<int>(t.spec.align)).Num(t.spec.width).Int(t.spec.max_lines);
    w->Bool(t.spec.underline).Num(t.x).Num(t.baseline);
    AddInk(t.ink, w);
    w->Num(t.angle_deg);
    AddInk(t.halo, w);
  }
};

// The cache key of a drawing: everything painting reads — the scene, the style's output
// choices and fonts, the accessible texts and links. Installed fonts are not in it: the
// cache belongs to one machine image, like the executable whose identity it carries.
std::string DrawingKey(const Scene& scene, const Style& style, const Accessibility& a11y) {
  KeyWriter w;
  w.Str("drawing/3").Num(scene.width).Num(scene.height);
  w.Int(static_cast<int64_t>(scene.items.size()));
  for (const Item& item : scene.items) std::visit(ItemKey{&w}, item);
  w.Num(style.width).Str(style.font_family).Num(style.font_px).Num(style.title_px);
  w.Bool(style.show_title).Bool(style.render_png).Num(style.png_width).Num(style.png_max_height);
  w.Int(static_cast<int>(style.png_scheme)).Str(style.id_prefix);
  w.Str(a11y.title).Str(a11y.description).Int(static_cast<int64_t>(a11y.links.size()));
  for (const SvgLink& l : a11y.links)
    w.Num(l.x).Num(l.y).Num(l.w).Num(l.h).Str(l.href).Str(l.label);
  return w.Hash();
}

std::string Pack(const RenderedChart& c) {
  KeyWriter size;
  size.Num(c.width).Num(c.height);
  return PackFields({size.text(), c.svg, c.png});
}

bool Unpack(const std::string& bytes, RenderedChart* c) {
  std::vector<std::string> f;
  if (!UnpackFields(bytes, &f) || f.size() != 3 || f[0].size() != 2 * sizeof(double)) return false;
  std::memcpy(&c->width, f[0].data(), sizeof(double));
  std::memcpy(&c->height, f[0].data() + sizeof(double), sizeof(double));
  c->svg = std::move(f[1]);
  c->png = std::move(f[2]);
  return true;
}

}  // namespace

int SeriesHue(int series) {
  static constexpr int kOrder[] = {kBlue,       kOrange, kGreen,  kPurple,
                                   kVermillion, kSky,    kYellow, kBlack};
  return kOrder[((series % kHueCount) + kHueCount) % kHueCount];
}

Rgb Resolve(Ink ink, Scheme scheme) {
  const Palette& p = PaletteOf(scheme);
  if (ink.role == Role::kHue && ink.index == kWhite) return {1, 1, 1};
  if (ink.role == Role::kHue && ink.index == kDarkInk) return FromHex(0x1F2328);
  int i = ((ink.index % kHueCount) + kHueCount) % kHueCount;
  switch (ink.role) {
    case Role::kBackground:
      return p.background;
    case Role::kText:
      return p.text;
    case Role::kMuted:
      return p.muted;
    case Role::kGrid:
      return p.grid;
    case Role::kAxis:
      return p.axis;
    case Role::kBand:
      return p.band;
    case Role::kHue:
      return p.hues[i];
    case Role::kTint:
      return Mix(p.hues[i], p.background, p.tint);
  }
  return p.text;
}

Style Normalized(const Style& style) {
  Style s = style;
  if (!(s.width >= Style::kMinWidth)) s.width = Style::kMinWidth;
  s.width = std::round(s.width);
  if (!(s.font_px >= Style::kMinFontPx)) s.font_px = Style::kMinFontPx;
  if (!(s.title_px >= s.font_px)) s.title_px = s.font_px;
  if (!(s.png_width >= 1)) s.png_width = Style{}.png_width;
  s.png_width = std::round(s.png_width);
  if (!(s.png_max_height >= 1)) s.png_max_height = Style{}.png_max_height;
  s.png_max_height = std::round(s.png_max_height);
  if (s.font_family.empty()) s.font_family = Style{}.font_family;
  return s;
}

std::vector<std::pair<Point, Point>> HatchSegments(const Rect& r, double spacing) {
  std::vector<std::pair<Point, Point>> out;
  if (r.w <= 0 || r.h <= 0 || spacing <= 0) return out;
  double x0 = r.x, x1 = r.Right(), y0 = r.y, y1 = r.Bottom();
  // Lines x + y = c on a page-wide grid, so adjacent hatched shapes line up.
  for (double c = std::ceil((x0 + y0) / spacing) * spacing; c < x1 + y1; c += spacing) {
    double xs = std::max(x0, c - y1), xe = std::min(x1, c - y0);
    if (xe - xs > 0.05) out.push_back({{xs, c - xs}, {xe, c - xe}});
  }
  return out;
}

}  // namespace gg::charts::internal

namespace gg::charts {

void PrepareFonts() {
  // The calling thread's default font map initialises fontconfig for the whole process; the
  // map itself is this thread's and is released when the thread ends.
  pango_cairo_font_map_get_default();
}

}  // namespace gg::charts

namespace gg::charts::internal {

TextMeasurer::TextMeasurer(const Style& style) : style_(Normalized(style)) {
  ctx_ = pango_font_map_create_context(pango_cairo_font_map_get_default());
  Configure(ctx_);
}

TextMeasurer::~TextMeasurer() {
  g_object_unref(ctx_);
}

void TextMeasurer::Configure(PangoContext* ctx) {
  cairo_font_options_t* fo = cairo_font_options_create();
  cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
  pango_cairo_context_set_font_options(ctx, fo);
  cairo_font_options_destroy(fo);
  pango_cairo_context_set_resolution(ctx, 96);
  pango_context_set_round_glyph_positions(ctx, FALSE);
}

PangoLayout* TextMeasurer::NewLayout(PangoContext* ctx, const TextSpec& spec) const {
  PangoLayout* layout = pango_layout_new(ctx);
  PangoFontDescription* fd = pango_font_description_from_string(style_.font_family.c_str());
  pango_font_description_set_absolute_size(fd, std::max(spec.font.px, 1.0) * PANGO_SCALE);
  pango_font_description_set_weight(fd, spec.font.bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_layout_set_font_description(layout, fd);
  pango_font_description_free(fd);
  pango_layout_set_text(layout, spec.text.c_str(), static_cast<int>(spec.text.size()));
  pango_layout_set_alignment(layout, spec.align == Align::kLeft     ? PANGO_ALIGN_LEFT
                                     : spec.align == Align::kCenter ? PANGO_ALIGN_CENTER
                                                                    : PANGO_ALIGN_RIGHT);
  if (spec.width > 0) {
    pango_layout_set_width(layout, static_cast<int>(spec.width * PANGO_SCALE));
    if (spec.max_lines == 1) {
      pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END);
    } else {
      pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
      if (spec.max_lines > 1) {
        pango_layout_set_height(layout, -spec.max_lines);
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END);
      }
    }
  }
  if (spec.underline) {
    PangoAttrList* attrs = pango_attr_list_new();
    pango_attr_list_insert(attrs, pango_attr_underline_new(PANGO_UNDERLINE_SINGLE));
    pango_layout_set_attributes(layout, attrs);
    pango_attr_list_unref(attrs);
  }
  return layout;
}

TextMetrics TextMeasurer::Measure(const TextSpec& spec) {
  TextMetrics m;
  if (spec.text.empty()) return m;
  PangoLayout* layout = NewLayout(ctx_, spec);
  PangoRectangle logical;
  pango_layout_get_extents(layout, nullptr, &logical);
  m.width = logical.width / double{PANGO_SCALE};
  m.height = logical.height / double{PANGO_SCALE};
  m.baseline = (pango_layout_get_baseline(layout) - logical.y) / double{PANGO_SCALE};
  m.lines = pango_layout_get_line_count(layout);
  m.ellipsized = pango_layout_is_ellipsized(layout);
  int glyphs = 0;
  PangoLayoutIter* it = pango_layout_get_iter(layout);
  do {
    PangoLayoutRun* run = pango_layout_iter_get_run_readonly(it);
    if (run) glyphs += run->glyphs->num_glyphs;
  } while (pango_layout_iter_next_run(it));
  pango_layout_iter_free(it);
  m.glyphs = glyphs - pango_layout_get_unknown_glyphs_count(layout);
  g_object_unref(layout);
  return m;
}

TextBox TextMeasurer::Place(const TextSpec& spec, double x, double baseline) {
  TextMetrics m = Measure(spec);
  double left = spec.align == Align::kLeft     ? x
                : spec.align == Align::kCenter ? x - m.width / 2
                                               : x - m.width;
  return {spec.text, {left, baseline - m.baseline, m.width, m.height}, baseline, m.ellipsized};
}

TextBox TextMeasurer::PlaceCentered(const TextSpec& spec, double x, double cy) {
  TextMetrics m = Measure(spec);
  // Centre the x-height-ish band rather than the full line box: digits and Latin text look
  // centred when the baseline sits ~0.35 em below the centre.
  double baseline = cy + spec.font.px * 0.36;
  if (m.lines > 1) baseline = cy - m.height / 2 + m.baseline;
  double left = spec.align == Align::kLeft     ? x
                : spec.align == Align::kCenter ? x - m.width / 2
                                               : x - m.width;
  return {spec.text, {left, baseline - m.baseline, m.width, m.height}, baseline, m.ellipsized};
}

void Scene::Text(const TextSpec& spec, const TextBox& placed, Ink ink, std::optional<Ink> halo) {
  TextItem t;
  t.spec = spec;
  t.x = spec.align == Align::kLeft     ? placed.box.x
        : spec.align == Align::kCenter ? placed.box.CenterX()
                                       : placed.box.Right();
  t.baseline = placed.baseline;
  t.ink = ink;
  t.halo = halo;
  items.push_back(std::move(t));
}

RenderedChart RenderScene(const Scene& scene_in, const Style& style_in, const Accessibility& a11y) {
  Style style = Normalized(style_in);
  Scene scene = scene_in;
  scene.width = std::ceil(scene.width);
  scene.height = std::ceil(scene.height);
  if (!style.cache && !style.memo) return PaintAll(scene, style, a11y);
  const std::string key = DrawingKey(scene, style, a11y);
  if (style.memo) {
    if (auto kept = style.memo->Find(key)) return *kept;
  }
  RenderedChart out;
  std::optional<std::string> entry;
  if (style.cache) entry = style.cache->Get("chart", key);
  if (!entry || !Unpack(*entry, &out)) {
    out = PaintAll(scene, style, a11y);
    if (style.cache) style.cache->Put("chart", key, Pack(out));
  }
  if (style.memo) style.memo->Keep(key, out);
  return out;
}

RenderedChart PaintAll(const Scene& scene, const Style& style, const Accessibility& a11y) {
  TextMeasurer measurer(style);
  RenderedChart out;
  out.width = scene.width;
  out.height = scene.height;
  out.svg = FinishSvg(WriteSvg(scene, measurer), style, a11y);
  if (style.render_png) out.png = PaintPng(scene, measurer, style);
  return out;
}

}  // namespace gg::charts::internal
