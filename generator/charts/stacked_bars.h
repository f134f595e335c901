// Memory breakdown: vertical bars (precisions or training modes) stacked from segments
// (weights, KV cache, activations, gradients, optimizer state, overhead), with horizontal
// reference lines for card capacities ("RTX 4090 · 24 GB").
#pragma once

#include <string>
#include <vector>

#include "charts/common.h"

namespace gg::charts {

struct StackedBar {
  std::string label;             // below the bar, wrapped to two lines
  std::vector<double> segments;  // per StackedBarsSpec::segment_names; NaN or <= 0: absent
};

struct ReferenceLine {
  double value = 0;
  std::string label;  // already formatted, e.g. "RTX 4090 · 24 GB"
};

struct StackedBarsSpec {
  std::string title;
  std::string description;
  std::vector<std::string> segment_names;  // bottom to top; also the legend, in this order
  std::vector<StackedBar> bars;
  std::vector<ReferenceLine> references;
  std::string value_axis_title;     // above the plot, e.g. "Memory (GB)"
  NumberFormat format;              // ticks, totals and segment values
  bool show_segment_values = true;  // inside segments tall and wide enough for the text
  bool show_totals = true;          // above each bar
};

struct StackedBarsLayout {
  struct Segment {
    int bar = 0;
    int segment = 0;
    double value = 0;
    Rect rect;
    TextBox label;  // text empty when the value does not fit inside
  };
  struct Reference {
    double value = 0;
    double y = 0;  // px of the line
    TextBox label;
  };
  Rect plot;
  double px_per_unit = 0;           // segment height = value × px_per_unit
  std::vector<Segment> segments;    // bar-major, bottom to top
  std::vector<TextBox> bar_labels;  // slanted: the bounds of the rotated text
  bool slanted_labels = false;      // bar labels drawn at 45° (they did not fit the slots)
  std::vector<TextBox> totals;      // one per bar when show_totals
  std::vector<Reference> references;
  std::vector<TextBox> legend;
};

StackedBarsLayout Layout(const StackedBarsSpec& spec, const Style& style);
Rendered<StackedBarsLayout> Render(const StackedBarsSpec& spec, const Style& style);

}  // namespace gg::charts
