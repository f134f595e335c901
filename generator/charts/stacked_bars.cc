#include "charts/stacked_bars.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "charts/frame.h"

namespace gg::charts {
namespace {

using namespace internal;

struct Built {
  StackedBarsLayout layout;
  Scene scene;
};

std::string Fmt(const NumberFormat& f, double v) {
  return f ? f(v) : DefaultNumberFormat(v);
}

// A segment's value as drawn: 0 when absent, not finite or not positive.
double SegmentValue(const StackedBarsSpec& spec, int b, size_t s) {
  const auto& segs = spec.bars[b].segments;
  double v = s < segs.size() ? segs[s] : 0;
  return std::isfinite(v) && v > 0 ? v : 0.0;
}

// Each bar's total, and the largest of them and of the reference values (at least 1).
std::vector<double> Totals(const StackedBarsSpec& spec, double* vmax) {
  std::vector<double> totals(spec.bars.size(), 0);
  *vmax = 0;
  for (size_t b = 0; b < spec.bars.size(); ++b) {
    for (size_t s = 0; s < spec.bars[b].segments.size(); ++s)
      totals[b] += SegmentValue(spec, static_cast<int>(b), s);
    *vmax = std::max(*vmax, totals[b]);
  }
  for (const ReferenceLine& r : spec.references) {
    if (std::isfinite(r.value)) *vmax = std::max(*vmax, r.value);
  }
  if (*vmax <= 0) *vmax = 1;
  return totals;
}

// Widest a reference label may be: it lives in a right gutter, up to two lines.
double GutterMax(const Style& style) {
  return std::clamp(style.width * 0.24, 80.0, 170.0);
}

// The plot area from y down, left of the reference gutter, with its value grid; the value
// scale and px_per_unit go to L.
Scale AddValueAxis(const StackedBarsSpec& spec, TextMeasurer& m, double y, double vmax,
                   Scene& scene, StackedBarsLayout& L) {
  const Style& style = m.style();
  const Font font = Body(m);
  double gutter = 0;
  for (const ReferenceLine& r : spec.references) {
    gutter = std::max(gutter, m.Measure({r.label, font, Align::kLeft, GutterMax(style), 2}).width);
  }
  if (gutter > 0) gutter += 8;
  const double plot_h = std::clamp(style.width * 0.45, 220.0, 360.0);
  // Room above the tallest bar for its total.
  const double top_room = spec.show_totals ? font.px * 1.6 : 4;
  Ticks yt = NiceTicks(0, vmax, std::max(3, static_cast<int>(plot_h / 40)));
  std::vector<std::string> ylabels = FormatTicks(yt.values, spec.format);
  Rect plot{kPad + MaxTextWidth(m, ylabels, font) + 8, y, 0, plot_h};
  plot.w = style.width - kPad - gutter - plot.x;
  const double usable = plot_h - top_room;
  L.px_per_unit = usable / yt.hi();
  Scale ys = Scale::Linear(0, yt.hi(), plot.Bottom(), plot.Bottom() - usable);
  L.plot = plot;
  // Ticks at or below the top of the value range.
  AddYGrid(scene, m, ys, yt.values, ylabels, {plot.x, plot.y + top_room, plot.w, usable},
           plot.x - 8);
  return ys;
}

double SlotWidth(const StackedBarsSpec& spec, const StackedBarsLayout& L) {
  return L.plot.w / std::max(1, static_cast<int>(spec.bars.size()));
}

// The value inside a segment, when it fits: dark text on the light hues (orange, sky, yellow,
// green), white on the dark ones.
void AddSegmentValue(const StackedBarsSpec& spec, TextMeasurer& m, double v, int hue,
                     StackedBarsLayout::Segment& seg, Scene& scene) {
  TextSpec ts{Fmt(spec.format, v), Body(m), Align::kCenter};
  TextMetrics tm = m.Measure(ts);
  const Rect& r = seg.rect;
  if (tm.width + 6 > r.w || tm.height + 2 > r.h) return;
  seg.label = m.PlaceCentered(ts, r.CenterX(), r.CenterY());
  bool light_hue = hue == kOrange || hue == kSky || hue == kYellow || hue == kGreen;
  TextItem t;
  t.spec = ts;
  t.x = r.CenterX();
  t.baseline = seg.label.baseline;
  t.ink = light_hue ? Hue(kDarkInk) : Hue(kWhite);
  scene.Add(t);
}

// The bars, bottom segment first, and their totals (returned, drawn after the reference lines).
std::vector<std::pair<TextSpec, TextBox>> AddBars(const StackedBarsSpec& spec, TextMeasurer& m,
                                                  const std::vector<double>& totals,
                                                  StackedBarsLayout& L, Scene& scene) {
  const Rect& plot = L.plot;
  const double slot = SlotWidth(spec, L);
  const double bar_w = std::min(72.0, slot * 0.62);
  std::vector<std::pair<TextSpec, TextBox>> texts;
  for (int b = 0; b < static_cast<int>(spec.bars.size()); ++b) {
    double cx = plot.x + slot * (b + 0.5);
    double base = plot.Bottom();
    for (size_t s = 0; s < spec.bars[b].segments.size(); ++s) {
      double v = SegmentValue(spec, b, s);
      if (v <= 0) continue;
      double h = v * L.px_per_unit;
      Rect r{cx - bar_w / 2, base - h, bar_w, h};
      StackedBarsLayout::Segment seg{b, static_cast<int>(s), v, r, {}};
      int hue = SeriesHue(static_cast<int>(s));
      // 1 px background-coloured seams between segments keep adjacent colours apart.
      scene.Add(BoxItem{r, Hue(hue), Ink{Role::kBackground, 0, 1}, 1, 0, {}});
      if (spec.show_segment_values) AddSegmentValue(spec, m, v, hue, seg, scene);
      L.segments.push_back(seg);
      base -= h;
    }
    if (spec.show_totals) {
      TextSpec ts{Fmt(spec.format, totals[b]), BodyBold(m), Align::kCenter};
      TextBox tb = m.Place(ts, cx, base - 5);
      texts.push_back({ts, tb});
      L.totals.push_back(tb);
    }
  }
  return texts;
}

// A bar label slanted 45°, ending under the bar's centre cx; the text runs down-left from its
// end, its start kept inside the chart. Returns its bounds.
TextBox AddSlantedLabel(const std::string& label, TextMeasurer& m, double cx, const Rect& plot,
                        Scene& scene) {
  const Font font = Body(m);
  double room = (cx - 4) / std::sqrt(0.5) - font.px;
  TextSpec ls{label, font, Align::kRight, std::clamp(room, 40.0, 150.0), 1};
  TextMetrics tm = m.Measure(ls);
  double ax = cx + font.px * 0.3, ab = plot.Bottom() + 4;
  Rect box = RotatedBounds(tm, Align::kRight, ax, ab, -45);
  ab += plot.Bottom() + 4 - box.y;  // top of the text just under the axis
  box = RotatedBounds(tm, Align::kRight, ax, ab, -45);
  TextItem t;
  t.spec = ls;
  t.x = ax;
  t.baseline = ab;
  t.ink = Text();
  t.angle_deg = -45;
  scene.Add(t);
  return {ls.text, box, ab, tm.ellipsized};
}

// Bar labels: up to two centred lines when they fit the slot, otherwise slanted 45° (all of
// them, so they read alike). Returns the y below them.
double AddBarLabels(const StackedBarsSpec& spec, TextMeasurer& m, StackedBarsLayout& L,
                    Scene& scene) {
  const Font font = Body(m);
  const Rect& plot = L.plot;
  const int nbars = static_cast<int>(spec.bars.size());
  const double slot = SlotWidth(spec, L);
  bool slanted = slot - 6 < 40;
  for (int b = 0; b < nbars && !slanted; ++b) {
    slanted = m.Measure({spec.bars[b].label, font, Align::kCenter, slot - 6, 2}).ellipsized;
  }
  L.slanted_labels = slanted;
  double bottom = plot.Bottom();
  for (int b = 0; b < nbars; ++b) {
    double cx = plot.x + slot * (b + 0.5);
    if (slanted) {
      L.bar_labels.push_back(AddSlantedLabel(spec.bars[b].label, m, cx, plot, scene));
      bottom = std::max(bottom, L.bar_labels.back().box.Bottom());
      continue;
    }
    TextSpec ls{spec.bars[b].label, font, Align::kCenter, slot - 6, 2};
    TextMetrics tm = m.Measure(ls);
    TextBox lb = m.Place(ls, cx, plot.Bottom() + 6 + tm.baseline);
    scene.Text(ls, lb, Text());
    L.bar_labels.push_back(lb);
    bottom = std::max(bottom, lb.box.Bottom());
  }
  return bottom;
}

// Reference lines, labelled in the gutter and spread vertically so labels never overlap; the
// labels are appended to *texts. Returns the y below the lowest label (at least `bottom`).
double AddReferences(const StackedBarsSpec& spec, TextMeasurer& m, const Scale& ys, double bottom,
                     std::vector<std::pair<TextSpec, TextBox>>* texts, StackedBarsLayout& L,
                     Scene& scene) {
  const Font font = Body(m);
  const Rect& plot = L.plot;
  std::vector<size_t> order(spec.references.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return spec.references[a].value > spec.references[b].value;  // top first
  });
  std::vector<double> wish, sizes;
  std::vector<TextSpec> ref_specs;
  for (size_t k : order) {
    TextSpec ts{spec.references[k].label, font, Align::kLeft, GutterMax(m.style()), 2};
    TextMetrics tm = m.Measure(ts);
    wish.push_back(ys(spec.references[k].value) - tm.height / 2);
    sizes.push_back(tm.height);
    ref_specs.push_back(ts);
  }
  std::vector<double> tops = Declutter1D(wish, sizes, plot.y, plot.Bottom() + font.px, 2);
  for (size_t i = 0; i < order.size(); ++i) {
    const ReferenceLine& r = spec.references[order[i]];
    double ly = std::round(ys(r.value));
    LineItem line;
    line.pts = {{plot.x, ly}, {plot.Right() + 4, ly}};
    line.stroke = Text();
    line.line_width = 1.2;
    line.dash = {5, 3};
    scene.Add(line);
    TextMetrics tm = m.Measure(ref_specs[i]);
    TextBox tb = m.Place(ref_specs[i], plot.Right() + 8, tops[i] + tm.baseline);
    if (std::abs(tb.box.CenterY() - ly) > 3) {  // moved away from its line: join them
      LineItem joint;
      joint.pts = {{plot.Right() + 4, ly},
                   {plot.Right() + 7, std::clamp(ly, tb.box.y + 2, tb.box.Bottom() - 2)}};
      joint.stroke = Text();
      joint.line_width = 1;
      scene.Add(joint);
    }
    texts->push_back({ref_specs[i], tb});
    L.references.push_back({r.value, ly, tb});
    bottom = std::max(bottom, tb.box.Bottom());
  }
  return bottom;
}

std::vector<LegendEntry> Legend(const StackedBarsSpec& spec) {
  std::vector<LegendEntry> legend;
  for (size_t s = 0; s < spec.segment_names.size(); ++s) {
    legend.push_back(LegendEntry::Box(spec.segment_names[s], Hue(SeriesHue(static_cast<int>(s)))));
  }
  return legend;
}

Built Build(const StackedBarsSpec& spec, const Style& style_in) {
  TextMeasurer m(style_in);
  Built out;
  StackedBarsLayout& L = out.layout;
  Scene& scene = out.scene;
  scene.width = m.style().width;
  double y = AddHeader(scene, m, spec.title, Legend(spec), spec.value_axis_title, &L.legend);
  double vmax = 0;
  const std::vector<double> totals = Totals(spec, &vmax);
  const Scale ys = AddValueAxis(spec, m, y, vmax, scene, L);
  std::vector<std::pair<TextSpec, TextBox>> texts = AddBars(spec, m, totals, L, scene);
  double bottom = AddBarLabels(spec, m, L, scene);
  LineItem axis;
  axis.pts = {{L.plot.x, std::round(L.plot.Bottom())},
              {L.plot.Right(), std::round(L.plot.Bottom())}};
  axis.stroke = Ink{Role::kAxis, 0, 1};
  scene.Add(axis);
  bottom = AddReferences(spec, m, ys, bottom, &texts, L, scene);
  for (const auto& [ts, tb] : texts) scene.Text(ts, tb, Text(), Ink{Role::kBackground, 0, 0.85});
  scene.height = bottom + kPad;
  return out;
}

}  // namespace

StackedBarsLayout Layout(const StackedBarsSpec& spec, const Style& style) {
  return Build(spec, style).layout;
}

Rendered<StackedBarsLayout> Render(const StackedBarsSpec& spec, const Style& style) {
  Built b = Build(spec, style);
  Rendered<StackedBarsLayout> out;
  static_cast<RenderedChart&>(out) =
      internal::RenderScene(b.scene, style, {spec.title, spec.description, {}});
  out.layout = std::move(b.layout);
  return out;
}

}  // namespace gg::charts
