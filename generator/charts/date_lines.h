// Lines over dates (price history): one line per series (e.g. new, used) through dated
// observations, with a marker on every observation. Series differ by colour, dash pattern and
// marker shape. Estimated observations get a hollow marker, explained in the legend.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "charts/common.h"
#include "charts/scale.h"

namespace gg::charts {

struct DatedValue {
  std::string date;  // "YYYY-MM-DD"
  double value = 0;
  bool estimated = false;  // drawn as a hollow marker
};

struct DateSeries {
  std::string name;                // legend
  std::vector<DatedValue> points;  // any order; drawn sorted by date
};

// Formats a tick date for the page's locale; `unit` says which parts matter ("2024" for
// kYear, "Mar 2024" for kMonth, "5 Mar" for kDay).
using DateFormat = std::function<std::string(const std::string& iso_date, DateUnit unit)>;

struct DateLinesSpec {
  std::string title;
  std::string description;
  std::vector<DateSeries> series;
  std::string value_axis_title;  // above the plot, e.g. "Price (USD)"
  NumberFormat format;           // value ticks; empty: DefaultNumberFormat
  DateFormat date_format;        // empty: ISO ("2024", "2024-03", "2024-03-05")
  bool y_from_zero = true;
  // Legend of the hollow markers of estimated values; shown when a point is estimated.
  std::string estimated_label;
};

struct DateLinesLayout {
  Rect plot;
  // Per series, the observations kept (valid date, finite value), sorted by date.
  std::vector<std::vector<Point>> points;
  std::vector<std::vector<int>> days;  // matching days since 1970-01-01
  std::vector<std::vector<bool>> estimated;  // matching: drawn hollow
  std::vector<DateTick> x_ticks;       // ticks whose labels are drawn
  std::vector<TextBox> x_labels;
  std::vector<TextBox> legend;
  std::vector<std::string> problems;  // e.g. "series 'used': invalid date '2024-13-01'"
};

DateLinesLayout Layout(const DateLinesSpec& spec, const Style& style);
Rendered<DateLinesLayout> Render(const DateLinesSpec& spec, const Style& style);

}  // namespace gg::charts
