#include "charts/date_lines.h"

#include <algorithm>
#include <cmath>

#include "charts/frame.h"

namespace gg::charts {
namespace {

using namespace internal;

struct Built {
  DateLinesLayout layout;
  Scene scene;
};

constexpr MarkerShape kShapes[] = {MarkerShape::kCircle, MarkerShape::kSquare,
                                   MarkerShape::kTriangle, MarkerShape::kDiamond};

std::vector<double> DashOf(int series) {
  switch (series % 4) {
    case 0:
      return {};
    case 1:
      return {6, 3};
    case 2:
      return {2, 2.5};
    default:
      return {8, 3, 2, 3};
  }
}

std::string DefaultDateFormat(const std::string& iso, DateUnit unit) {
  switch (unit) {
    case DateUnit::kYear:
      return iso.substr(0, 4);
    case DateUnit::kMonth:
      return iso.substr(0, 7);
    case DateUnit::kDay:
      return iso;
  }
  return iso;
}

std::vector<LegendEntry> Legend(const DateLinesSpec& spec) {
  std::vector<LegendEntry> legend;
  for (int s = 0; s < static_cast<int>(spec.series.size()); ++s) {
    LegendEntry e = LegendEntry::Line(spec.series[s].name, Hue(SeriesHue(s)), DashOf(s));
    e.marker = true;
    e.shape = kShapes[s % 4];
    legend.push_back(e);
  }
  bool any_estimated = false;
  for (const DateSeries& ser : spec.series)
    for (const DatedValue& p : ser.points) any_estimated = any_estimated || p.estimated;
  if (any_estimated && !spec.estimated_label.empty()) {
    LegendEntry e =
        LegendEntry::Make(spec.estimated_label, SwatchKind::kMarker, Ink{Role::kAxis, 0, 1});
    e.hollow_marker = true;
    legend.push_back(e);
  }
  return legend;
}

struct Obs {
  int day;
  double value;
  bool estimated;
};

// The valid observations of each series, sorted by date (stable: same-day observations keep
// their order), and their extent; invalid dates go to L.problems.
struct Observations {
  std::vector<std::vector<Obs>> series;
  int dmin = 0, dmax = 0;
  double vmin = INFINITY, vmax = -INFINITY;
};
Observations Observe(const DateLinesSpec& spec, DateLinesLayout& L) {
  const int nser = static_cast<int>(spec.series.size());
  Observations o;
  o.series.resize(nser);
  bool any = false;
  for (int s = 0; s < nser; ++s) {
    for (const DatedValue& p : spec.series[s].points) {
      std::optional<int> d = ParseIsoDate(p.date);
      if (!d) {
        L.problems.push_back("series '" + spec.series[s].name + "': invalid date '" + p.date + "'");
        continue;
      }
      if (!std::isfinite(p.value)) continue;
      o.series[s].push_back({*d, p.value, p.estimated});
      o.dmin = any ? std::min(o.dmin, *d) : *d;
      o.dmax = any ? std::max(o.dmax, *d) : *d;
      o.vmin = std::min(o.vmin, p.value);
      o.vmax = std::max(o.vmax, p.value);
      any = true;
    }
    std::stable_sort(o.series[s].begin(), o.series[s].end(),
                     [](const Obs& a, const Obs& b) { return a.day < b.day; });
  }
  if (!any) o.vmin = 0, o.vmax = 1;
  if (o.dmax == o.dmin) o.dmin -= 15, o.dmax += 15;
  if (spec.y_from_zero) o.vmin = std::min(o.vmin, 0.0);
  return o;
}

struct Axes {
  Scale xs, ys;
  double bottom = 0;  // below the date labels
};

// Date ticks along x, as many as the widest label allows; the labels drawn and their ticks go
// to L. Returns the y below the labels.
double AddDateAxis(const DateLinesSpec& spec, TextMeasurer& m, const Observations& o,
                   const Scale& xs, DateLinesLayout& L, Scene& scene) {
  const Rect& plot = L.plot;
  const DateFormat& fmt = spec.date_format ? spec.date_format : DefaultDateFormat;
  double sample_w = m.Measure({fmt(FormatIsoDate(o.dmax), DateUnit::kMonth), Body(m)}).width;
  int max_ticks = std::max(2, static_cast<int>(plot.w / (sample_w + 24)));
  std::vector<DateTick> ticks = DateTicks(o.dmin, o.dmax, max_ticks);
  std::vector<double> tick_days;
  std::vector<std::string> tick_labels;
  for (const DateTick& t : ticks) {
    tick_days.push_back(t.days);
    tick_labels.push_back(fmt(FormatIsoDate(t.days), t.unit));
  }
  std::vector<size_t> drawn;
  double bottom =
      AddXGrid(scene, m, xs, tick_days, tick_labels, plot, m.style().width, &L.x_labels, &drawn);
  for (size_t i : drawn) L.x_ticks.push_back(ticks[i]);
  LineItem axis;
  axis.pts = {{plot.x, std::round(plot.Bottom())}, {plot.Right(), std::round(plot.Bottom())}};
  axis.stroke = Ink{Role::kAxis, 0, 1};
  scene.Add(axis);
  return bottom;
}

// The plot area from y down (L.plot), its value grid and date axis.
Axes AddAxes(const DateLinesSpec& spec, TextMeasurer& m, const Observations& o, double y,
             DateLinesLayout& L, Scene& scene) {
  const Style& style = m.style();
  const double plot_h = std::clamp(style.width * 0.42, 200.0, 340.0);
  Ticks yt = NiceTicks(o.vmin, o.vmax, std::max(3, static_cast<int>(plot_h / 40)));
  std::vector<std::string> ylabels = FormatTicks(yt.values, spec.format);
  Rect plot{kPad + MaxTextWidth(m, ylabels, Body(m)) + 8, y, 0, plot_h};
  plot.w = style.width - kPad - 6 - plot.x;  // 6 px more so the last marker is not cut
  L.plot = plot;
  Axes axes{Scale::Linear(o.dmin, o.dmax, plot.x + 6, plot.Right()),
            Scale::Linear(yt.lo(), yt.hi(), plot.Bottom(), plot.y)};
  AddYGrid(scene, m, axes.ys, yt.values, ylabels, plot, plot.x - 8);
  axes.bottom = AddDateAxis(spec, m, o, axes.xs, L, scene);
  return axes;
}

// The observations in px (L.points, L.days, L.estimated), one line per series with two or
// more, then the markers: sourced filled with a background rim, estimated hollow in the
// series colour; markers shrink when observations are dense.
void AddSeries(const Observations& o, const Axes& axes, DateLinesLayout& L, Scene& scene) {
  const int nser = static_cast<int>(o.series.size());
  L.points.resize(nser);
  L.days.resize(nser);
  L.estimated.resize(nser);
  for (int s = 0; s < nser; ++s) {
    for (const Obs& ob : o.series[s]) {
      L.points[s].push_back({axes.xs(ob.day), axes.ys(ob.value)});
      L.days[s].push_back(ob.day);
      L.estimated[s].push_back(ob.estimated);
    }
  }
  for (int s = 0; s < nser; ++s) {
    if (L.points[s].size() >= 2) {
      LineItem line;
      line.pts = L.points[s];
      line.stroke = Hue(SeriesHue(s));
      line.line_width = 2;
      line.dash = DashOf(s);
      scene.Add(line);
    }
  }
  for (int s = 0; s < nser; ++s) {
    double spacing =
        L.points[s].size() > 1 ? L.plot.w / static_cast<double>(L.points[s].size()) : 20;
    double size = std::clamp(spacing / 3, 2.0, 3.5);
    for (size_t i = 0; i < L.points[s].size(); ++i) {
      const Ink hue = Hue(SeriesHue(s)), bg{Role::kBackground, 0, 1};
      const bool hollow = L.estimated[s][i];
      // Constructed in the scene's variant: a MarkerItem temporary converted to an Item makes
      // GCC 12 at -O3 warn (falsely) of uninitialised members of another alternative.
      scene.items.emplace_back(std::in_place_type<MarkerItem>, L.points[s][i], kShapes[s % 4], size,
                               hollow ? bg : hue, hollow ? hue : bg, hollow ? 1.5 : 1.0);
    }
  }
}

Built Build(const DateLinesSpec& spec, const Style& style_in) {
  TextMeasurer m(style_in);
  Built out;
  DateLinesLayout& L = out.layout;
  Scene& scene = out.scene;
  scene.width = m.style().width;
  double y = AddHeader(scene, m, spec.title, Legend(spec), spec.value_axis_title, &L.legend);
  const Observations o = Observe(spec, L);
  const Axes axes = AddAxes(spec, m, o, y, L, scene);
  AddSeries(o, axes, L, scene);
  scene.height = axes.bottom + kPad;
  return out;
}

}  // namespace

DateLinesLayout Layout(const DateLinesSpec& spec, const Style& style) {
  return Build(spec, style).layout;
}

Rendered<DateLinesLayout> Render(const DateLinesSpec& spec, const Style& style) {
  Built b = Build(spec, style);
  Rendered<DateLinesLayout> out;
  static_cast<RenderedChart&>(out) =
      internal::RenderScene(b.scene, style, {spec.title, spec.description, {}});
  out.layout = std::move(b.layout);
  return out;
}

}  // namespace gg::charts
