// Price (x) against performance (y), one labelled point per GPU, with the Pareto frontier —
// the points no other point beats on both price and performance — drawn as a step line.
#pragma once

#include <string>
#include <vector>

#include "charts/common.h"

namespace gg::charts {

struct ScatterPoint {
  double x = 0;  // price (> 0 on a log axis)
  double y = 0;  // performance
  std::string label;
  bool on_frontier = false;  // computed by the caller (calc/); checked, see rejected_frontier
};

struct ScatterSpec {
  std::string title;
  std::string description;
  std::vector<ScatterPoint> points;
  bool log_x = false;
  bool y_from_zero = true;
  std::string x_axis_title;  // below the x tick labels, right-aligned
  std::string y_axis_title;  // above the plot, left-aligned
  NumberFormat x_format;     // empty: DefaultNumberFormat
  NumberFormat y_format;
  std::string frontier_label;    // legend entry for the frontier; empty: no legend entry
  std::string point_label;       // legend entry for other points; empty: no legend entry
  bool frontier_steps = true;    // steps (best y for a budget); false: straight segments
  double max_label_width = 150;  // longer labels are ellipsised
};

struct ScatterLayout {
  struct Label {
    int point = 0;
    TextBox text;
    bool leader = false;  // placed away from the point, joined by a leader line
  };
  Rect plot;
  std::vector<Point> points;           // pixel centres, same order as spec.points
  std::vector<bool> drawn;             // false: skipped (non-finite, or x <= 0 on a log axis)
  std::vector<int> frontier;           // points drawn on the frontier, by increasing x
  std::vector<int> rejected_frontier;  // flagged on_frontier but dominated: drawn as ordinary
  std::vector<Point> frontier_path;    // the frontier polyline in px
  std::vector<Rect> markers;           // marker boxes, same order as spec.points
  std::vector<Label> labels;           // placed labels (never overlapping each other or markers)
  std::vector<int> dropped_labels;     // points whose label found no free place
  std::vector<TextBox> legend;
};

// True when `a` is at least as cheap and at least as fast as `b`, and better in one.
bool Dominates(const ScatterPoint& a, const ScatterPoint& b);

ScatterLayout Layout(const ScatterSpec& spec, const Style& style);
Rendered<ScatterLayout> Render(const ScatterSpec& spec, const Style& style);

}  // namespace gg::charts
