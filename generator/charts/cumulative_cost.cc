#include "charts/cumulative_cost.h"

#include <algorithm>
#include <cmath>

#include "charts/frame.h"

namespace gg::charts {
namespace {

using namespace internal;

constexpr int kOwnHue = kBlue;
constexpr int kCloudHue = kVermillion;

struct Built {
  CumulativeCostLayout layout;
  Scene scene;
};

std::vector<double> DayTicks(double days, int max_ticks) {
  static constexpr double kSteps[] = {1, 7, 30, 90, 180, 365, 730, 1825, 3650};
  for (double step : kSteps) {
    if (days / step + 1 <= max_ticks) {
      std::vector<double> out;
      for (double d = 0; d <= days + 1e-9; d += step) out.push_back(d);
      return out;
    }
  }
  return {0, days};
}

Built Build(const CumulativeCostSpec& spec, const Style& style_in) {
  TextMeasurer m(style_in);
  const Style& style = m.style();
  Built out;
  CumulativeCostLayout& L = out.layout;
  Scene& scene = out.scene;
  scene.width = style.width;
  const Font font = Body(m), bold = BodyBold(m);
  const double days = spec.days > 0 && std::isfinite(spec.days) ? spec.days : 365;

  double y = AddTitle(scene, m, spec.title, kPad);
  std::vector<LegendEntry> legend = {LegendEntry::Line(spec.own.name, Hue(kOwnHue)),
                                     LegendEntry::Line(spec.cloud.name, Hue(kCloudHue), {6, 3})};
  double legend_h = AddLegend(scene, m, legend, kPad, y, style.width - 2 * kPad, &L.legend);
  if (legend_h > 0) y += legend_h + 4;
  if (!spec.y_axis_title.empty()) {
    double bottom = y;
    AddAxisTitle(scene, m, spec.y_axis_title, kPad, y, style.width - 2 * kPad, Align::kLeft,
                 &bottom);
    y = bottom + 8;
  }

  auto finite = [](double v) { return std::isfinite(v) ? v : 0.0; };
  auto cost = [&](const CostLine& l, double d) { return finite(l.start) + finite(l.per_day) * d; };
  double cmax = std::max(
      {cost(spec.own, 0), cost(spec.own, days), cost(spec.cloud, 0), cost(spec.cloud, days), 0.0});
  double cmin = std::min({cost(spec.own, 0), cost(spec.cloud, 0), 0.0});
  const double plot_h = std::clamp(style.width * 0.42, 200.0, 340.0);
  Ticks yt = NiceTicks(cmin, cmax, std::max(3, static_cast<int>(plot_h / 40)));
  std::vector<std::string> ylabels = FormatTicks(yt.values, spec.cost_format);
  Rect plot{kPad + MaxTextWidth(m, ylabels, font) + 8, y, 0, plot_h};
  plot.w = style.width - kPad - plot.x;
  L.plot = plot;
  Scale xs = Scale::Linear(0, days, plot.x, plot.Right());
  Scale ys = Scale::Linear(yt.lo(), yt.hi(), plot.Bottom(), plot.y);
  AddYGrid(scene, m, ys, yt.values, ylabels, plot, plot.x - 8);
  std::vector<double> xt = spec.day_ticks;
  if (xt.empty()) xt = DayTicks(days, std::max(2, static_cast<int>(plot.w / 80)));
  double bottom = AddXGrid(scene, m, xs, xt, FormatTicks(xt, spec.day_format), plot, style.width);
  if (!spec.x_axis_title.empty()) {
    AddAxisTitle(scene, m, spec.x_axis_title, plot.x, bottom + 4, plot.w, Align::kRight, &bottom);
  }

  L.own_line = {{xs(0), ys(cost(spec.own, 0))}, {xs(days), ys(cost(spec.own, days))}};
  L.cloud_line = {{xs(0), ys(cost(spec.cloud, 0))}, {xs(days), ys(cost(spec.cloud, days))}};
  LineItem own;
  own.pts = L.own_line;
  own.stroke = Hue(kOwnHue);
  own.line_width = 2.5;
  LineItem cloud = own;
  cloud.pts = L.cloud_line;
  cloud.stroke = Hue(kCloudHue);
  cloud.dash = {7, 4};
  scene.Add(cloud);
  scene.Add(own);

  L.break_even_day = BreakEvenDay(spec.own, spec.cloud, days);
  std::vector<Rect> obstacles;  // both lines, sampled as small boxes
  for (const auto* line : {&L.own_line, &L.cloud_line}) {
    Point a = (*line)[0], b = (*line)[1];
    double len = std::hypot(b.x - a.x, b.y - a.y);
    for (double t = 0; t <= len; t += 4) {
      double f = len > 0 ? t / len : 0;
      obstacles.push_back({a.x + (b.x - a.x) * f - 2, a.y + (b.y - a.y) * f - 2, 4, 4});
    }
  }
  if (L.break_even_day) {
    double d = *L.break_even_day;
    L.break_even_cost = cost(spec.own, d);
    L.break_even_point = {xs(d), ys(L.break_even_cost)};
    LineItem drop;
    drop.pts = {L.break_even_point, {L.break_even_point.x, plot.Bottom()}};
    drop.stroke = Muted();
    drop.dash = {2, 3};
    scene.Add(drop);
    scene.Add(MarkerItem{L.break_even_point, MarkerShape::kCircle, 5.5,
                         Ink{Role::kBackground, 0, 1}, Text(), 2});
    std::string text = spec.break_even_label ? spec.break_even_label(d, L.break_even_cost) : "";
    if (!text.empty()) {
      TextSpec ts{text, bold, Align::kLeft, plot.w * 0.6, 2};
      TextMetrics tm = m.Measure(ts);
      std::vector<LabelPlacement> p = PlaceLabels({{L.break_even_point, tm.width, tm.height, 7}},
                                                  obstacles, plot.Inflated(-2), 4);
      Rect box =
          p[0].placed ? p[0].box : Rect{L.break_even_point.x + 10, plot.y + 4, tm.width, tm.height};
      if (!p[0].placed && box.Right() > plot.Right()) box.x = L.break_even_point.x - 10 - tm.width;
      L.note = {text, box, box.y + tm.baseline, tm.ellipsized};
      scene.Text(ts, L.note, Text(), Ink{Role::kBackground, 0, 0.85});
    }
  } else if (!spec.never_note.empty()) {
    TextSpec ts{spec.never_note, bold, Align::kLeft, plot.w * 0.6, 3};
    TextMetrics tm = m.Measure(ts);
    // The first plot corner that no line passes through (top-left when all are crossed).
    const Rect inner = plot.Inflated(-8);
    const Rect corners[] = {
        {inner.x, inner.y, tm.width, tm.height},
        {inner.Right() - tm.width, inner.Bottom() - tm.height, tm.width, tm.height},
        {inner.Right() - tm.width, inner.y, tm.width, tm.height},
        {inner.x, inner.Bottom() - tm.height, tm.width, tm.height}};
    Rect box = corners[0];
    for (const Rect& c : corners) {
      if (std::none_of(obstacles.begin(), obstacles.end(),
                       [&](const Rect& o) { return o.Intersects(c, 2); })) {
        box = c;
        break;
      }
    }
    L.note = {spec.never_note, box, box.y + tm.baseline, tm.ellipsized};
    scene.Text(ts, L.note, Text(), Ink{Role::kBackground, 0, 0.85});
  }
  scene.height = bottom + kPad;
  return out;
}

}  // namespace

std::optional<double> BreakEvenDay(const CostLine& own, const CostLine& cloud, double horizon) {
  double slope = cloud.per_day - own.per_day;
  if (!(slope > 0)) return std::nullopt;
  double d = (own.start - cloud.start) / slope;
  if (!(d > 0) || d > horizon) return std::nullopt;
  return d;
}

CumulativeCostLayout Layout(const CumulativeCostSpec& spec, const Style& style) {
  return Build(spec, style).layout;
}

Rendered<CumulativeCostLayout> Render(const CumulativeCostSpec& spec, const Style& style) {
  Built b = Build(spec, style);
  Rendered<CumulativeCostLayout> out;
  static_cast<RenderedChart&>(out) =
      internal::RenderScene(b.scene, style, {spec.title, spec.description, {}});
  out.layout = std::move(b.layout);
  return out;
}

}  // namespace gg::charts
