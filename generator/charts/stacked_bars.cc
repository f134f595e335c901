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

Built Build(const StackedBarsSpec& spec, const Style& style_in) {
  TextMeasurer m(style_in);
  const Style& style = m.style();
  Built out;
  StackedBarsLayout& L = out.layout;
  Scene& scene = out.scene;
  scene.width = style.width;
  const Font font = Body(m), bold = BodyBold(m);
  const int nbars = static_cast<int>(spec.bars.size());

  double y = AddTitle(scene, m, spec.title, kPad);
  std::vector<LegendEntry> legend;
  for (size_t s = 0; s < spec.segment_names.size(); ++s) {
    legend.push_back(LegendEntry::Box(spec.segment_names[s], Hue(SeriesHue(static_cast<int>(s)))));
  }
  double legend_h = AddLegend(scene, m, legend, kPad, y, style.width - 2 * kPad, &L.legend);
  if (legend_h > 0) y += legend_h + 4;
  if (!spec.value_axis_title.empty()) {
    double bottom = y;
    AddAxisTitle(scene, m, spec.value_axis_title, kPad, y, style.width - 2 * kPad, Align::kLeft,
                 &bottom);
    y = bottom + 8;
  }

  auto seg_value = [&](int b, size_t s) {
    const auto& segs = spec.bars[b].segments;
    double v = s < segs.size() ? segs[s] : 0;
    return std::isfinite(v) && v > 0 ? v : 0.0;
  };
  std::vector<double> totals(nbars, 0);
  double vmax = 0;
  for (int b = 0; b < nbars; ++b) {
    for (size_t s = 0; s < spec.bars[b].segments.size(); ++s) totals[b] += seg_value(b, s);
    vmax = std::max(vmax, totals[b]);
  }
  for (const ReferenceLine& r : spec.references) {
    if (std::isfinite(r.value)) vmax = std::max(vmax, r.value);
  }
  if (vmax <= 0) vmax = 1;

  // Reference labels live in a right gutter, at the end of their lines, up to two lines each.
  const double gutter_max = std::clamp(style.width * 0.24, 80.0, 170.0);
  double gutter = 0;
  for (const ReferenceLine& r : spec.references) {
    gutter = std::max(gutter, m.Measure({r.label, font, Align::kLeft, gutter_max, 2}).width);
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

  // Bars.
  const double slot = plot.w / std::max(1, nbars);
  const double bar_w = std::min(72.0, slot * 0.62);
  double bottom = plot.Bottom();
  std::vector<std::pair<TextSpec, TextBox>> texts;  // drawn after the reference lines
  for (int b = 0; b < nbars; ++b) {
    double cx = plot.x + slot * (b + 0.5);
    double base = plot.Bottom();
    for (size_t s = 0; s < spec.bars[b].segments.size(); ++s) {
      double v = seg_value(b, s);
      if (v <= 0) continue;
      double h = v * L.px_per_unit;
      Rect r{cx - bar_w / 2, base - h, bar_w, h};
      StackedBarsLayout::Segment seg{b, static_cast<int>(s), v, r, {}};
      int hue = SeriesHue(static_cast<int>(s));
      // 1 px background-coloured seams between segments keep adjacent colours apart.
      scene.Add(BoxItem{r, Hue(hue), Ink{Role::kBackground, 0, 1}, 1, 0, {}});
      if (spec.show_segment_values) {
        TextSpec ts{Fmt(spec.format, v), font, Align::kCenter};
        TextMetrics tm = m.Measure(ts);
        if (tm.width + 6 <= r.w && tm.height + 2 <= r.h) {
          seg.label = m.PlaceCentered(ts, r.CenterX(), r.CenterY());
          // Dark text on the light hues (orange, sky, yellow, green), white on the dark ones.
          bool light_hue = hue == kOrange || hue == kSky || hue == kYellow || hue == kGreen;
          TextItem t;
          t.spec = ts;
          t.x = r.CenterX();
          t.baseline = seg.label.baseline;
          t.ink = light_hue ? Hue(kDarkInk) : Hue(kWhite);
          scene.Add(t);
        }
      }
      L.segments.push_back(seg);
      base -= h;
    }
    if (spec.show_totals) {
      TextSpec ts{Fmt(spec.format, totals[b]), bold, Align::kCenter};
      TextBox tb = m.Place(ts, cx, base - 5);
      texts.push_back({ts, tb});
      L.totals.push_back(tb);
    }
  }
  // Bar labels: up to two centred lines when they fit the slot, otherwise slanted 45° (all of
  // them, so they read alike), ending under the bar's centre.
  bool slanted = slot - 6 < 40;
  for (int b = 0; b < nbars && !slanted; ++b) {
    slanted = m.Measure({spec.bars[b].label, font, Align::kCenter, slot - 6, 2}).ellipsized;
  }
  L.slanted_labels = slanted;
  for (int b = 0; b < nbars; ++b) {
    double cx = plot.x + slot * (b + 0.5);
    if (!slanted) {
      TextSpec ls{spec.bars[b].label, font, Align::kCenter, slot - 6, 2};
      TextMetrics tm = m.Measure(ls);
      TextBox lb = m.Place(ls, cx, plot.Bottom() + 6 + tm.baseline);
      scene.Text(ls, lb, Text());
      L.bar_labels.push_back(lb);
      bottom = std::max(bottom, lb.box.Bottom());
      continue;
    }
    // The text runs down-left from its end; keep its start inside the chart.
    double room = (cx - 4) / std::sqrt(0.5) - font.px;
    TextSpec ls{spec.bars[b].label, font, Align::kRight, std::clamp(room, 40.0, 150.0), 1};
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
    L.bar_labels.push_back({ls.text, box, ab, tm.ellipsized});
    bottom = std::max(bottom, box.Bottom());
  }
  LineItem axis;
  axis.pts = {{plot.x, std::round(plot.Bottom())}, {plot.Right(), std::round(plot.Bottom())}};
  axis.stroke = Ink{Role::kAxis, 0, 1};
  scene.Add(axis);

  // Reference lines, labelled in the gutter and spread vertically so labels never overlap.
  std::vector<size_t> order(spec.references.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return spec.references[a].value > spec.references[b].value;  // top first
  });
  std::vector<double> wish, sizes;
  std::vector<TextSpec> ref_specs;
  for (size_t k : order) {
    TextSpec ts{spec.references[k].label, font, Align::kLeft, gutter_max, 2};
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
    texts.push_back({ref_specs[i], tb});
    L.references.push_back({r.value, ly, tb});
    bottom = std::max(bottom, tb.box.Bottom());
  }
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
