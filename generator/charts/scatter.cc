#include "charts/scatter.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "charts/frame.h"

namespace gg::charts {
namespace {

using namespace internal;

constexpr int kPointHue = kBlue;
constexpr int kFrontierHue = kVermillion;
constexpr double kMarker = 4.5;

struct Built {
  ScatterLayout layout;
  Scene scene;
};

std::vector<LegendEntry> Legend(const ScatterSpec& spec) {
  std::vector<LegendEntry> legend;
  if (!spec.frontier_label.empty()) {
    LegendEntry e = LegendEntry::Line(spec.frontier_label, Hue(kFrontierHue));
    e.marker = true;
    e.shape = MarkerShape::kDiamond;
    legend.push_back(e);
  }
  if (!spec.point_label.empty()) {
    LegendEntry e = LegendEntry::Make(spec.point_label, SwatchKind::kMarker, Hue(kPointHue));
    e.hollow_marker = true;
    legend.push_back(e);
  }
  return legend;
}

// The data's extent over the points that can be drawn (finite, x > 0 on a log axis), which
// are marked in *drawn; a unit domain when there are none.
struct Domain {
  double xmin = INFINITY, xmax = -INFINITY, ymin = INFINITY, ymax = -INFINITY;
};
Domain DomainOf(const ScatterSpec& spec, std::vector<bool>* drawn) {
  Domain d;
  drawn->assign(spec.points.size(), false);
  for (size_t i = 0; i < spec.points.size(); ++i) {
    const ScatterPoint& p = spec.points[i];
    if (!std::isfinite(p.x) || !std::isfinite(p.y) || (spec.log_x && p.x <= 0)) continue;
    (*drawn)[i] = true;
    d.xmin = std::min(d.xmin, p.x);
    d.xmax = std::max(d.xmax, p.x);
    d.ymin = std::min(d.ymin, p.y);
    d.ymax = std::max(d.ymax, p.y);
  }
  if (!std::isfinite(d.xmin))
    d.xmin = spec.log_x ? 1 : 0, d.xmax = spec.log_x ? 10 : 1, d.ymin = 0, d.ymax = 1;
  if (spec.y_from_zero) d.ymin = std::min(d.ymin, 0.0);
  return d;
}

// The x scale over the plot's width and its ticks. On a log axis the domain is the tight
// 1-2-5 bracket of the data; ticks are the densest decade pattern that fits, kept when inside
// the domain (at least three when possible).
Scale XScale(const ScatterSpec& spec, const Domain& d, const Rect& plot, Ticks* xt) {
  int max_xticks = std::max(2, static_cast<int>(plot.w / 90));
  if (spec.log_x) {
    Ticks bracket = LogTicks(d.xmin, d.xmax, 1000);
    for (int want = max_xticks; want <= max_xticks + 6; ++want) {
      xt->values.clear();
      for (double v : LogTicks(d.xmin, d.xmax, want).values) {
        if (v >= bracket.lo() * (1 - 1e-9) && v <= bracket.hi() * (1 + 1e-9))
          xt->values.push_back(v);
      }
      if (xt->values.size() >= 3) break;
    }
    return Scale::Log(bracket.lo(), bracket.hi(), plot.x, plot.Right());
  }
  double pad = (d.xmax - d.xmin) * 0.04;
  if (pad == 0) pad = std::abs(d.xmax) * 0.1 + 1;
  *xt = NiceTicks(std::max(d.xmin - pad, d.xmin >= 0 ? 0.0 : -INFINITY), d.xmax + pad, max_xticks);
  return Scale::Linear(xt->lo(), xt->hi(), plot.x, plot.Right());
}

struct Axes {
  Scale xs, ys;
  double bottom = 0;  // below the x tick labels and the x axis title
};

// The plot area from y down, its grid, tick labels and x axis title.
Axes AddAxes(const ScatterSpec& spec, const Domain& d, TextMeasurer& m, double y, Scene& scene,
             Rect* plot_out) {
  const Style& style = m.style();
  const double plot_h = std::clamp(style.width * 0.55, 240.0, 420.0);
  Ticks yt = NiceTicks(d.ymin, d.ymax, std::max(3, static_cast<int>(plot_h / 40)));
  std::vector<std::string> ylabels = FormatTicks(yt.values, spec.y_format);
  double ylabel_w = MaxTextWidth(m, ylabels, Body(m));
  Rect plot{kPad + ylabel_w + 8, y, 0, plot_h};
  plot.w = style.width - kPad - plot.x;
  Ticks xt;
  Axes axes{XScale(spec, d, plot, &xt), Scale::Linear(yt.lo(), yt.hi(), plot.Bottom(), plot.y)};
  *plot_out = plot;
  AddYGrid(scene, m, axes.ys, yt.values, ylabels, plot, plot.x - 8);
  axes.bottom = AddXGrid(scene, m, axes.xs, xt.values, FormatTicks(xt.values, spec.x_format), plot,
                         style.width);
  if (!spec.x_axis_title.empty()) {
    AddAxisTitle(scene, m, spec.x_axis_title, plot.x, axes.bottom + 4, plot.w, Align::kRight,
                 &axes.bottom);
  }
  return axes;
}

// Pixel positions and marker boxes of the drawn points.
void PlacePoints(const ScatterSpec& spec, const Axes& axes, ScatterLayout& L) {
  const size_t n = spec.points.size();
  L.points.resize(n);
  L.markers.resize(n);
  for (size_t i = 0; i < n; ++i) {
    if (!L.drawn[i]) continue;
    L.points[i] = {axes.xs(spec.points[i].x), axes.ys(spec.points[i].y)};
    L.markers[i] = Rect{L.points[i].x, L.points[i].y, 0, 0}.Inflated(kMarker + 1.5);
  }
}

// The frontier the caller flagged, less the points another drawn point dominates, by
// increasing x, and its polyline (steps or straight segments).
void TraceFrontier(const ScatterSpec& spec, ScatterLayout& L) {
  const size_t n = spec.points.size();
  for (size_t i = 0; i < n; ++i) {
    if (!L.drawn[i] || !spec.points[i].on_frontier) continue;
    bool dominated = false;
    for (size_t j = 0; j < n; ++j) {
      if (j != i && L.drawn[j] && Dominates(spec.points[j], spec.points[i])) dominated = true;
    }
    (dominated ? L.rejected_frontier : L.frontier).push_back(static_cast<int>(i));
  }
  std::stable_sort(L.frontier.begin(), L.frontier.end(),
                   [&](int a, int b) { return spec.points[a].x < spec.points[b].x; });
  for (size_t k = 0; k < L.frontier.size(); ++k) {
    Point p = L.points[L.frontier[k]];
    if (k > 0 && spec.frontier_steps) L.frontier_path.push_back({p.x, L.frontier_path.back().y});
    L.frontier_path.push_back(p);
  }
}

// The frontier line, hollow circles for the other points, then diamonds on the frontier.
void DrawPoints(const ScatterLayout& L, const std::vector<bool>& is_frontier, Scene& scene) {
  if (L.frontier_path.size() >= 2) {
    LineItem line;
    line.pts = L.frontier_path;
    line.stroke = Hue(kFrontierHue);
    line.line_width = 2;
    scene.Add(line);
  }
  for (size_t i = 0; i < L.points.size(); ++i) {
    if (!L.drawn[i] || is_frontier[i]) continue;
    // Markers are constructed in the scene's variant: a MarkerItem converted to an Item makes
    // GCC 12 at -O3 warn (falsely) of uninitialised members of another alternative.
    scene.items.emplace_back(std::in_place_type<MarkerItem>, L.points[i], MarkerShape::kCircle,
                             kMarker, Ink{Role::kBackground, 0, 1}, Hue(kPointHue), 1.6);
  }
  for (int i : L.frontier) {
    scene.items.emplace_back(std::in_place_type<MarkerItem>, L.points[i], MarkerShape::kDiamond,
                             kMarker, Hue(kFrontierHue), Ink{Role::kBackground, 0, 1}, 1.0);
  }
}

// The order labels are placed in: frontier points first (left to right), then the others
// from the top down.
std::vector<int> LabelOrder(const ScatterSpec& spec, const ScatterLayout& L,
                            const std::vector<bool>& is_frontier) {
  std::vector<int> order = L.frontier;
  std::vector<int> rest;
  for (size_t i = 0; i < spec.points.size(); ++i) {
    if (L.drawn[i] && !is_frontier[i] && !spec.points[i].label.empty())
      rest.push_back(static_cast<int>(i));
  }
  std::stable_sort(rest.begin(), rest.end(),
                   [&](int a, int b) { return L.points[a].y < L.points[b].y; });
  order.insert(order.end(), rest.begin(), rest.end());
  return order;
}

// What labels must not cover: the markers, and the frontier as small squares.
std::vector<Rect> LabelObstacles(const ScatterLayout& L) {
  std::vector<Rect> obstacles;
  for (size_t i = 0; i < L.markers.size(); ++i) {
    if (L.drawn[i]) obstacles.push_back(L.markers[i]);
  }
  for (size_t k = 1; k < L.frontier_path.size(); ++k) {
    Point a = L.frontier_path[k - 1], b = L.frontier_path[k];
    double len = std::hypot(b.x - a.x, b.y - a.y);
    for (double t = 0; t <= len; t += 3) {
      double f = len > 0 ? t / len : 0;
      obstacles.push_back({a.x + (b.x - a.x) * f - 1.5, a.y + (b.y - a.y) * f - 1.5, 3, 3});
    }
  }
  return obstacles;
}

// The line from a point's marker to its label placed away from it (none when they are close).
void AddLeader(Point a, const Rect& r, Scene& scene) {
  Point b{std::clamp(a.x, r.x, r.Right()), std::clamp(a.y, r.y, r.Bottom())};
  double len = std::hypot(b.x - a.x, b.y - a.y);
  if (len <= kMarker + 2) return;
  double f = (kMarker + 1.5) / len;
  LineItem leader;
  leader.pts = {{a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f}, b};
  leader.stroke = Muted();
  leader.line_width = 0.8;
  scene.Add(leader);
}

// Places the point labels around their markers, clear of markers, the frontier and each
// other; leader lines first, then the texts (frontier labels in full ink).
void AddLabels(const ScatterSpec& spec, TextMeasurer& m, const std::vector<bool>& is_frontier,
               ScatterLayout& L, Scene& scene) {
  const Font font = Body(m);
  std::vector<LabelRequest> requests;
  std::vector<TextSpec> specs;
  std::vector<int> requested;
  for (int i : LabelOrder(spec, L, is_frontier)) {
    if (spec.points[i].label.empty()) continue;
    TextSpec ts{spec.points[i].label, font, Align::kLeft, spec.max_label_width, 1};
    TextMetrics tm = m.Measure(ts);
    requests.push_back({L.points[i], tm.width, tm.height, kMarker + 1.5});
    specs.push_back(ts);
    requested.push_back(i);
  }
  std::vector<LabelPlacement> placed =
      PlaceLabels(requests, LabelObstacles(L), L.plot.Inflated(-1), 2);
  for (size_t k = 0; k < placed.size(); ++k) {
    int i = requested[k];
    if (!placed[k].placed) {
      L.dropped_labels.push_back(i);
      continue;
    }
    TextMetrics tm = m.Measure(specs[k]);
    TextBox tb{spec.points[i].label, placed[k].box, placed[k].box.y + tm.baseline, tm.ellipsized};
    L.labels.push_back({i, tb, placed[k].leader});
    if (placed[k].leader) AddLeader(L.points[i], placed[k].box, scene);
  }
  for (size_t k = 0, j = 0; k < placed.size(); ++k) {
    if (!placed[k].placed) continue;
    scene.Text(specs[k], L.labels[j++].text, is_frontier[requested[k]] ? Text() : Muted());
  }
  std::sort(L.dropped_labels.begin(), L.dropped_labels.end());
}

Built Build(const ScatterSpec& spec, const Style& style_in) {
  TextMeasurer m(style_in);
  Built out;
  ScatterLayout& L = out.layout;
  Scene& scene = out.scene;
  scene.width = m.style().width;
  double y = AddHeader(scene, m, spec.title, Legend(spec), spec.y_axis_title, &L.legend);
  const Domain domain = DomainOf(spec, &L.drawn);
  const Axes axes = AddAxes(spec, domain, m, y, scene, &L.plot);
  PlacePoints(spec, axes, L);
  TraceFrontier(spec, L);
  std::vector<bool> is_frontier(spec.points.size(), false);
  for (int i : L.frontier) is_frontier[i] = true;
  DrawPoints(L, is_frontier, scene);
  AddLabels(spec, m, is_frontier, L, scene);
  scene.height = axes.bottom + kPad;
  return out;
}

}  // namespace

bool Dominates(const ScatterPoint& a, const ScatterPoint& b) {
  return a.x <= b.x && a.y >= b.y && (a.x < b.x || a.y > b.y);
}

ScatterLayout Layout(const ScatterSpec& spec, const Style& style) {
  return Build(spec, style).layout;
}

Rendered<ScatterLayout> Render(const ScatterSpec& spec, const Style& style) {
  Built b = Build(spec, style);
  Rendered<ScatterLayout> out;
  static_cast<RenderedChart&>(out) =
      internal::RenderScene(b.scene, style, {spec.title, spec.description, {}});
  out.layout = std::move(b.layout);
  return out;
}

}  // namespace gg::charts
