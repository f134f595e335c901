// Internal to charts/: pieces every chart kind shares — title, legend, axes and the greedy
// label placer.
#pragma once

#include <string>
#include <vector>

#include "charts/draw.h"
#include "charts/scale.h"

namespace gg::charts::internal {

constexpr double kPad = 12;  // outer padding of every chart

Font Body(const TextMeasurer& m);
Font BodyBold(const TextMeasurer& m);

// The title, wrapped to the chart width (at most 2 lines), when style.show_title. Returns the
// y below it (y itself when nothing is drawn). The box goes to *box when given.
double AddTitle(Scene& scene, TextMeasurer& m, const std::string& title, double y,
                TextBox* box = nullptr);

enum class SwatchKind { kBox, kHatchedBox, kLine, kMarker };
struct LegendEntry {
  static LegendEntry Make(std::string label, SwatchKind kind, Ink ink) {
    LegendEntry e;
    e.label = std::move(label);
    e.kind = kind;
    e.ink = ink;
    return e;
  }
  static LegendEntry Box(std::string label, Ink ink) {
    return Make(std::move(label), SwatchKind::kBox, ink);
  }
  static LegendEntry Hatched(std::string label, Ink ink) {
    return Make(std::move(label), SwatchKind::kHatchedBox, ink);
  }
  static LegendEntry Line(std::string label, Ink ink, std::vector<double> dash = {}) {
    LegendEntry e = Make(std::move(label), SwatchKind::kLine, ink);
    e.dash = std::move(dash);
    return e;
  }

  std::string label;
  SwatchKind kind = SwatchKind::kBox;
  Ink ink;                   // fill of boxes, stroke of lines
  std::vector<double> dash;  // lines
  bool marker = false;       // lines: draw a marker in the middle
  MarkerShape shape = MarkerShape::kCircle;
  bool hollow_marker = false;
  std::string swatch_text;      // boxes: drawn inside a wider swatch (fit matrix symbols)
  bool dashed_outline = false;  // boxes: dashed axis-coloured border
};
// Flows the entries left to right from (x, y), wrapping at x + max_w. Returns the height used
// (0 for no entries). Label boxes are appended to *boxes when given.
double AddLegend(Scene& scene, TextMeasurer& m, const std::vector<LegendEntry>& entries, double x,
                 double y, double max_w, std::vector<TextBox>* boxes = nullptr);

// Formats every tick with `format` (DefaultNumberFormat when empty).
std::vector<std::string> FormatTicks(const std::vector<double>& values, const NumberFormat& format);
double MaxTextWidth(TextMeasurer& m, const std::vector<std::string>& texts, Font font);

// Horizontal grid lines with labels right-aligned at label_right, for ticks inside plot.
void AddYGrid(Scene& scene, TextMeasurer& m, const Scale& y, const std::vector<double>& ticks,
              const std::vector<std::string>& labels, const Rect& plot, double label_right);
// Vertical grid lines with labels centred below plot (dropping labels that would collide,
// keeping the first and every k-th). Returns the y below the labels; the labels drawn and the
// indices of their ticks go to *drawn and *drawn_ticks when given.
double AddXGrid(Scene& scene, TextMeasurer& m, const Scale& x, const std::vector<double>& ticks,
                const std::vector<std::string>& labels, const Rect& plot, double chart_width,
                std::vector<TextBox>* drawn = nullptr, std::vector<size_t>* drawn_ticks = nullptr);
// Bounds of text measured as `tm`, anchored at (x, baseline) with `align` and rotated by
// angle_deg about the anchor (as TextItem draws it).
Rect RotatedBounds(const TextMetrics& tm, Align align, double x, double baseline, double angle_deg);

// The axis title in muted text, left-aligned at (x, baseline).
void AddAxisTitle(Scene& scene, TextMeasurer& m, const std::string& text, double x, double y_top,
                  double max_w, Align align, double* bottom);

// The header of a chart with a value axis on the left: the title, the legend under it (label
// boxes to *legend_boxes) and the axis title (when not empty), each across the chart width.
// Returns the y where the plot starts.
double AddHeader(Scene& scene, TextMeasurer& m, const std::string& title,
                 const std::vector<LegendEntry>& legend, const std::string& axis_title,
                 std::vector<TextBox>* legend_boxes);

// Greedy label placement. Each request is a label of size (w, h) for an anchor point; the
// candidates are the 8 positions around the anchor at `gap` from a circle of `radius`, then
// rings further out (drawn with a leader line). A candidate is accepted when it lies inside
// `bounds` and overlaps no obstacle and no label placed before. Requests are served in order.
struct LabelRequest {
  Point anchor;
  double w = 0;
  double h = 0;
  double radius = 4;  // the marker's extent around the anchor
};
struct LabelPlacement {
  bool placed = false;
  bool leader = false;  // placed on an outer ring: draw a line from the anchor
  Rect box;
};
std::vector<LabelPlacement> PlaceLabels(const std::vector<LabelRequest>& requests,
                                        const std::vector<Rect>& obstacles, const Rect& bounds,
                                        double gap = 3);

// Spreads 1-D intervals [pos[i], pos[i] + size[i]) so they do not overlap, keeping each as
// close to its wish as possible and inside [lo, hi] when they fit (when they do not, the
// last ones pass hi). Wishes must be sorted; the order is preserved.
std::vector<double> Declutter1D(const std::vector<double>& wish, const std::vector<double>& size,
                                double lo, double hi, double gap);

}  // namespace gg::charts::internal
