// Cumulative cost of owning a GPU against renting one in the cloud: two straight lines over
// days (own: purchase price + running cost per day; cloud: hourly price × use per day), the
// break-even point marked and labelled, or a note when the lines do not cross in the horizon.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "charts/common.h"

namespace gg::charts {

struct CostLine {
  std::string name;    // legend
  double start = 0;    // cost at day 0
  double per_day = 0;  // added every day
};

struct CumulativeCostSpec {
  std::string title;
  std::string description;
  CostLine own;                   // solid line
  CostLine cloud;                 // dashed line
  double days = 3 * 365;          // horizon (> 0)
  std::vector<double> day_ticks;  // explicit x ticks; empty: multiples of 30, 90, 180 or 365 days
  std::string x_axis_title;       // below the tick labels, e.g. "Months of use"
  std::string y_axis_title;       // above the plot, e.g. "Cumulative cost (USD)"
  NumberFormat day_format;        // x tick labels from a day count (e.g. 180 → "6 mo")
  NumberFormat cost_format;       // y tick labels
  // Label at the break-even point, e.g. "Owning pays off after 14 months ($2 150)".
  std::function<std::string(double day, double cost)> break_even_label;
  std::string never_note;  // shown in the plot when the lines do not cross within the horizon
};

struct CumulativeCostLayout {
  Rect plot;
  std::vector<Point> own_line;  // end points in px
  std::vector<Point> cloud_line;
  std::optional<double> break_even_day;  // in (0, days], when the lines cross there
  double break_even_cost = 0;
  Point break_even_point;  // px
  TextBox note;            // the break-even label, or never_note; empty text when none
  std::vector<TextBox> legend;
};

// Day at which `cloud` has cost as much as `own`, when that is in (0, horizon]; nullopt when
// the lines never cross there (parallel, crossing before day 0 or after the horizon).
std::optional<double> BreakEvenDay(const CostLine& own, const CostLine& cloud, double horizon);

CumulativeCostLayout Layout(const CumulativeCostSpec& spec, const Style& style);
Rendered<CumulativeCostLayout> Render(const CumulativeCostSpec& spec, const Style& style);

}  // namespace gg::charts
