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

Built Build(const ScatterSpec& spec, const Style& style_in) {
  TextMeasurer m(style_in);
  const Style& style = m.style();
  Built out;
  ScatterLayout& L = out.layout;
  Scene& scene = out.scene;
  scene.width = style.width;
  const Font font = Body(m);
  const size_t n = spec.points.size();

  double y = AddTitle(scene, m, spec.title, kPad);
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
  double legend_h = AddLegend(scene, m, legend, kPad, y, style.width - 2 * kPad, &L.legend);
  if (legend_h > 0) y += legend_h + 4;
  if (!spec.y_axis_title.empty()) {
    double bottom = y;
    AddAxisTitle(scene, m, spec.y_axis_title, kPad, y, style.width - 2 * kPad, Align::kLeft,
                 &bottom);
    y = bottom + 8;
  }

  // Domains.
  L.drawn.assign(n, false);
  double xmin = INFINITY, xmax = -INFINITY, ymin = INFINITY, ymax = -INFINITY;
  for (size_t i = 0; i < n; ++i) {
    const ScatterPoint& p = spec.points[i];
    if (!std::isfinite(p.x) || !std::isfinite(p.y) || (spec.log_x && p.x <= 0)) continue;
    L.drawn[i] = true;
    xmin = std::min(xmin, p.x);
    xmax = std::max(xmax, p.x);
    ymin = std::min(ymin, p.y);
    ymax = std::max(ymax, p.y);
  }
  if (!std::isfinite(xmin))
    xmin = spec.log_x ? 1 : 0, xmax = spec.log_x ? 10 : 1, ymin = 0, ymax = 1;
  if (spec.y_from_zero) ymin = std::min(ymin, 0.0);

  const double plot_h = std::clamp(style.width * 0.55, 240.0, 420.0);
  Ticks yt = NiceTicks(ymin, ymax, std::max(3, static_cast<int>(plot_h / 40)));
  std::vector<std::string> ylabels = FormatTicks(yt.values, spec.y_format);
  double ylabel_w = MaxTextWidth(m, ylabels, font);
  Rect plot{kPad + ylabel_w + 8, y, 0, plot_h};
  plot.w = style.width - kPad - plot.x;
  int max_xticks = std::max(2, static_cast<int>(plot.w / 90));
  Ticks xt;
  Scale xs;
  if (spec.log_x) {
    // The domain is the tight 1-2-5 bracket of the data; ticks are the densest decade pattern
    // that fits, kept when inside the domain (at least three when possible).
    Ticks bracket = LogTicks(xmin, xmax, 1000);
    xs = Scale::Log(bracket.lo(), bracket.hi(), plot.x, plot.Right());
    for (int want = max_xticks; want <= max_xticks + 6; ++want) {
      xt.values.clear();
      for (double v : LogTicks(xmin, xmax, want).values) {
        if (v >= bracket.lo() * (1 - 1e-9) && v <= bracket.hi() * (1 + 1e-9))
          xt.values.push_back(v);
      }
      if (xt.values.size() >= 3) break;
    }
  } else {
    double pad = (xmax - xmin) * 0.04;
    if (pad == 0) pad = std::abs(xmax) * 0.1 + 1;
    xt = NiceTicks(std::max(xmin - pad, xmin >= 0 ? 0.0 : -INFINITY), xmax + pad, max_xticks);
    xs = Scale::Linear(xt.lo(), xt.hi(), plot.x, plot.Right());
  }
  Scale ys = Scale::Linear(yt.lo(), yt.hi(), plot.Bottom(), plot.y);
  L.plot = plot;

  AddYGrid(scene, m, ys, yt.values, ylabels, plot, plot.x - 8);
  double bottom =
      AddXGrid(scene, m, xs, xt.values, FormatTicks(xt.values, spec.x_format), plot, style.width);
  if (!spec.x_axis_title.empty()) {
    AddAxisTitle(scene, m, spec.x_axis_title, plot.x, bottom + 4, plot.w, Align::kRight, &bottom);
  }

  // Points and frontier.
  L.points.resize(n);
  L.markers.resize(n);
  for (size_t i = 0; i < n; ++i) {
    if (!L.drawn[i]) continue;
    L.points[i] = {xs(spec.points[i].x), ys(spec.points[i].y)};
    L.markers[i] = Rect{L.points[i].x, L.points[i].y, 0, 0}.Inflated(kMarker + 1.5);
  }
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
  if (L.frontier_path.size() >= 2) {
    LineItem line;
    line.pts = L.frontier_path;
    line.stroke = Hue(kFrontierHue);
    line.line_width = 2;
    scene.Add(line);
  }
  std::vector<bool> is_frontier(n, false);
  for (int i : L.frontier) is_frontier[i] = true;
  for (size_t i = 0; i < n; ++i) {
    if (!L.drawn[i] || is_frontier[i]) continue;
    MarkerItem mk{L.points[i],    MarkerShape::kCircle,
                  kMarker,        Ink{Role::kBackground, 0, 1},
                  Hue(kPointHue), 1.6};
    scene.Add(mk);
  }
  for (int i : L.frontier) {
    scene.Add(MarkerItem{L.points[i], MarkerShape::kDiamond, kMarker, Hue(kFrontierHue),
                         Ink{Role::kBackground, 0, 1}, 1});
  }

  // Labels: frontier points first (left to right), then the others from the top down.
  std::vector<int> order = L.frontier;
  std::vector<int> rest;
  for (size_t i = 0; i < n; ++i) {
    if (L.drawn[i] && !is_frontier[i] && !spec.points[i].label.empty())
      rest.push_back(static_cast<int>(i));
  }
  std::stable_sort(rest.begin(), rest.end(),
                   [&](int a, int b) { return L.points[a].y < L.points[b].y; });
  order.insert(order.end(), rest.begin(), rest.end());
  std::vector<Rect> obstacles;
  for (size_t i = 0; i < n; ++i) {
    if (L.drawn[i]) obstacles.push_back(L.markers[i]);
  }
  for (size_t k = 1; k < L.frontier_path.size(); ++k) {  // the frontier, as small squares
    Point a = L.frontier_path[k - 1], b = L.frontier_path[k];
    double len = std::hypot(b.x - a.x, b.y - a.y);
    for (double t = 0; t <= len; t += 3) {
      double f = len > 0 ? t / len : 0;
      obstacles.push_back({a.x + (b.x - a.x) * f - 1.5, a.y + (b.y - a.y) * f - 1.5, 3, 3});
    }
  }
  std::vector<LabelRequest> requests;
  std::vector<TextSpec> specs;
  for (int i : order) {
    if (spec.points[i].label.empty()) continue;
    TextSpec ts{spec.points[i].label, font, Align::kLeft, spec.max_label_width, 1};
    TextMetrics tm = m.Measure(ts);
    requests.push_back({L.points[i], tm.width, tm.height, kMarker + 1.5});
    specs.push_back(ts);
  }
  std::vector<int> requested;
  for (int i : order) {
    if (!spec.points[i].label.empty()) requested.push_back(i);
  }
  std::vector<LabelPlacement> placed = PlaceLabels(requests, obstacles, plot.Inflated(-1), 2);
  for (size_t k = 0; k < placed.size(); ++k) {
    int i = requested[k];
    if (!placed[k].placed) {
      L.dropped_labels.push_back(i);
      continue;
    }
    TextMetrics tm = m.Measure(specs[k]);
    TextBox tb{spec.points[i].label, placed[k].box, placed[k].box.y + tm.baseline, tm.ellipsized};
    L.labels.push_back({i, tb, placed[k].leader});
    if (placed[k].leader) {
      Point a = L.points[i];
      const Rect& r = placed[k].box;
      Point b{std::clamp(a.x, r.x, r.Right()), std::clamp(a.y, r.y, r.Bottom())};
      double len = std::hypot(b.x - a.x, b.y - a.y);
      if (len > kMarker + 2) {
        double f = (kMarker + 1.5) / len;
        LineItem leader;
        leader.pts = {{a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f}, b};
        leader.stroke = Muted();
        leader.line_width = 0.8;
        scene.Add(leader);
      }
    }
  }
  for (size_t k = 0, j = 0; k < placed.size(); ++k) {
    if (!placed[k].placed) continue;
    scene.Text(specs[k], L.labels[j++].text, is_frontier[requested[k]] ? Text() : Muted());
  }
  std::sort(L.dropped_labels.begin(), L.dropped_labels.end());
  scene.height = bottom + kPad;
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
