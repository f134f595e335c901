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

// A line's cumulative cost after d days (non-finite parameters count as 0).
double CostAt(const CostLine& l, double d) {
  auto finite = [](double v) { return std::isfinite(v) ? v : 0.0; };
  return finite(l.start) + finite(l.per_day) * d;
}

struct Axes {
  Scale xs, ys;
  double bottom = 0;  // below the day labels and the x axis title
};

// The plot area from y down (L.plot), its cost grid over both lines (and 0), the day ticks
// and the x axis title.
Axes AddAxes(const CumulativeCostSpec& spec, TextMeasurer& m, double days, double y,
             CumulativeCostLayout& L, Scene& scene) {
  const Style& style = m.style();
  double cmax = std::max({CostAt(spec.own, 0), CostAt(spec.own, days), CostAt(spec.cloud, 0),
                          CostAt(spec.cloud, days), 0.0});
  double cmin = std::min({CostAt(spec.own, 0), CostAt(spec.cloud, 0), 0.0});
  const double plot_h = std::clamp(style.width * 0.42, 200.0, 340.0);
  Ticks yt = NiceTicks(cmin, cmax, std::max(3, static_cast<int>(plot_h / 40)));
  std::vector<std::string> ylabels = FormatTicks(yt.values, spec.cost_format);
  Rect plot{kPad + MaxTextWidth(m, ylabels, Body(m)) + 8, y, 0, plot_h};
  plot.w = style.width - kPad - plot.x;
  L.plot = plot;
  Axes axes{Scale::Linear(0, days, plot.x, plot.Right()),
            Scale::Linear(yt.lo(), yt.hi(), plot.Bottom(), plot.y)};
  AddYGrid(scene, m, axes.ys, yt.values, ylabels, plot, plot.x - 8);
  std::vector<double> xt = spec.day_ticks;
  if (xt.empty()) xt = DayTicks(days, std::max(2, static_cast<int>(plot.w / 80)));
  axes.bottom =
      AddXGrid(scene, m, axes.xs, xt, FormatTicks(xt, spec.day_format), plot, style.width);
  if (!spec.x_axis_title.empty()) {
    AddAxisTitle(scene, m, spec.x_axis_title, plot.x, axes.bottom + 4, plot.w, Align::kRight,
                 &axes.bottom);
  }
  return axes;
}

// The two lines (cloud dashed, under the solid own line), end points in L.
void AddLines(const CumulativeCostSpec& spec, double days, const Axes& axes,
              CumulativeCostLayout& L, Scene& scene) {
  const Scale &xs = axes.xs, &ys = axes.ys;
  L.own_line = {{xs(0), ys(CostAt(spec.own, 0))}, {xs(days), ys(CostAt(spec.own, days))}};
  L.cloud_line = {{xs(0), ys(CostAt(spec.cloud, 0))}, {xs(days), ys(CostAt(spec.cloud, days))}};
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
}

// Both lines, sampled as small boxes, for placing the note clear of them.
std::vector<Rect> LineObstacles(const CumulativeCostLayout& L) {
  std::vector<Rect> obstacles;
  for (const auto* line : {&L.own_line, &L.cloud_line}) {
    Point a = (*line)[0], b = (*line)[1];
    double len = std::hypot(b.x - a.x, b.y - a.y);
    for (double t = 0; t <= len; t += 4) {
      double f = len > 0 ? t / len : 0;
      obstacles.push_back({a.x + (b.x - a.x) * f - 2, a.y + (b.y - a.y) * f - 2, 4, 4});
    }
  }
  return obstacles;
}

// The crossing at day d: a drop line to the axis, a ring, and the label placed clear of the
// lines (beside the point, flipped left when it would leave the plot, when no place is free).
void AddBreakEven(const CumulativeCostSpec& spec, TextMeasurer& m, double d, const Axes& axes,
                  const std::vector<Rect>& obstacles, CumulativeCostLayout& L, Scene& scene) {
  const Rect& plot = L.plot;
  L.break_even_cost = CostAt(spec.own, d);
  L.break_even_point = {axes.xs(d), axes.ys(L.break_even_cost)};
  LineItem drop;
  drop.pts = {L.break_even_point, {L.break_even_point.x, plot.Bottom()}};
  drop.stroke = Muted();
  drop.dash = {2, 3};
  scene.Add(drop);
  scene.Add(MarkerItem{L.break_even_point, MarkerShape::kCircle, 5.5, Ink{Role::kBackground, 0, 1},
                       Text(), 2});
  std::string text = spec.break_even_label ? spec.break_even_label(d, L.break_even_cost) : "";
  if (text.empty()) return;
  TextSpec ts{text, BodyBold(m), Align::kLeft, plot.w * 0.6, 2};
  TextMetrics tm = m.Measure(ts);
  std::vector<LabelPlacement> p =
      PlaceLabels({{L.break_even_point, tm.width, tm.height, 7}}, obstacles, plot.Inflated(-2), 4);
  Rect box =
      p[0].placed ? p[0].box : Rect{L.break_even_point.x + 10, plot.y + 4, tm.width, tm.height};
  if (!p[0].placed && box.Right() > plot.Right()) box.x = L.break_even_point.x - 10 - tm.width;
  L.note = {text, box, box.y + tm.baseline, tm.ellipsized};
  scene.Text(ts, L.note, Text(), Ink{Role::kBackground, 0, 0.85});
}

// The note shown when the lines do not cross, in the first plot corner that no line passes
// through (top-left when all are crossed).
void AddNeverNote(const CumulativeCostSpec& spec, TextMeasurer& m,
                  const std::vector<Rect>& obstacles, CumulativeCostLayout& L, Scene& scene) {
  TextSpec ts{spec.never_note, BodyBold(m), Align::kLeft, L.plot.w * 0.6, 3};
  TextMetrics tm = m.Measure(ts);
  const Rect inner = L.plot.Inflated(-8);
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

Built Build(const CumulativeCostSpec& spec, const Style& style_in) {
  TextMeasurer m(style_in);
  Built out;
  CumulativeCostLayout& L = out.layout;
  Scene& scene = out.scene;
  scene.width = m.style().width;
  const double days = spec.days > 0 && std::isfinite(spec.days) ? spec.days : 365;
  const std::vector<LegendEntry> legend = {
      LegendEntry::Line(spec.own.name, Hue(kOwnHue)),
      LegendEntry::Line(spec.cloud.name, Hue(kCloudHue), {6, 3})};
  double y = AddHeader(scene, m, spec.title, legend, spec.y_axis_title, &L.legend);
  const Axes axes = AddAxes(spec, m, days, y, L, scene);
  AddLines(spec, days, axes, L, scene);
  L.break_even_day = BreakEvenDay(spec.own, spec.cloud, days);
  const std::vector<Rect> obstacles = LineObstacles(L);
  if (L.break_even_day)
    AddBreakEven(spec, m, *L.break_even_day, axes, obstacles, L, scene);
  else if (!spec.never_note.empty())
    AddNeverNote(spec, m, obstacles, L, scene);
  scene.height = axes.bottom + kPad;
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
