#include "charts/grouped_bars.h"

#include <algorithm>
#include <cmath>

#include "charts/frame.h"

namespace gg::charts {
namespace {

using namespace internal;

struct Built {
  GroupedBarsLayout layout;
  Scene scene;
};

Built Build(const GroupedBarsSpec& spec, const Style& style_in) {
  TextMeasurer m(style_in);
  const Style& style = m.style();
  Built out;
  GroupedBarsLayout& L = out.layout;
  Scene& scene = out.scene;
  scene.width = style.width;
  const Font font = Body(m), bold = BodyBold(m);
  const int ncat = static_cast<int>(spec.categories.size());
  const int nser = std::max<int>(1, static_cast<int>(spec.series.size()));
  auto value_at = [&](int c, int s) -> BarValue {
    if (c < static_cast<int>(spec.values.size()) && s < static_cast<int>(spec.values[c].size())) {
      return spec.values[c][s];
    }
    return {std::nan(""), false};
  };

  double y = AddTitle(scene, m, spec.title, kPad);

  // Legend: series (when there is more than one, or the single one is named) + "estimated".
  bool any_estimated = false;
  double vmax = 0;
  for (int c = 0; c < ncat; ++c) {
    for (int s = 0; s < nser; ++s) {
      BarValue v = value_at(c, s);
      if (std::isfinite(v.value)) {
        vmax = std::max(vmax, v.value);
        any_estimated = any_estimated || v.estimated;
      }
    }
  }
  std::vector<LegendEntry> legend;
  if (nser > 1 || (!spec.series.empty() && !spec.series[0].empty())) {
    for (int s = 0; s < static_cast<int>(spec.series.size()); ++s) {
      legend.push_back(LegendEntry::Box(spec.series[s], Hue(SeriesHue(s))));
    }
  }
  if (any_estimated && !spec.estimated_label.empty()) {
    legend.push_back(LegendEntry::Hatched(spec.estimated_label, Muted()));
  }
  double legend_h = AddLegend(scene, m, legend, kPad, y, style.width - 2 * kPad, &L.legend);
  if (legend_h > 0) y += legend_h + 4;

  // Category label column.
  std::vector<TextSpec> cat_specs;
  double label_w = 0;
  const double label_max = std::clamp(style.width * 0.34, 80.0, 240.0);
  for (int c = 0; c < ncat; ++c) {
    TextSpec spec_c{spec.categories[c], c == spec.baseline_category ? bold : font, Align::kRight,
                    label_max, 1};
    label_w = std::max(label_w, m.Measure(spec_c).width);
    cat_specs.push_back(spec_c);
  }
  label_w = std::min(label_w, label_max);
  const double plot_x = kPad + label_w + 8;
  const double plot_w = style.width - kPad - plot_x;

  // Value labels, measured to reserve room at the bar ends.
  std::vector<std::string> value_texts(static_cast<size_t>(ncat) * nser);
  double value_w = 0;
  for (int c = 0; c < ncat; ++c) {
    for (int s = 0; s < nser; ++s) {
      BarValue v = value_at(c, s);
      std::string t = !std::isfinite(v.value) ? spec.missing_label
                      : spec.format           ? spec.format(v.value)
                                              : DefaultNumberFormat(v.value);
      if (std::isfinite(v.value) && v.estimated) t = spec.estimated_prefix + t;
      value_w = std::max(value_w, m.Measure({t, font}).width);
      value_texts[static_cast<size_t>(c) * nser + s] = std::move(t);
    }
  }
  if (vmax <= 0) vmax = 1;
  const double bar_room = std::max(plot_w - value_w - 6, plot_w * 0.4);
  L.px_per_unit = bar_room / vmax;

  if (!spec.value_axis_title.empty()) {
    double bottom = y;
    AddAxisTitle(scene, m, spec.value_axis_title, plot_x, y, plot_w, Align::kLeft, &bottom);
    y = bottom + 6;
  }

  // Rows.
  const double bar_h = nser == 1 ? std::max(18.0, font.px + 6) : std::max(12.0, font.px + 2);
  const double inner_gap = nser == 1 ? 0 : 2;
  const double group_gap = nser == 1 ? 6 : 10;
  const double group_h = nser * bar_h + (nser - 1) * inner_gap;
  L.plot = {plot_x, y, plot_w, 0};
  double cy = y + group_gap / 2;
  std::vector<Rect> bands;
  for (int c = 0; c < ncat; ++c) {
    if (c == spec.baseline_category) {
      bands.push_back({kPad / 2, cy - group_gap / 2, style.width - kPad, group_h + group_gap});
    }
    L.category_labels.push_back(m.PlaceCentered(cat_specs[c], plot_x - 8, cy + group_h / 2));
    for (int s = 0; s < nser; ++s) {
      BarValue v = value_at(c, s);
      GroupedBarsLayout::Bar bar;
      bar.category = c;
      bar.series = s;
      bar.missing = !std::isfinite(v.value);
      bar.value = bar.missing ? 0 : v.value;
      bar.estimated = v.estimated && !bar.missing;
      double len = bar.missing ? 0 : std::max(0.0, v.value) * L.px_per_unit;
      double top = cy + s * (bar_h + inner_gap);
      bar.rect = {plot_x, top, len, bar_h};
      TextSpec vs{value_texts[static_cast<size_t>(c) * nser + s], font, Align::kLeft};
      bar.label = m.PlaceCentered(vs, plot_x + len + 4, top + bar_h / 2);
      L.bars.push_back(bar);
    }
    cy += group_h + group_gap;
  }
  L.plot.h = cy - group_gap / 2 - y;

  // Scene, back to front: band, grid, bars, texts.
  for (const Rect& b : bands) scene.Add(BoxItem{b, Ink{Role::kBand, 0, 1}, std::nullopt, 1, 3, {}});
  // Ticks inside the bar area: at least three when the width allows.
  const double domain_max = plot_w / L.px_per_unit;
  std::vector<double> tick_values;
  for (int want = std::max(2, static_cast<int>(bar_room / 70)); want <= 12; ++want) {
    tick_values.clear();
    for (double t : NiceTicks(0, vmax, want).values) {
      if (t <= domain_max * (1 + 1e-9)) tick_values.push_back(t);
    }
    if (tick_values.size() >= 3 || want * 45 > bar_room) break;
  }
  Scale xs = Scale::Linear(0, 1, plot_x, plot_x + L.px_per_unit);
  Rect grid_rect = L.plot;
  double bottom = AddXGrid(scene, m, xs, tick_values, FormatTicks(tick_values, spec.format),
                           grid_rect, style.width);
  LineItem axis;
  axis.pts = {{std::round(plot_x), L.plot.y}, {std::round(plot_x), L.plot.Bottom()}};
  axis.stroke = Ink{Role::kAxis, 0, 1};
  for (const auto& bar : L.bars) {
    if (bar.missing || bar.rect.w <= 0) continue;
    int hue = SeriesHue(bar.series);
    if (bar.estimated) {
      Rect r = bar.rect;
      scene.Add(BoxItem{r, Tint(hue), std::nullopt, 1, 0, {}});
      scene.Add(HatchItem{r, Hue(hue), 5, 1.3});
      scene.Add(BoxItem{r.Inflated(-0.6), std::nullopt, Hue(hue), 1.2, 0, {}});
    } else {
      scene.Add(BoxItem{bar.rect, Hue(hue), std::nullopt, 1, 0, {}});
    }
  }
  scene.Add(axis);
  for (int c = 0; c < ncat; ++c) scene.Text(cat_specs[c], L.category_labels[c], Text());
  for (const auto& bar : L.bars) {
    scene.Text({bar.label.text, font, Align::kLeft}, bar.label, bar.missing ? Muted() : Text());
  }
  scene.height = bottom + kPad;
  return out;
}

}  // namespace

GroupedBarsLayout Layout(const GroupedBarsSpec& spec, const Style& style) {
  return Build(spec, style).layout;
}

Rendered<GroupedBarsLayout> Render(const GroupedBarsSpec& spec, const Style& style) {
  Built b = Build(spec, style);
  Rendered<GroupedBarsLayout> out;
  static_cast<RenderedChart&>(out) =
      internal::RenderScene(b.scene, style, {spec.title, spec.description, {}});
  out.layout = std::move(b.layout);
  return out;
}

}  // namespace gg::charts
