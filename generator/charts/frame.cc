#include "charts/frame.h"

#include <algorithm>
#include <cmath>

namespace gg::charts::internal {

Font Body(const TextMeasurer& m) {
  return {m.style().font_px, false};
}
Font BodyBold(const TextMeasurer& m) {
  return {m.style().font_px, true};
}

double AddTitle(Scene& scene, TextMeasurer& m, const std::string& title, double y, TextBox* box) {
  if (!m.style().show_title || title.empty()) return y;
  TextSpec spec{title, {m.style().title_px, true}, Align::kLeft, scene.width - 2 * kPad, 2};
  TextMetrics tm = m.Measure(spec);
  TextBox placed = m.Place(spec, kPad, y + tm.baseline);
  scene.Text(spec, placed, Text());
  if (box) *box = placed;
  return placed.box.Bottom() + 8;
}

double AddHeader(Scene& scene, TextMeasurer& m, const std::string& title,
                 const std::vector<LegendEntry>& legend, const std::string& axis_title,
                 std::vector<TextBox>* legend_boxes) {
  const double width = m.style().width;
  double y = AddTitle(scene, m, title, kPad);
  double legend_h = AddLegend(scene, m, legend, kPad, y, width - 2 * kPad, legend_boxes);
  if (legend_h > 0) y += legend_h + 4;
  if (!axis_title.empty()) {
    double bottom = y;
    AddAxisTitle(scene, m, axis_title, kPad, y, width - 2 * kPad, Align::kLeft, &bottom);
    y = bottom + 8;
  }
  return y;
}

double AddLegend(Scene& scene, TextMeasurer& m, const std::vector<LegendEntry>& entries, double x,
                 double y, double max_w, std::vector<TextBox>* boxes) {
  if (entries.empty()) return 0;
  const Font font = Body(m);
  const double swatch_w = 16, swatch_gap = 6, item_gap = 16;
  const double row_h = std::max(font.px * 1.5, 16.0);
  double cx = x, cy = y;
  for (const LegendEntry& e : entries) {
    TextSpec symbol{e.swatch_text, BodyBold(m), Align::kCenter};
    double sw = e.kind == SwatchKind::kLine ? 24 : e.kind == SwatchKind::kMarker ? 12 : swatch_w;
    if (!e.swatch_text.empty()) sw = std::max(28.0, m.Measure(symbol).width + 10);
    TextSpec spec{e.label, font, Align::kLeft, std::max(40.0, max_w - sw - swatch_gap), 1};
    TextMetrics tm = m.Measure(spec);
    double item_w = sw + swatch_gap + tm.width;
    if (cx > x && cx + item_w > x + max_w) {
      cx = x;
      cy += row_h;
    }
    double mid = cy + row_h / 2;
    switch (e.kind) {
      case SwatchKind::kBox:
        if (e.swatch_text.empty()) {
          scene.Add(BoxItem{{cx, mid - 6, sw, 12}, e.ink, std::nullopt, 1, 2, {}});
        } else {
          double bh = std::min(row_h - 2, font.px + 8);
          BoxItem box{{cx, mid - bh / 2, sw, bh}, e.ink, std::nullopt, 1, 2, {}};
          if (e.dashed_outline) {
            box.r = box.r.Inflated(-0.5);
            box.stroke = Ink{Role::kAxis, 0, 1};
            box.dash = {3, 2};
          }
          scene.Add(box);
          scene.Text(symbol, m.PlaceCentered(symbol, cx + sw / 2, mid), Text());
        }
        break;
      case SwatchKind::kHatchedBox: {
        Rect r{cx, mid - 6, sw, 12};
        scene.Add(BoxItem{r, Ink{Role::kBand, 0, 1}, std::nullopt, 1, 0, {}});
        scene.Add(HatchItem{r, e.ink, 4, 1.2});
        scene.Add(BoxItem{r, std::nullopt, e.ink, 1, 0, {}});
        break;
      }
      case SwatchKind::kLine:
      case SwatchKind::kMarker: {
        if (e.kind == SwatchKind::kLine) {
          LineItem line;
          line.pts = {{cx, mid}, {cx + sw, mid}};
          line.stroke = e.ink;
          line.line_width = 2;
          line.dash = e.dash;
          scene.Add(line);
        }
        if (e.marker || e.kind == SwatchKind::kMarker) {
          MarkerItem mk;
          mk.c = {cx + sw / 2, mid};
          mk.shape = e.shape;
          mk.size = 3.5;
          mk.fill = e.hollow_marker ? Ink{Role::kBackground, 0, 1} : e.ink;
          mk.stroke = e.ink;
          scene.Add(mk);
        }
        break;
      }
    }
    TextBox placed = m.PlaceCentered(spec, cx + sw + swatch_gap, mid);
    scene.Text(spec, placed, Text());
    if (boxes) boxes->push_back(placed);
    cx += item_w + item_gap;
  }
  return cy + row_h - y;
}

std::vector<std::string> FormatTicks(const std::vector<double>& values,
                                     const NumberFormat& format) {
  std::vector<std::string> out;
  out.reserve(values.size());
  for (double v : values) out.push_back(format ? format(v) : DefaultNumberFormat(v));
  return out;
}

double MaxTextWidth(TextMeasurer& m, const std::vector<std::string>& texts, Font font) {
  double w = 0;
  for (const std::string& t : texts) w = std::max(w, m.Measure({t, font}).width);
  return w;
}

void AddYGrid(Scene& scene, TextMeasurer& m, const Scale& y, const std::vector<double>& ticks,
              const std::vector<std::string>& labels, const Rect& plot, double label_right) {
  const Font font = Body(m);
  for (size_t i = 0; i < ticks.size(); ++i) {
    double py = std::round(y(ticks[i]));
    if (py < plot.y - 0.5 || py > plot.Bottom() + 0.5) continue;
    LineItem line;
    line.pts = {{plot.x, py}, {plot.Right(), py}};
    line.stroke = Ink{Role::kGrid, 0, 1};
    scene.Add(line);
    TextSpec spec{labels[i], font, Align::kRight};
    scene.Text(spec, m.PlaceCentered(spec, label_right, py), Muted());
  }
}

double AddXGrid(Scene& scene, TextMeasurer& m, const Scale& x, const std::vector<double>& ticks,
                const std::vector<std::string>& labels, const Rect& plot, double chart_width,
                std::vector<TextBox>* drawn, std::vector<size_t>* drawn_ticks) {
  const Font font = Body(m);
  struct Tick {
    size_t index;
    TextSpec spec;
    TextBox box;
  };
  std::vector<Tick> inside;
  for (size_t i = 0; i < ticks.size(); ++i) {
    double px = std::round(x(ticks[i]));
    if (px < plot.x - 0.5 || px > plot.Right() + 0.5) continue;
    LineItem line;
    line.pts = {{px, plot.y}, {px, plot.Bottom()}};
    line.stroke = Ink{Role::kGrid, 0, 1};
    scene.Add(line);
    TextSpec spec{labels[i], font, Align::kCenter};
    TextMetrics tm = m.Measure(spec);
    TextBox box = m.Place(spec, px, plot.Bottom() + 6 + tm.baseline);
    // Keep the label inside the chart.
    double shift = 0;
    if (box.box.x < 4) shift = 4 - box.box.x;
    if (box.box.Right() > chart_width - 4) shift = chart_width - 4 - box.box.Right();
    box.box.x += shift;
    inside.push_back({i, spec, box});
  }
  // The smallest stride k such that every k-th label clears its neighbour.
  size_t stride = 1;
  for (; stride < std::max<size_t>(inside.size(), 1); ++stride) {
    bool ok = true;
    for (size_t i = stride; i < inside.size(); i += stride) {
      if (inside[i - stride].box.box.Right() + 8 > inside[i].box.box.x) ok = false;
    }
    if (ok) break;
  }
  double bottom = plot.Bottom();
  for (size_t i = 0; i < inside.size(); i += stride) {
    scene.Text(inside[i].spec, inside[i].box, Muted());
    bottom = std::max(bottom, inside[i].box.box.Bottom());
    if (drawn) drawn->push_back(inside[i].box);
    if (drawn_ticks) drawn_ticks->push_back(inside[i].index);
  }
  return bottom;
}

Rect RotatedBounds(const TextMetrics& tm, Align align, double x, double baseline,
                   double angle_deg) {
  double left = align == Align::kLeft ? 0 : align == Align::kCenter ? -tm.width / 2 : -tm.width;
  double a = angle_deg * M_PI / 180, c = std::cos(a), s = std::sin(a);
  double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
  for (double u : {left, left + tm.width}) {
    for (double v : {-tm.baseline, tm.height - tm.baseline}) {
      double px = x + u * c - v * s, py = baseline + u * s + v * c;
      x0 = std::min(x0, px), x1 = std::max(x1, px), y0 = std::min(y0, py), y1 = std::max(y1, py);
    }
  }
  return {x0, y0, x1 - x0, y1 - y0};
}

void AddAxisTitle(Scene& scene, TextMeasurer& m, const std::string& text, double x, double y_top,
                  double max_w, Align align, double* bottom) {
  if (text.empty()) return;
  TextSpec spec{text, Body(m), align, max_w, 1};
  TextMetrics tm = m.Measure(spec);
  double ax = align == Align::kLeft ? x : align == Align::kCenter ? x + max_w / 2 : x + max_w;
  TextBox box = m.Place(spec, ax, y_top + tm.baseline);
  scene.Text(spec, box, Muted());
  if (bottom) *bottom = std::max(*bottom, box.box.Bottom());
}

std::vector<LabelPlacement> PlaceLabels(const std::vector<LabelRequest>& requests,
                                        const std::vector<Rect>& obstacles, const Rect& bounds,
                                        double gap) {
  std::vector<LabelPlacement> out(requests.size());
  std::vector<Rect> taken = obstacles;
  for (size_t i = 0; i < requests.size(); ++i) {
    const LabelRequest& q = requests[i];
    const double d = q.radius + gap;
    const double ax = q.anchor.x, ay = q.anchor.y, w = q.w, h = q.h, k = d * 0.71;
    std::vector<std::pair<Rect, bool>> candidates = {
        {{ax + d, ay - h / 2, w, h}, false},      // E
        {{ax - d - w, ay - h / 2, w, h}, false},  // W
        {{ax + k, ay - k - h, w, h}, false},      // NE
        {{ax - k - w, ay - k - h, w, h}, false},  // NW
        {{ax + k, ay + k, w, h}, false},          // SE
        {{ax - k - w, ay + k, w, h}, false},      // SW
        {{ax - w / 2, ay - d - h, w, h}, false},  // N
        {{ax - w / 2, ay + d, w, h}, false},      // S
    };
    for (double ring : {d + 12, d + 24, d + 40, d + 60}) {
      for (int j = 0; j < 16; ++j) {
        double a = j * M_PI / 8;
        double c = std::cos(a), s = std::sin(a);
        double px = ax + ring * c, py = ay + ring * s;
        candidates.push_back({{px - w / 2 + c * w / 2, py - h / 2 + s * h / 2, w, h}, true});
      }
    }
    for (const auto& [box, leader] : candidates) {
      if (!bounds.Contains(box)) continue;
      bool clear = true;
      for (const Rect& t : taken) {
        if (t.Intersects(box, 1)) {
          clear = false;
          break;
        }
      }
      if (!clear) continue;
      out[i] = {true, leader, box};
      taken.push_back(box);
      break;
    }
  }
  return out;
}

std::vector<double> Declutter1D(const std::vector<double>& wish, const std::vector<double>& size,
                                double lo, double hi, double gap) {
  size_t n = wish.size();
  std::vector<double> pos = wish;
  for (size_t i = 0; i < n; ++i) {
    pos[i] = std::max(pos[i], lo);
    if (i > 0) pos[i] = std::max(pos[i], pos[i - 1] + size[i - 1] + gap);
  }
  for (size_t i = n; i-- > 0;) {
    double limit = i + 1 < n ? pos[i + 1] - gap - size[i] : hi - size[i];
    pos[i] = std::min(pos[i], limit);
  }
  for (size_t i = 0; i < n; ++i) {  // when they do not all fit, the last ones pass hi
    pos[i] = std::max(pos[i], lo);
    if (i > 0) pos[i] = std::max(pos[i], pos[i - 1] + size[i - 1] + gap);
  }
  return pos;
}

}  // namespace gg::charts::internal
