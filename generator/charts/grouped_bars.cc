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

int SeriesCount(const GroupedBarsSpec& spec) {
  return std::max<int>(1, static_cast<int>(spec.series.size()));
}

BarValue ValueAt(const GroupedBarsSpec& spec, int c, int s) {
  if (c < static_cast<int>(spec.values.size()) && s < static_cast<int>(spec.values[c].size())) {
    return spec.values[c][s];
  }
  return {std::nan(""), false};
}

// The largest finite value (at least 1) and whether any finite value is estimated.
double MaxValue(const GroupedBarsSpec& spec, bool* any_estimated) {
  double vmax = 0;
  *any_estimated = false;
  for (int c = 0; c < static_cast<int>(spec.categories.size()); ++c) {
    for (int s = 0; s < SeriesCount(spec); ++s) {
      BarValue v = ValueAt(spec, c, s);
      if (std::isfinite(v.value)) {
        vmax = std::max(vmax, v.value);
        *any_estimated = *any_estimated || v.estimated;
      }
    }
  }
  return vmax <= 0 ? 1 : vmax;
}

// Series (when there is more than one, or the single one is named) + "estimated".
std::vector<LegendEntry> Legend(const GroupedBarsSpec& spec, bool any_estimated) {
  std::vector<LegendEntry> legend;
  if (SeriesCount(spec) > 1 || (!spec.series.empty() && !spec.series[0].empty())) {
    for (int s = 0; s < static_cast<int>(spec.series.size()); ++s) {
      legend.push_back(LegendEntry::Box(spec.series[s], Hue(SeriesHue(s))));
    }
  }
  if (any_estimated && !spec.estimated_label.empty()) {
    legend.push_back(LegendEntry::Hatched(spec.estimated_label, Muted()));
  }
  return legend;
}

// The category labels (the baseline in bold), and the width of their column.
std::vector<TextSpec> CategorySpecs(const GroupedBarsSpec& spec, TextMeasurer& m, double* label_w) {
  std::vector<TextSpec> cat_specs;
  *label_w = 0;
  const double label_max = std::clamp(m.style().width * 0.34, 80.0, 240.0);
  for (int c = 0; c < static_cast<int>(spec.categories.size()); ++c) {
    TextSpec spec_c{spec.categories[c], c == spec.baseline_category ? BodyBold(m) : Body(m),
                    Align::kRight, label_max, 1};
    *label_w = std::max(*label_w, m.Measure(spec_c).width);
    cat_specs.push_back(spec_c);
  }
  *label_w = std::min(*label_w, label_max);
  return cat_specs;
}

// The value label of each bar, category-major ("—" style missing label, estimated prefix),
// and the widest, to reserve room at the bar ends.
std::vector<std::string> ValueTexts(const GroupedBarsSpec& spec, TextMeasurer& m, double* value_w) {
  const int ncat = static_cast<int>(spec.categories.size()), nser = SeriesCount(spec);
  std::vector<std::string> value_texts(static_cast<size_t>(ncat) * nser);
  *value_w = 0;
  for (int c = 0; c < ncat; ++c) {
    for (int s = 0; s < nser; ++s) {
      BarValue v = ValueAt(spec, c, s);
      std::string t = !std::isfinite(v.value) ? spec.missing_label
                      : spec.format           ? spec.format(v.value)
                                              : DefaultNumberFormat(v.value);
      if (std::isfinite(v.value) && v.estimated) t = spec.estimated_prefix + t;
      *value_w = std::max(*value_w, m.Measure({t, Body(m)}).width);
      value_texts[static_cast<size_t>(c) * nser + s] = std::move(t);
    }
  }
  return value_texts;
}

// Lays out the rows from L.plot's top: category labels, bars and value labels (L), and the
// band behind the baseline category (returned); sets L.plot's height.
std::vector<Rect> LayOutRows(const GroupedBarsSpec& spec, TextMeasurer& m,
                             const std::vector<TextSpec>& cat_specs,
                             const std::vector<std::string>& value_texts, GroupedBarsLayout& L) {
  const Font font = Body(m);
  const int ncat = static_cast<int>(spec.categories.size()), nser = SeriesCount(spec);
  const double bar_h = nser == 1 ? std::max(18.0, font.px + 6) : std::max(12.0, font.px + 2);
  const double inner_gap = nser == 1 ? 0 : 2;
  const double group_gap = nser == 1 ? 6 : 10;
  const double group_h = nser * bar_h + (nser - 1) * inner_gap;
  const double plot_x = L.plot.x;
  double cy = L.plot.y + group_gap / 2;
  std::vector<Rect> bands;
  for (int c = 0; c < ncat; ++c) {
    if (c == spec.baseline_category) {
      bands.push_back({kPad / 2, cy - group_gap / 2, m.style().width - kPad, group_h + group_gap});
    }
    L.category_labels.push_back(m.PlaceCentered(cat_specs[c], plot_x - 8, cy + group_h / 2));
    for (int s = 0; s < nser; ++s) {
      BarValue v = ValueAt(spec, c, s);
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
  L.plot.h = cy - group_gap / 2 - L.plot.y;
  return bands;
}

// Ticks inside the bar area: at least three when the width allows.
std::vector<double> ValueTicks(double vmax, double bar_room, double domain_max) {
  std::vector<double> tick_values;
  for (int want = std::max(2, static_cast<int>(bar_room / 70)); want <= 12; ++want) {
    tick_values.clear();
    for (double t : NiceTicks(0, vmax, want).values) {
      if (t <= domain_max * (1 + 1e-9)) tick_values.push_back(t);
    }
    if (tick_values.size() >= 3 || want * 45 > bar_room) break;
  }
  return tick_values;
}

// The bars: solid, or tinted and hatched with an outline when estimated.
void AddBars(const GroupedBarsLayout& L, Scene& scene) {
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
}

Built Build(const GroupedBarsSpec& spec, const Style& style_in) {
  TextMeasurer m(style_in);
  const Style& style = m.style();
  Built out;
  GroupedBarsLayout& L = out.layout;
  Scene& scene = out.scene;
  scene.width = style.width;
  double y = AddTitle(scene, m, spec.title, kPad);
  bool any_estimated = false;
  const double vmax = MaxValue(spec, &any_estimated);
  double legend_h =
      AddLegend(scene, m, Legend(spec, any_estimated), kPad, y, style.width - 2 * kPad, &L.legend);
  if (legend_h > 0) y += legend_h + 4;

  double label_w = 0, value_w = 0;
  const std::vector<TextSpec> cat_specs = CategorySpecs(spec, m, &label_w);
  const double plot_x = kPad + label_w + 8;
  const double plot_w = style.width - kPad - plot_x;
  const std::vector<std::string> value_texts = ValueTexts(spec, m, &value_w);
  const double bar_room = std::max(plot_w - value_w - 6, plot_w * 0.4);
  L.px_per_unit = bar_room / vmax;
  if (!spec.value_axis_title.empty()) {
    double bottom = y;
    AddAxisTitle(scene, m, spec.value_axis_title, plot_x, y, plot_w, Align::kLeft, &bottom);
    y = bottom + 6;
  }
  L.plot = {plot_x, y, plot_w, 0};
  const std::vector<Rect> bands = LayOutRows(spec, m, cat_specs, value_texts, L);

  // Scene, back to front: band, grid, bars, texts.
  for (const Rect& b : bands) scene.Add(BoxItem{b, Ink{Role::kBand, 0, 1}, std::nullopt, 1, 3, {}});
  std::vector<double> tick_values = ValueTicks(vmax, bar_room, plot_w / L.px_per_unit);
  Scale xs = Scale::Linear(0, 1, plot_x, plot_x + L.px_per_unit);
  double bottom = AddXGrid(scene, m, xs, tick_values, FormatTicks(tick_values, spec.format), L.plot,
                           style.width);
  AddBars(L, scene);
  LineItem axis;
  axis.pts = {{std::round(plot_x), L.plot.y}, {std::round(plot_x), L.plot.Bottom()}};
  axis.stroke = Ink{Role::kAxis, 0, 1};
  scene.Add(axis);
  for (size_t c = 0; c < cat_specs.size(); ++c)
    scene.Text(cat_specs[c], L.category_labels[c], Text());
  for (const auto& bar : L.bars) {
    scene.Text({bar.label.text, Body(m), Align::kLeft}, bar.label, bar.missing ? Muted() : Text());
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
