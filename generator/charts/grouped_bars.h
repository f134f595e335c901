// Horizontal grouped bars: categories (GPU names, top to bottom in the given order) × series
// (e.g. "8-bit inference", "16-bit inference", "16-bit training"). Used for relative
// performance and performance per dollar.
#pragma once

#include <string>
#include <vector>

#include "charts/common.h"

namespace gg::charts {

struct BarValue {
  double value = 0;        // >= 0; NaN means "no data" (no bar, spec.missing_label instead)
  bool estimated = false;  // drawn hatched, outlined, label prefixed with estimated_prefix
};

struct GroupedBarsSpec {
  std::string title;        // <title>, and drawn at the top when style.show_title
  std::string description;  // <desc>
  std::vector<std::string> categories;
  std::vector<std::string> series;            // legend labels, in bar order within a group
  std::vector<std::vector<BarValue>> values;  // [category][series]; missing cells = no data
  int baseline_category = -1;    // highlighted (band behind the group, bold label); -1: none
  std::string value_axis_title;  // above the bars, e.g. "Relative performance (RTX 3090 = 1)"
  std::string estimated_label;   // legend entry for hatched bars (shown when one is estimated)
  std::string estimated_prefix = "≈ ";
  std::string missing_label = "—";
  NumberFormat format;  // ticks and value labels; empty: DefaultNumberFormat
};

struct GroupedBarsLayout {
  struct Bar {
    int category = 0;
    int series = 0;
    double value = 0;
    bool estimated = false;
    bool missing = false;
    Rect rect;      // zero width when missing
    TextBox label;  // value label at the bar end
  };
  Rect plot;               // the bar area (value axis from plot.x)
  double px_per_unit = 0;  // bar length = value × px_per_unit (negative values: 0)
  std::vector<Bar> bars;   // category-major, series-minor
  std::vector<TextBox> category_labels;
  std::vector<TextBox> legend;
};

// Pure layout (measures text, draws nothing).
GroupedBarsLayout Layout(const GroupedBarsSpec& spec, const Style& style);
Rendered<GroupedBarsLayout> Render(const GroupedBarsSpec& spec, const Style& style);

}  // namespace gg::charts
